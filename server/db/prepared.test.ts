import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedTestDatabase, testEngines } from '../../tests/support/test-database';
import { preparedQuery } from './prepared';
import type { DatabaseSchema } from './schema';
import type { Kysely } from 'kysely';

type Db = Kysely<DatabaseSchema>;

const hit = preparedQuery((db: Db, p: { key: string; count: number; resetAt: number }) =>
  db
    .insertInto('rate_limits')
    .values({ key: p.key, count: p.count, reset_at: p.resetAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({ count: eb('rate_limits.count', '+', p.count) })),
    )
    .returning(['key', 'count', 'reset_at']),
);

const byKey = preparedQuery((db: Db, p: { key: string }) =>
  // A constant beside the parameter stays as it was compiled.
  db.selectFrom('rate_limits').select(['key', 'count']).where('key', '=', p.key).where('count', '>', 0),
);

describe.each(testEngines)('prepared queries on %s', (engine) => {
  let test: Awaited<ReturnType<typeof openMigratedTestDatabase>>;
  beforeAll(async () => {
    test = await openMigratedTestDatabase(engine);
  });
  afterAll(() => test.cleanup());

  it("runs with each call's parameters, as the query built for them would", async () => {
    const db = test.database.db;
    expect(await hit(db, { key: 'a', count: 2, resetAt: 10 })).toEqual([
      { key: 'a', count: 2, reset_at: 10 },
    ]);
    expect(await hit(db, { key: 'b', count: 1, resetAt: 20 })).toEqual([
      { key: 'b', count: 1, reset_at: 20 },
    ]);
    expect(await hit(db, { key: 'a', count: 3, resetAt: 30 })).toEqual([
      { key: 'a', count: 5, reset_at: 10 },
    ]);
    expect(await byKey(db, { key: 'a' })).toEqual(
      await db.selectFrom('rate_limits').select(['key', 'count']).where('key', '=', 'a').execute(),
    );
    expect(await byKey(db, { key: 'nobody' })).toEqual([]);
  });

  it('runs inside a transaction, which rolls it back with the rest', async () => {
    const db = test.database.db;
    await expect(
      db.transaction().execute(async (trx) => {
        await hit(trx, { key: 'in-transaction', count: 1, resetAt: 1 });
        expect(await byKey(trx, { key: 'in-transaction' })).toHaveLength(1);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await byKey(db, { key: 'in-transaction' })).toEqual([]);
  });

  it('refuses a parameter that does not reach the SQL as one bound value', async () => {
    const listed = preparedQuery((db: Db, p: { keys: string[] }) =>
      db.selectFrom('rate_limits').select('key').where('key', 'in', p.keys),
    );
    await expect(listed(test.database.db, { keys: ['a', 'b'] })).rejects.toThrow('not a bound value');
  });
});
