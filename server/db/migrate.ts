import type { Kysely } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import type { AppDatabase } from './database';
import { migrations as appMigrations } from './migrations';

export interface MigrationOutcome {
  applied: string[];
}

/**
 * Brings the schema up to date. Safe to run any number of times and from several processes
 * at once: Kysely takes a lock (a table lock on PostgreSQL, a transaction on SQLite).
 */
export async function migrateToLatest(
  database: AppDatabase,
  migrations: Record<string, Migration> = appMigrations,
): Promise<MigrationOutcome> {
  await database.ping();
  const migrator = new Migrator({
    db: database.db as unknown as Kysely<unknown>,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((result) => result.status === 'Error');
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${cause}`.replace('  ', ' '));
  }
  return {
    applied: results.filter((r) => r.status === 'Success').map((r) => r.migrationName),
  };
}
