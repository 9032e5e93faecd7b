import { CompiledQuery, type Kysely } from 'kysely';
import { type Db as IDatabase, PgBoss } from 'pg-boss';
import type { DatabaseSchema } from '../db/schema';
import type { Logger } from '../logger';
import {
  DEPTH_STATES,
  type JobQueue,
  type JobState,
  type JobSummary,
  type QueueDefinition,
  type QueueDepth,
} from './queue';

/** pg-boss's tables live beside the store's: `<schema>_jobs`, or `pgboss` for the default schema. */
export function jobSchemaName(appSchema: string | undefined): string {
  return appSchema ? `${appSchema}_jobs` : 'pgboss';
}

const ALL_STATES: JobState[] = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'];

/**
 * The job queue on PostgreSQL: pg-boss (docs/decisions/0021), on a small pool of its own.
 * Sends inside a store transaction go through that transaction's connection, so a job and the
 * rows it belongs to commit together.
 */
export async function createPgBossJobQueue(options: {
  url: string;
  appSchema: string | undefined;
  logger: Logger;
  db: Kysely<DatabaseSchema>;
}): Promise<JobQueue> {
  const { logger, db } = options;
  const schema = jobSchemaName(options.appSchema);
  const boss = new PgBoss({
    connectionString: options.url,
    schema,
    max: 4,
    application_name: 'medisupply-jobs',
    // Intervals are ours: the store schedules with throttled sends, not pg-boss's cron.
    schedule: false,
    // Expired and silent (heartbeat) jobs are found this often: a crashed campaign resumes in seconds.
    monitorIntervalSeconds: 5,
    superviseIntervalSeconds: 5,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();

  const queues = new Map<string, Promise<void>>();
  const workers = new Map<string, string[]>();
  const ensureQueue = (definition: QueueDefinition<object>) => {
    let ready = queues.get(definition.name);
    if (!ready) {
      const { settings } = definition;
      const queueOptions = {
        policy: settings.singleton ? 'singleton' : 'standard',
        retryLimit: settings.retryLimit,
        retryDelay: settings.retryDelaySeconds,
        retryBackoff: true,
        retryDelayMax: settings.retryDelayMaxSeconds,
        expireInSeconds: settings.expireInSeconds,
        deleteAfterSeconds: settings.keepFinishedSeconds,
        ...(settings.heartbeatSeconds ? { heartbeatSeconds: settings.heartbeatSeconds } : {}),
      } as const;
      ready = (async () => {
        await boss.createQueue(definition.name, queueOptions);
        // An existing queue takes the settings of this release.
        const { policy: _policy, ...changeable } = queueOptions;
        await boss.updateQueue(definition.name, changeable);
      })();
      ready.catch(() => queues.delete(definition.name));
      queues.set(definition.name, ready);
    }
    return ready;
  };

  const table = `"${schema}".job`;

  return {
    engine: 'pg-boss',
    async send(definition, data, sendOptions = {}) {
      await ensureQueue(definition as QueueDefinition<object>);
      const id = await boss.send(definition.name, data, {
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.singletonSeconds ? { singletonSeconds: sendOptions.singletonSeconds } : {}),
        ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
        ...(sendOptions.trx ? { db: transactionAdapter(sendOptions.trx) } : {}),
      });
      // A worker on this instance starts at once instead of at its next poll.
      if (id && !sendOptions.trx)
        for (const worker of workers.get(definition.name) ?? []) boss.notifyWorker(worker);
      return id;
    },
    async work(definition, handler, workOptions = {}) {
      await ensureQueue(definition as QueueDefinition<object>);
      const worker = await boss.work<object>(
        definition.name,
        {
          localConcurrency: definition.settings.singleton ? 1 : (workOptions.concurrency ?? 1),
          // A send on this instance wakes its worker at once (notifyWorker); this is for the rest.
          pollingIntervalSeconds: 2,
        },
        async ([job]) => {
          if (!job) return;
          await handler(job.data as never, {
            id: job.id,
            attempt: job.retryCount + 1,
            // The queue's settings are this release's (updateQueue above), as the job's are.
            final: job.retryCount >= definition.settings.retryLimit,
            signal: job.signal,
          });
        },
      );
      workers.set(definition.name, [...(workers.get(definition.name) ?? []), worker]);
    },
    async list(filter) {
      const where: string[] = [];
      const values: unknown[] = [];
      if (filter.states) {
        values.push(filter.states);
        where.push(`state::text = any($${values.length})`);
      }
      if (filter.queue) {
        values.push(filter.queue);
        where.push(`name = $${values.length}`);
      }
      const clause = where.length ? `where ${where.join(' and ')}` : '';
      const rows = await db.executeQuery<PgJobRow>(
        CompiledQuery.raw(
          `select id, name, state::text as state, data, retry_count, retry_limit, created_on,
             started_on, completed_on, start_after, output
           from ${table} ${clause}
           order by created_on desc, id desc limit ${Number(filter.limit)} offset ${Number(filter.offset)}`,
          values,
        ),
      );
      const count = await db.executeQuery<{ n: string }>(
        CompiledQuery.raw(`select count(*) as n from ${table} ${clause}`, values),
      );
      return { jobs: rows.rows.map(toSummary), total: Number(count.rows[0]?.n ?? 0) };
    },
    async counts() {
      const rows = await db.executeQuery<{ state: JobState; n: string }>(
        CompiledQuery.raw(`select state::text as state, count(*) as n from ${table} group by state`),
      );
      const counts = Object.fromEntries(ALL_STATES.map((state) => [state, 0])) as Record<JobState, number>;
      for (const row of rows.rows) counts[row.state] = Number(row.n);
      return counts;
    },
    async depth() {
      const rows = await db.executeQuery<{ queue: string; state: QueueDepth['state']; n: string }>(
        CompiledQuery.raw(
          `select name as queue, state::text as state, count(*) as n from ${table}
           where state = any($1::text[]::"${schema}".job_state[]) group by name, state`,
          [DEPTH_STATES],
        ),
      );
      return rows.rows.map((row) => ({ queue: row.queue, state: row.state, count: Number(row.n) }));
    },
    async retry(queue, id, options = {}) {
      const found = await (options.trx ?? db).executeQuery<{ state: string }>(
        CompiledQuery.raw(`select state::text as state from ${table} where name = $1 and id = $2`, [
          queue,
          id,
        ]),
      );
      if (found.rows[0]?.state !== 'failed') return false;
      // The typings leave the answer's fields out; pg-boss returns { affected }.
      const result = (await boss.retry(
        queue,
        id,
        options.trx ? { db: transactionAdapter(options.trx) } : {},
      )) as { affected?: number };
      return (result.affected ?? 0) > 0;
    },
    async stop(timeoutMs = 10_000) {
      await boss.stop({ graceful: true, timeout: timeoutMs });
    },
  };
}

interface PgJobRow {
  id: string;
  name: string;
  state: JobState;
  data: unknown;
  retry_count: number;
  retry_limit: number;
  created_on: Date;
  started_on: Date | null;
  completed_on: Date | null;
  start_after: Date;
  output: { message?: unknown } | null;
}

function toSummary(row: PgJobRow): JobSummary {
  const message = row.output && typeof row.output.message === 'string' ? row.output.message : null;
  const started = row.started_on !== null;
  return {
    id: row.id,
    queue: row.name,
    state: row.state,
    data: row.data,
    // pg-boss counts retries; the console counts tries.
    attempts: row.state === 'created' ? 0 : row.retry_count + (started ? 1 : 0),
    retryLimit: row.retry_limit,
    createdAt: row.created_on.getTime(),
    startedAt: row.started_on?.getTime() ?? null,
    finishedAt: row.completed_on?.getTime() ?? null,
    startAfter: row.start_after.getTime(),
    error: row.state === 'completed' ? null : message,
  };
}

/** pg-boss's statements, run on a store transaction's connection. */
function transactionAdapter(trx: Kysely<DatabaseSchema>): IDatabase {
  return {
    async executeSql(text: string, values?: unknown[]) {
      const result = await trx.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows as unknown[] };
    },
  };
}
