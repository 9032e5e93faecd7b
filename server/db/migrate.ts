import type { Kysely } from 'kysely';
import pg from 'pg';
import { type Migration, Migrator } from 'kysely/migration';
import type { AppDatabase } from './database';
import { migrations as appMigrations } from './migrations';

export interface MigrationOutcome {
  applied: string[];
}

export interface MigrateOptions {
  migrations?: Record<string, Migration>;
  /**
   * Told as each migration's `up` finishes (`npm run db:migrate` prints it). They all run in one
   * transaction: should a later one fail, none is kept.
   */
  onApplied?: (name: string, ms: number) => void;
}

/** A migration and when it was applied; `appliedAt` is undefined while it is pending. */
export interface MigrationState {
  name: string;
  appliedAt?: Date;
}

/**
 * Brings the schema up to date. Safe to run any number of times and from several processes
 * at once: on PostgreSQL Kysely holds a table lock while it migrates.
 */
export async function migrateToLatest(
  database: AppDatabase,
  { migrations: given = appMigrations, onApplied }: MigrateOptions = {},
): Promise<MigrationOutcome> {
  const migrations = onApplied ? timed(given, onApplied) : given;
  await database.ping();
  if (database.postgres) {
    return withSchemaDropsHeld(database.postgres.url, () => runMigrator(database, migrations));
  }
  // Kysely's lock on SQLite only guards one connection. When two processes migrate one file at
  // once, the loser read the applied migrations before the winner's transaction (all of them in
  // one) committed, and fails on a table the winner made; a later pass sees them recorded and
  // has nothing left to do. The winner may take a second or more on a loaded machine with every
  // migration to run: up to 8 passes over about 3.6 s. A genuinely broken migration fails again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await runMigrator(database, migrations);
    } catch (error) {
      if (database.engine !== 'sqlite' || attempt >= 8) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/** Every migration, applied or pending, in order; reads only (db:status). */
export async function migrationStates(
  database: AppDatabase,
  migrations: Record<string, Migration> = appMigrations,
): Promise<MigrationState[]> {
  await database.ping();
  const read = async () =>
    (await createMigrator(database, migrations).getMigrations()).map(({ name, executedAt }) => ({
      name,
      appliedAt: executedAt,
    }));
  return database.postgres ? withSchemaDropsHeld(database.postgres.url, read) : read();
}

function timed(
  migrations: Record<string, Migration>,
  onApplied: (name: string, ms: number) => void,
): Record<string, Migration> {
  return Object.fromEntries(
    Object.entries(migrations).map(([name, migration]) => [
      name,
      {
        ...migration,
        up: async (db: Kysely<unknown>) => {
          const started = performance.now();
          await migration.up(db);
          onApplied(name, performance.now() - started);
        },
      },
    ]),
  );
}

/**
 * Kysely checks for its tables by reading the catalogue of every schema in the database. When
 * another schema of the same database is dropped meanwhile (stores or test files sharing one
 * database, each in its own schema), PostgreSQL fails that read ('relation ... does not exist').
 * Migrations hold this advisory lock shared; dropping a schema takes it exclusively
 * (dropSchema below), so the two never overlap. Migrations do not wait for each other here.
 */
export const SCHEMA_DROP_LOCK = 0x53544f52; // 'STOR'

async function withSchemaDropsHeld<T>(url: string, work: () => Promise<T>): Promise<T> {
  // Its own connection, not one of the pool's (a pool of one would wait for itself).
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock_shared($1)', [SCHEMA_DROP_LOCK]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock_shared($1)', [SCHEMA_DROP_LOCK]);
    }
  } finally {
    await client.end();
  }
}

/** Drops a PostgreSQL schema and everything in it, never while a migration reads the catalogue. */
export async function dropSchema(client: pg.ClientBase, schema: string): Promise<void> {
  await client.query('select pg_advisory_lock($1)', [SCHEMA_DROP_LOCK]);
  try {
    await client.query(`drop schema if exists "${schema.replaceAll('"', '""')}" cascade`);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [SCHEMA_DROP_LOCK]);
  }
}

function createMigrator(database: AppDatabase, migrations: Record<string, Migration>): Migrator {
  return new Migrator({
    db: database.db as unknown as Kysely<unknown>,
    // Named explicitly: otherwise Kysely looks for its lock table in every schema and may find
    // another schema's (several stores or test files sharing one database), then fail.
    migrationTableSchema: database.postgres?.schema,
    provider: { getMigrations: async () => migrations },
  });
}

async function runMigrator(
  database: AppDatabase,
  migrations: Record<string, Migration>,
): Promise<MigrationOutcome> {
  const migrator = createMigrator(database, migrations);
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
