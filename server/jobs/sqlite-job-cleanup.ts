import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import type { JobState } from './queue';

const FINISHED: JobState[] = ['completed', 'failed', 'cancelled'];
/** Finished jobs deleted per statement, and the pause between two (requests' writes go first). */
const CLEANUP_BATCH_ROWS = 500;
const CLEANUP_BATCH_PAUSE_MS = 5;

/** Deletes the finished jobs kept past their keep_until, for the SQLite queue's maintenance. */
export async function deleteExpiredFinishedJobs(db: Kysely<DatabaseSchema>, now: number): Promise<void> {
  // In batches, as pg-boss deletes its own (and the retention job the store's rows): one
  // statement holds SQLite's one write lock, so a backlog must not become one long delete.
  for (;;) {
    const result = await db
      .deleteFrom('jobs')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('jobs')
          .select('id')
          .where('keep_until', '<', now)
          .where('state', 'in', FINISHED)
          .limit(CLEANUP_BATCH_ROWS),
      )
      .executeTakeFirst();
    if (Number(result.numDeletedRows) < CLEANUP_BATCH_ROWS) break;
    await sleep(CLEANUP_BATCH_PAUSE_MS);
  }
}
