import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { GroupCommitSqliteDialect } from './sqlite-driver';

interface Schema {
  t: { id: number; v: string };
}

describe('SQLite driver with group commit', () => {
  let dir: string;
  let db: Kysely<Schema>;
  afterEach(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  async function open() {
    dir = mkdtempSync(path.join(tmpdir(), 'group-commit-'));
    const file = path.join(dir, 'x.db');
    const handle = new SQLite(file);
    handle.pragma('journal_mode = WAL');
    db = new Kysely<Schema>({ dialect: new GroupCommitSqliteDialect(handle) });
    await sql`create table t (id integer primary key, v text not null unique)`.execute(db);
    // Another connection sees only what was committed.
    return () => {
      const reader = new SQLite(file, { readonly: true });
      try {
        return (reader.prepare('select v from t order by id').all() as { v: string }[]).map((r) => r.v);
      } finally {
        reader.close();
      }
    };
  }

  it('answers concurrent writes only once they are committed, in one transaction', async () => {
    const committed = await open();
    const writes = Array.from({ length: 20 }, (_, i) =>
      db
        .insertInto('t')
        .values({ id: i + 1, v: `v${i}` })
        .execute()
        .then(() => committed().length),
    );
    // Every write, when it is answered, is already visible to another connection.
    expect(await Promise.all(writes)).toEqual(Array(20).fill(20));
  });

  it('fails only the statement that breaks a constraint, not the rest of its batch', async () => {
    const committed = await open();
    const results = await Promise.allSettled([
      db.insertInto('t').values({ id: 1, v: 'a' }).execute(),
      db.insertInto('t').values({ id: 2, v: 'a' }).execute(),
      db.insertInto('t').values({ id: 3, v: 'b' }).returning('v').execute(),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(committed()).toEqual(['a', 'b']);
  });

  it('keeps an explicit transaction exclusive and rolls it back whole', async () => {
    const committed = await open();
    let outsideRan = false;
    const failed = db.transaction().execute(async (trx) => {
      await trx.insertInto('t').values({ id: 1, v: 'in' }).execute();
      const outside = db
        .insertInto('t')
        .values({ id: 2, v: 'out' })
        .execute()
        .then(() => (outsideRan = true));
      await new Promise((r) => setTimeout(r, 20));
      expect(outsideRan).toBe(false);
      void outside;
      throw new Error('abort');
    });
    await expect(failed).rejects.toThrow('abort');
    await new Promise((r) => setTimeout(r, 20));
    expect(outsideRan).toBe(true);
    expect(committed()).toEqual(['out']);
  });

  it('runs many concurrent transactions and plain writes, each transaction alone', async () => {
    const committed = await open();
    const work = Array.from({ length: 20 }, (_, i) => [
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('t')
          .values({ id: 1000 + i, v: `t${i}a` })
          .execute();
        await new Promise((r) => setImmediate(r));
        await trx
          .insertInto('t')
          .values({ id: 2000 + i, v: `t${i}b` })
          .execute();
      }),
      db
        .insertInto('t')
        .values({ id: 3000 + i, v: `p${i}` })
        .execute(),
      db.selectFrom('t').select('v').execute(),
    ]).flat();
    await Promise.all(work);
    expect(committed()).toHaveLength(60);
  });
});
