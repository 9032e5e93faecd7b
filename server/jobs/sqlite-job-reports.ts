import type { Kysely, Selectable } from 'kysely';
import type { DatabaseSchema, JobTable } from '../db/schema';
import { DEPTH_STATES, type JobListFilter, type JobState, type JobSummary, type QueueDepth } from './queue';

// What the console reads about the SQLite queue's jobs: read-only queries, apart from the queue's
// own workings in sqlite-queue.ts.

type Db = Kysely<DatabaseSchema>;

const ALL_STATES: JobState[] = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'];

export async function listJobs(
  db: Db,
  filter: JobListFilter,
): Promise<{ jobs: JobSummary[]; total: number }> {
  let query = db.selectFrom('jobs');
  if (filter.states) query = query.where('state', 'in', [...filter.states]);
  if (filter.queue) query = query.where('queue', '=', filter.queue);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { jobs: rows.map(toSummary), total: Number(count.n) };
}

export async function countJobsByState(db: Db): Promise<Record<JobState, number>> {
  const rows = await db
    .selectFrom('jobs')
    .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('state')
    .execute();
  const counts = Object.fromEntries(ALL_STATES.map((state) => [state, 0])) as Record<JobState, number>;
  for (const row of rows) counts[row.state as JobState] = Number(row.n);
  return counts;
}

export async function queueDepth(db: Db): Promise<QueueDepth[]> {
  const rows = await db
    .selectFrom('jobs')
    .select(['queue', 'state', (eb) => eb.fn.countAll<number>().as('n')])
    .where('state', 'in', DEPTH_STATES)
    .groupBy(['queue', 'state'])
    .execute();
  return rows.map((row) => ({
    queue: row.queue,
    state: row.state as QueueDepth['state'],
    count: Number(row.n),
  }));
}

function toSummary(row: Selectable<JobTable>): JobSummary {
  return {
    id: row.id,
    queue: row.queue,
    state: row.state as JobState,
    data: JSON.parse(row.data) as unknown,
    attempts: row.attempts,
    retryLimit: row.retry_limit,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    startAfter: row.start_after,
    error: row.error,
  };
}
