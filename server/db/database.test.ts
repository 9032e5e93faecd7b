import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testEngines } from '../../tests/support/test-database';
import type { AppDatabase } from './database';
import { sqlitePathFromUrl } from './database';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations';

describe.each(testEngines)('database on %s', (engine) => {
  let testDb: TestDatabase;
  let database: AppDatabase | undefined;

  afterEach(async () => {
    await database?.close();
    await testDb.cleanup();
  });

  it('applies every migration once, and running again changes nothing', async () => {
    testDb = createTestDatabase(engine);
    database = testDb.open();
    const first = await migrateToLatest(database);
    expect(first.applied).toContain('0001-rate-limits');
    const second = await migrateToLatest(database);
    expect(second.applied).toEqual([]);
    await database.db
      .insertInto('rate_limits')
      .values({ key: 'k', count: 1, reset_at: Date.now() })
      .execute();
    const rows = await database.db.selectFrom('rate_limits').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(typeof rows[0]?.reset_at).toBe('number');
  });

  it('migrates safely when two processes start at once', async () => {
    testDb = createTestDatabase(engine);
    database = testDb.open();
    const other = testDb.open();
    try {
      const results = await Promise.all([migrateToLatest(database), migrateToLatest(other)]);
      // Every migration applied exactly once between the two.
      expect(results.flatMap((r) => r.applied).sort()).toEqual(Object.keys(migrations).sort());
    } finally {
      await other.close();
    }
  });

  it('answers ping while open and rejects once closed', async () => {
    testDb = createTestDatabase(engine);
    const db = testDb.open();
    await expect(db.ping()).resolves.toBeUndefined();
    await db.close();
    await expect(db.ping()).rejects.toThrow();
  });

  it.runIf(engine === 'sqlite')('opens SQLite in WAL mode with durable, checked writes', async () => {
    testDb = createTestDatabase(engine);
    database = testDb.open();
    const pragma = async (name: string) =>
      Object.values((await sql.raw(`pragma ${name}`).execute(database!.db)).rows[0] as object)[0];
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('foreign_keys')).toBe(1);
    // NORMAL, with the WAL synced by the driver before any answer: FULL's durability (ADR 0069).
    expect(await pragma('synchronous')).toBe(1);
    expect(await pragma('busy_timeout')).toBe(5000);
  });
});

describe('sqlitePathFromUrl', () => {
  it('resolves file: URLs against the working folder', () => {
    expect(sqlitePathFromUrl('file:./data/store.db', '/srv/app')).toBe('/srv/app/data/store.db');
    expect(sqlitePathFromUrl('file:/var/lib/store.db', '/srv/app')).toBe('/var/lib/store.db');
    expect(sqlitePathFromUrl('file::memory:')).toBe(':memory:');
  });
});
