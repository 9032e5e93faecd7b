import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type AppDatabase, type Engine } from '../../server/db/database';
import { dropSchema, migrateToLatest } from '../../server/db/migrate';
import { jobSchemaName } from '../../server/jobs/pg-boss-queue';

export interface TestEngine {
  engine: Engine;
}

/**
 * The engines every database test runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL
 * is set (CI sets it when the server answers).
 */
export const testEngines: Engine[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase {
  url: string;
  /** Temporary folder for this database (and anything else the test writes). */
  dir: string;
  open(): AppDatabase;
  cleanup(): Promise<void>;
}

/** A fresh, empty database: a new SQLite file, or a new schema in the PostgreSQL test database. */
export function createTestDatabase(engine: Engine): TestDatabase {
  const dir = mkdtempSync(path.join(tmpdir(), 'store-test-'));
  if (engine === 'sqlite') {
    return {
      url: `file:${path.join(dir, 'store.db')}`,
      dir,
      open() {
        return openDatabase(this.url);
      },
      async cleanup() {
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const url = new URL(base);
  url.searchParams.set('schema', schema);
  return {
    url: url.toString(),
    dir,
    open() {
      return openDatabase(this.url, { poolSize: 5 });
    },
    async cleanup() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      try {
        await dropSchema(client, schema);
        // The job queue's own schema (pg-boss), when the test started one.
        await dropSchema(client, jobSchemaName(schema));
      } finally {
        await client.end();
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Opens a fresh database with every migration applied. */
export async function openMigratedTestDatabase(engine: Engine) {
  const testDb = createTestDatabase(engine);
  const database = testDb.open();
  await migrateToLatest(database);
  return {
    ...testDb,
    database,
    async cleanup() {
      await database.close();
      await testDb.cleanup();
    },
  };
}

/**
 * A moment (ms since the epoch) written as `sample` is stored: Better Auth keeps its dates as
 * numbers, ISO strings or Dates depending on the engine and the driver. For tests that move a
 * row's time (a session signed in long ago, a code past its expiry).
 */
export function timeLike(sample: unknown, ms: number): number | string | Date {
  if (typeof sample === 'number') return ms;
  if (typeof sample === 'string') return new Date(ms).toISOString();
  return new Date(ms);
}
