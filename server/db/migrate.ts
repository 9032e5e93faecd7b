import type { Kysely } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import type { AppDatabase } from './database';
import { migrations as appMigrations } from './migrations';

export interface MigrationOutcome {
  applied: string[];
}

/**
 * Brings the schema up to date. Safe to run any number of times and from several processes
 * at once: on PostgreSQL Kysely holds a table lock while it migrates.
 */
export async function migrateToLatest(
  database: AppDatabase,
  migrations: Record<string, Migration> = appMigrations,
): Promise<MigrationOutcome> {
  await database.ping();
  // Kysely's lock on SQLite only guards one connection. When two processes migrate one file at
  // once, the loser fails on a table the winner just made; a second pass then sees the
  // migration recorded and has nothing left to do. A genuinely broken migration fails again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await runMigrator(database, migrations);
    } catch (error) {
      if (database.engine !== 'sqlite' || attempt >= 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

async function runMigrator(
  database: AppDatabase,
  migrations: Record<string, Migration>,
): Promise<MigrationOutcome> {
  const migrator = new Migrator({
    db: database.db as unknown as Kysely<unknown>,
    // Named explicitly: otherwise Kysely looks for its lock table in every schema and may find
    // another schema's (several stores or test files sharing one database), then fail.
    migrationTableSchema: database.postgres?.schema,
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
