import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type AppDatabase, openDatabase } from './database';
import { waitUntil } from '../../tests/support/wait-until';

describe('WAL checkpoints on a thread of their own', () => {
  let dir: string;
  let database: AppDatabase | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the WAL checkpointed while the connection itself never checkpoints', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'checkpointer-'));
    const file = path.join(dir, 'store.db');
    database = openDatabase(`file:${file}`, { checkpointInBackground: true });
    const { db } = database;
    const pragma = async (text: string) => (await sql.raw(`pragma ${text}`).execute(db)).rows[0];
    expect(await pragma('wal_autocheckpoint')).toEqual({ wal_autocheckpoint: 0 });
    await sql`create table t (id integer primary key, v text not null)`.execute(db);
    // About 8 MB of pages, far past the 1,000 pages at which a commit would checkpoint itself.
    const row = 'x'.repeat(2000);
    for (let batch = 0; batch < 40; batch++) {
      await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          sql`insert into t (id, v) values (${batch * 100 + i + 1}, ${row})`.execute(db),
        ),
      );
    }
    // The worker has copied every frame into the database file: another connection finds it
    // all there with the WAL set aside.
    await waitUntil(() => statSync(file).size > 8_000_000, 'the worker to checkpoint the WAL', 30_000);
    const other = new SQLite(file, { readonly: true });
    try {
      expect(other.prepare('select count(*) as n from t').get()).toEqual({ n: 4000 });
    } finally {
      other.close();
    }
    await database.close();
    database = undefined;
    // Closed: the data is in the database file alone.
    const reopened = new SQLite(file);
    try {
      expect(reopened.prepare('select count(*) as n from t').get()).toEqual({ n: 4000 });
      expect(reopened.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      reopened.close();
    }
  });
});
