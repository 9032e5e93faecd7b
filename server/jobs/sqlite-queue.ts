import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Kysely, Selectable } from 'kysely';
import type { DatabaseSchema, JobTable } from '../db/schema';
import type { Logger } from '../logger';
import {
  failureMessage,
  type JobHandler,
  type JobQueue,
  type JobState,
  type QueueDefinition,
  type QueueSettings,
  retryDelaySeconds,
} from './queue';
import { deleteExpiredFinishedJobs } from './sqlite-job-cleanup';
import { countJobsByState, listJobs, queueDepth } from './sqlite-job-reports';

type Db = Kysely<DatabaseSchema>;
type JobRow = Selectable<JobTable>;

const POLL_MS = 1_000;
const MAINTENANCE_MS = 1_000;
const CLEANUP_EVERY_MS = 60_000;
const WAITING: JobState[] = ['created', 'retry'];
const EXPIRED = 'The job did not finish in time (its instance may have stopped).';
const STOPPING = 'The store stopped before the job finished.';

/**
 * The job queue on the embedded SQLite database: pg-boss's model (states, retries with
 * backoff, expiry, singleton queues, throttling keys) on the `jobs` table, worked in this
 * process. A claim is one UPDATE … RETURNING, so a job is taken once; a job whose process died
 * is expired after expireInSeconds (or its heartbeat) and tried again.
 */
export function createSqliteJobQueue(db: Db, logger: Logger): JobQueue {
  const wake = new EventEmitter();
  wake.setMaxListeners(0);
  const running = new Map<string, { controller: AbortController; done: Promise<void>; job: JobRow }>();
  let stopped = false;
  let lastCleanup = 0;

  const maintenance = setInterval(() => {
    void maintain().catch((error: unknown) => logger.error({ err: error }, 'job maintenance failed'));
  }, MAINTENANCE_MS);
  maintenance.unref();

  async function maintain() {
    const now = Date.now();
    const expired = await db
      .selectFrom('jobs')
      .selectAll()
      .where('state', '=', 'active')
      .where('expire_at', '<', now)
      .execute();
    for (const job of expired) {
      running.get(job.id)?.controller.abort(new Error(EXPIRED));
      await settleFailure(job, EXPIRED);
    }
    if (now - lastCleanup > CLEANUP_EVERY_MS) {
      lastCleanup = now;
      await deleteExpiredFinishedJobs(db, now);
    }
  }

  async function settleFailure(job: JobRow, message: string) {
    const now = Date.now();
    const settings = settingsFromRow(job);
    const retry = job.attempts <= job.retry_limit;
    const startAfter = now + Math.round(retryDelaySeconds(settings, job.attempts - 1) * 1000);
    const result = await db
      .updateTable('jobs')
      .set(
        retry
          ? {
              state: 'retry',
              start_after: startAfter,
              expire_at: null,
              error: message,
            }
          : {
              state: 'failed',
              finished_at: now,
              expire_at: null,
              keep_until: now + keepMs(job),
              error: message,
            },
      )
      .where('id', '=', job.id)
      .where('state', '=', 'active')
      .where('attempts', '=', job.attempts)
      .executeTakeFirst();
    // The poll would find it too; the timer only wakes a worker on time.
    if (Number(result.numUpdatedRows) > 0 && retry) setTimer(job.queue, startAfter);
  }

  function setTimer(queue: string, at: number) {
    const timer = setTimeout(() => wake.emit(queue), Math.max(0, at - Date.now()));
    timer.unref();
  }

  async function claim(definition: QueueDefinition<object>): Promise<JobRow | undefined> {
    const { name, settings } = definition;
    const now = Date.now();
    // A read first: an idle poll takes no write lock from the requests (SQLite has one writer).
    const due = await db
      .selectFrom('jobs')
      .select('id')
      .where('queue', '=', name)
      .where('state', 'in', WAITING)
      .where('start_after', '<=', now)
      .limit(1)
      .executeTakeFirst();
    if (!due) return undefined;
    const lifetime = settings.heartbeatSeconds ?? settings.expireInSeconds;
    return db
      .updateTable('jobs')
      .set((eb) => ({
        state: 'active',
        attempts: eb('attempts', '+', 1),
        started_at: now,
        expire_at: now + lifetime * 1000,
      }))
      .where('id', '=', (eb) => {
        let next = eb
          .selectFrom('jobs')
          .select('id')
          .where('queue', '=', name)
          .where('state', 'in', WAITING)
          .where('start_after', '<=', now);
        if (settings.singleton) {
          next = next.where((inner) =>
            inner.not(
              inner.exists(
                inner
                  .selectFrom('jobs as busy')
                  .select('busy.id')
                  .where('busy.queue', '=', name)
                  .where('busy.state', '=', 'active'),
              ),
            ),
          );
        }
        return next.orderBy('created_at').orderBy('id').limit(1);
      })
      .where('state', 'in', WAITING)
      .returningAll()
      .executeTakeFirst();
  }

  async function run(definition: QueueDefinition<object>, handler: JobHandler<object>, job: JobRow) {
    const controller = new AbortController();
    const { settings } = definition;
    const beat = settings.heartbeatSeconds
      ? setInterval(
          () => {
            void db
              .updateTable('jobs')
              .set({ expire_at: Date.now() + (settings.heartbeatSeconds ?? 0) * 1000 })
              .where('id', '=', job.id)
              .where('state', '=', 'active')
              .where('attempts', '=', job.attempts)
              .execute()
              .catch((error: unknown) => logger.warn({ err: error, job: job.id }, 'job heartbeat failed'));
          },
          (settings.heartbeatSeconds * 1000) / 2,
        )
      : undefined;
    beat?.unref();
    const done = (async () => {
      try {
        await handler(JSON.parse(job.data) as object, {
          id: job.id,
          attempt: job.attempts,
          final: job.attempts > job.retry_limit,
          signal: controller.signal,
        });
        const now = Date.now();
        await db
          .updateTable('jobs')
          .set({ state: 'completed', finished_at: now, expire_at: null, keep_until: now + keepMs(job) })
          .where('id', '=', job.id)
          .where('state', '=', 'active')
          .where('attempts', '=', job.attempts)
          .execute();
      } catch (error) {
        logger.warn({ err: error, queue: job.queue, job: job.id, attempt: job.attempts }, 'job failed');
        await settleFailure(job, failureMessage(error));
      } finally {
        if (beat) clearInterval(beat);
      }
    })();
    running.set(job.id, { controller, done, job });
    try {
      await done;
    } finally {
      running.delete(job.id);
    }
  }

  async function loop(definition: QueueDefinition<object>, handler: JobHandler<object>) {
    while (!stopped) {
      let job: JobRow | undefined;
      try {
        job = await claim(definition);
      } catch (error) {
        logger.error({ err: error, queue: definition.name }, 'could not take a job');
      }
      if (job) {
        await run(definition, handler, job);
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(finish, POLL_MS);
        timer.unref();
        function finish() {
          clearTimeout(timer);
          wake.off(definition.name, finish);
          wake.off('stop', finish);
          resolve();
        }
        wake.on(definition.name, finish);
        wake.on('stop', finish);
      });
    }
  }

  const loops: Promise<void>[] = [];

  return {
    engine: 'sqlite',
    async send(definition, data, options = {}) {
      const now = Date.now();
      const { settings } = definition;
      const slot =
        options.singletonKey && options.singletonSeconds
          ? `${options.singletonKey}:${Math.floor(now / (options.singletonSeconds * 1000))}`
          : options.singletonKey;
      const id = randomUUID();
      const result = await (options.trx ?? db)
        .insertInto('jobs')
        .values({
          id,
          queue: definition.name,
          data: JSON.stringify(data),
          state: 'created',
          attempts: 0,
          retry_limit: settings.retryLimit,
          retry_delay: settings.retryDelaySeconds,
          retry_delay_max: settings.retryDelayMaxSeconds,
          keep_seconds: settings.keepFinishedSeconds,
          singleton_key: slot ?? null,
          start_after: now + (options.startAfterSeconds ?? 0) * 1000,
          created_at: now,
          started_at: null,
          finished_at: null,
          expire_at: null,
          keep_until: null,
          error: null,
        })
        .onConflict((oc) => oc.columns(['queue', 'singleton_key']).doNothing())
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return null;
      wake.emit(definition.name);
      return id;
    },
    async work(definition, handler, options = {}) {
      const concurrency = definition.settings.singleton ? 1 : (options.concurrency ?? 1);
      for (let i = 0; i < concurrency; i++) {
        loops.push(
          loop(definition as QueueDefinition<object>, handler as JobHandler<object>).catch((error: unknown) =>
            logger.error({ err: error, queue: definition.name }, 'job worker stopped'),
          ),
        );
      }
    },
    list: (filter) => listJobs(db, filter),
    counts: () => countJobsByState(db),
    depth: () => queueDepth(db),
    async retry(queue, id, options = {}) {
      const result = await (options.trx ?? db)
        .updateTable('jobs')
        .set({ state: 'retry', start_after: Date.now(), finished_at: null, keep_until: null })
        .where('id', '=', id)
        .where('queue', '=', queue)
        .where('state', '=', 'failed')
        .executeTakeFirst();
      const retried = Number(result.numUpdatedRows) > 0;
      // Woken now (in a transaction, the poll finds it once committed).
      if (retried) wake.emit(queue);
      return retried;
    },
    async stop(timeoutMs = 10_000) {
      stopped = true;
      clearInterval(maintenance);
      wake.emit('stop');
      const settled = Promise.all([...running.values()].map((job) => job.done)).then(() =>
        Promise.all(loops),
      );
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      });
      await Promise.race([settled, timeout]);
      clearTimeout(timer);
      // Whatever still runs is handed back now, as pg-boss's stop does: retried (after its
      // backoff) by the next start instead of after its expiry. Its handler is told to stop; a
      // late "completed" of this attempt changes nothing (the updates name the attempt).
      for (const { controller, job } of running.values()) {
        controller.abort(new Error(STOPPING));
        await settleFailure(job, STOPPING).catch((error: unknown) =>
          logger.error({ err: error, job: job.id }, 'job not handed back'),
        );
      }
    },
  };
}

function keepMs(job: JobRow) {
  return job.keep_seconds * 1000;
}

function settingsFromRow(job: JobRow): QueueSettings {
  return {
    retryLimit: job.retry_limit,
    retryDelaySeconds: job.retry_delay,
    retryDelayMaxSeconds: job.retry_delay_max,
    expireInSeconds: 0,
    keepFinishedSeconds: job.keep_seconds,
  };
}
