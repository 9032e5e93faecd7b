import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/logger';
import { createJobQueue } from '../../server/jobs';
import { defineQueue, type JobQueue } from '../../server/jobs/queue';
import { openMigratedTestDatabase, testEngines } from '../support/test-database';

const logger = createLogger({ level: 'silent', pretty: false });
const quick = {
  retryDelaySeconds: 1,
  retryDelayMaxSeconds: 1,
  expireInSeconds: 30,
  keepFinishedSeconds: 3600,
};

describe.each(testEngines)('the job queue on %s', (engine) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function open(): Promise<{
    jobs: JobQueue;
    db: Awaited<ReturnType<typeof openMigratedTestDatabase>>;
  }> {
    const db = await openMigratedTestDatabase(engine);
    cleanups.push(() => db.cleanup());
    const jobs = await createJobQueue(db.database, logger);
    cleanups.push(() => jobs.stop(2_000));
    return { jobs, db };
  }

  it('runs each job once, with its data, and lists it as completed', async () => {
    const { jobs } = await open();
    const queue = defineQueue<{ n: number }>('test.once', { retryLimit: 2, ...quick });
    const seen: number[] = [];
    await jobs.work(queue, async ({ n }) => void seen.push(n), { concurrency: 3 });
    for (let n = 0; n < 20; n++) await jobs.send(queue, { n });
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(20);
    expect([...seen].sort((a, b) => a - b)).toEqual([...Array(20).keys()]);
    await expect.poll(async () => (await jobs.counts()).completed, { timeout: 10_000 }).toBe(20);
    const page = await jobs.list({ states: ['completed'], limit: 5, offset: 0 });
    expect(page.total).toBe(20);
    expect(page.jobs).toHaveLength(5);
    expect(page.jobs[0]).toMatchObject({ queue: 'test.once', state: 'completed', attempts: 1, error: null });
  });

  it('retries a failing job with its error kept, fails it after the limit, and runs it again when asked', async () => {
    const { jobs } = await open();
    const queue = defineQueue<{ word: string }>('test.flaky', { retryLimit: 1, ...quick });
    let tries = 0;
    let healthy = false;
    await jobs.work(queue, async () => {
      tries++;
      if (!healthy) throw new Error('The far end said no.');
    });
    const id = await jobs.send(queue, { word: 'hello' });
    await expect.poll(async () => (await jobs.counts()).failed, { timeout: 15_000 }).toBe(1);
    expect(tries).toBe(2);
    const [failed] = (await jobs.list({ states: ['failed'], limit: 10, offset: 0 })).jobs;
    expect(failed).toMatchObject({ id, state: 'failed', attempts: 2, data: { word: 'hello' } });
    expect(failed?.error).toContain('The far end said no.');

    healthy = true;
    expect(await jobs.retry('test.flaky', id ?? '')).toBe(true);
    await expect.poll(async () => (await jobs.counts()).completed, { timeout: 15_000 }).toBe(1);
    expect(tries).toBe(3);
    // Only a failed job can be retried.
    expect(await jobs.retry('test.flaky', id ?? '')).toBe(false);
  });

  it('keeps a job sent in a transaction only if the transaction commits', async () => {
    const { jobs, db } = await open();
    const queue = defineQueue<{ n: number }>('test.trx', { retryLimit: 0, ...quick });
    await db.database.db.transaction().execute(async (trx) => {
      await jobs.send(queue, { n: 1 }, { trx });
    });
    await db.database.db
      .transaction()
      .execute(async (trx) => {
        await jobs.send(queue, { n: 2 }, { trx });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const listed = await jobs.list({ queue: 'test.trx', limit: 10, offset: 0 });
    expect(listed.jobs.map((job) => job.data)).toEqual([{ n: 1 }]);
  });

  it('keeps one job per throttling key and slot, however many instances offer it', async () => {
    const { jobs } = await open();
    const queue = defineQueue<Record<string, never>>('test.throttle', {
      retryLimit: 0,
      singleton: true,
      ...quick,
    });
    const ids = await Promise.all(
      Array.from({ length: 5 }, () => jobs.send(queue, {}, { singletonKey: 'sweep', singletonSeconds: 60 })),
    );
    expect(ids.filter(Boolean)).toHaveLength(1);
  });

  it('lets a running job finish on stop, and hands back one still running at the timeout', async () => {
    const { jobs, db } = await open();
    const queue = defineQueue<{ n: number }>('test.stop', { retryLimit: 3, ...quick });
    const started: number[] = [];
    const finished: number[] = [];
    const aborted = new Set<number>();
    await jobs.work(
      queue,
      async ({ n }, { signal }) => {
        started.push(n);
        signal.addEventListener('abort', () => aborted.add(n));
        // Job 1 is short; job 2 outlives the stop's timeout.
        await new Promise((resolve) => setTimeout(resolve, n === 1 ? 300 : 4_000));
        finished.push(n);
      },
      { concurrency: 2 },
    );
    await jobs.send(queue, { n: 1 });
    await jobs.send(queue, { n: 2 });
    await expect.poll(() => started.length, { timeout: 10_000 }).toBe(2);
    await jobs.stop(1_500);
    expect(finished).toEqual([1]);
    // Told to stop (pg-boss also aborts a finished job's signal, which means nothing then).
    expect(aborted.has(2)).toBe(true);
    // Read with another queue on the same database: the first one's pool is closed.
    const reader = await createJobQueue(db.database, logger);
    cleanups.push(() => reader.stop(2_000));
    const listed = await reader.list({ queue: 'test.stop', limit: 10, offset: 0 });
    const state = (n: number) => listed.jobs.find((job) => (job.data as { n: number }).n === n)?.state;
    expect(state(1)).toBe('completed');
    // Handed back: to be tried again by the next worker, not left running until it expires.
    expect(state(2)).toBe('retry');
  });

  it('runs one job of a singleton queue at a time', async () => {
    const { jobs } = await open();
    const queue = defineQueue<{ n: number }>('test.single', { retryLimit: 0, singleton: true, ...quick });
    let running = 0;
    let most = 0;
    let done = 0;
    await jobs.work(queue, async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 30));
      running--;
      done++;
    });
    for (let n = 0; n < 5; n++) await jobs.send(queue, { n });
    await expect.poll(() => done, { timeout: 20_000 }).toBe(5);
    expect(most).toBe(1);
  });
});
