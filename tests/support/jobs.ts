import type { AppServices } from '../../server/types';

/**
 * Resolves when the job queue has nothing waiting or running (every queued mail sent or
 * failed): what a test awaits before it counts mails. Rejects after timeoutMs.
 */
export async function jobsSettled(services: Pick<AppServices, 'jobs'>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const counts = await services.jobs.counts();
    const busy = counts.created + counts.retry + counts.active;
    if (busy === 0) return;
    if (Date.now() > deadline)
      throw new Error(`Jobs still busy after ${timeoutMs} ms: ${JSON.stringify(counts)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
