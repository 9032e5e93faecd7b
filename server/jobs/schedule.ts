import type { Logger } from '../logger';
import type { JobQueue, QueueDefinition } from './queue';

/**
 * Offers a job of a singleton queue every `seconds` from this instance. Every instance offers
 * it; the throttling key keeps one job per interval, so N instances still run it once
 * (docs/decisions/0021). Returns stop.
 */
export function offerEvery(
  jobs: JobQueue,
  queue: QueueDefinition<Record<string, never>>,
  seconds: number,
  logger: Logger,
): () => void {
  const offer = () => {
    jobs
      .send(queue, {}, { singletonKey: queue.name, singletonSeconds: seconds })
      .catch((error: unknown) => logger.error({ err: error, queue: queue.name }, 'scheduled job not queued'));
  };
  const timer = setInterval(offer, seconds * 1000);
  timer.unref();
  // The first offer soon after start, not a whole interval later (a restart does not skip one).
  const first = setTimeout(offer, Math.min(seconds * 1000, 2_000));
  first.unref();
  return () => {
    clearInterval(timer);
    clearTimeout(first);
  };
}
