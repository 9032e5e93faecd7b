import type { AppDatabase } from '../db/database';
import type { Logger } from '../logger';
import { createPgBossJobQueue } from './pg-boss-queue';
import type { JobQueue } from './queue';
import { createSqliteJobQueue } from './sqlite-queue';

/** pg-boss on PostgreSQL, the in-process queue on SQLite: one interface (docs/decisions/0021). */
export async function createJobQueue(database: AppDatabase, logger: Logger): Promise<JobQueue> {
  if (database.postgres) {
    return createPgBossJobQueue({
      url: database.postgres.url,
      appSchema: database.postgres.schema,
      logger,
      db: database.db,
    });
  }
  return createSqliteJobQueue(database.db, logger);
}
