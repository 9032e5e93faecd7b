import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldText } from '../../app/commerce/catalogue/search-words';
import { searchOrders } from '../../app/features/orders/order-admin.server';
import { indexPendingOrders, startOrderIndexing } from '../../app/commerce/orders/order-search-index.server';
import type { AppDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { createTestDatabase, type TestDatabase, testEngines } from '../support/test-database';

/**
 * The console's search of orders by part of a name or an email (on SQLite from its trigram
 * index, migration 0022; on PostgreSQL by LIKE with pg_trgm) finds exactly the orders whose name
 * or email holds the text, ignoring case, and follows names and emails as they change.
 */
const NAMES = [
  'Maria Garcia',
  'MARIA GARCIAS',
  'José Martínez',
  'D\'Souza "Dee" O\'Brien',
  'Anna_Lee 100%',
  'Li Wu',
  'Wu-Li Chen',
  'Sam * Star',
];

describe.each(testEngines)('the order search by name or email on %s', (engine) => {
  let testDb: TestDatabase;
  let database: AppDatabase;
  const db = () => database.db;
  let count = 0;

  async function addOrder(name: string | null, email: string | null) {
    count += 1;
    const id = `order-search-${count}`;
    const at = Date.UTC(2026, 0, 1) + count * 60_000;
    await db()
      .insertInto('orders')
      .values({
        id,
        reference: `MS-${String(count).padStart(8, '0')}`,
        user_id: null,
        email,
        status: 'paid',
        payment_method: 'card',
        subtotal: 1000,
        shipping: 0,
        discount: 0,
        total: 1000,
        created_at: at,
        updated_at: at,
        paid_at: at,
        ship_name: name,
        fulfilment: 'unfulfilled',
        refunded_total: 0,
        tax: 0,
        tax_rate: 0,
        stock_held: 0,
        shipping_option: 'standard',
      })
      .execute();
    return { id, reference: `MS-${String(count).padStart(8, '0')}` };
  }

  /** Every order the console lists for `q`, page by page. */
  async function found(q: string): Promise<Set<string>> {
    const references = new Set<string>();
    for (let page = 1; ; page++) {
      const { orders, hasNext } = await searchOrders(db(), { q, filter: 'all' }, page);
      for (const order of orders) references.add(order.reference);
      if (!hasNext) return references;
    }
  }

  const rows = () =>
    db()
      .selectFrom('orders')
      .select(['reference', 'ship_name', 'email'])
      .where('id', 'like', 'order-search-%')
      .execute();

  /**
   * What the search should find: the text inside the name or the email, ignoring case. SQLite's
   * trigram index (text of three characters or more) ignores accents too, so "ine" finds
   * "Martínez" there; PostgreSQL's LIKE does not (docs/decisions/0028).
   */
  async function holding(q: string, emailOnly = false): Promise<Set<string>> {
    const folds = engine === 'sqlite' && q.trim().length >= 3;
    const fold = (text: string) => (folds ? foldText(text) : text.toLowerCase());
    const text = fold(q.trim());
    return new Set(
      (await rows())
        .filter(
          (row) =>
            fold(row.email ?? '').includes(text) || (!emailOnly && fold(row.ship_name ?? '').includes(text)),
        )
        .map((row) => row.reference),
    );
  }

  beforeAll(async () => {
    testDb = createTestDatabase(engine);
    database = testDb.open();
    await migrateToLatest(database);
    for (const [index, name] of NAMES.entries()) {
      await addOrder(
        name,
        `${name.split(' ')[0]!.toLowerCase().replace(/\W/g, '')}${index}@clinic${index % 3}.org`,
      );
    }
    await addOrder(null, null);
  });
  afterAll(async () => {
    await database?.close();
    await testDb?.cleanup();
  });

  it('finds a part of a name or an email in any case, and only there', async () => {
    expect(await found('garcia')).toEqual(await holding('garcia'));
    expect((await found('garcia')).size).toBe(2);
    expect(await found('GARCIAS')).toEqual(await holding('garcias'));
    expect(await found('ria gar')).toEqual(await holding('ria gar'));
    expect(await found('clinic1.org')).toEqual(await holding('clinic1.org'));
    // With an @, only the emails: "maria" is in two names but one email part.
    expect(await found('@clinic2')).toEqual(await holding('@clinic2', true));
    expect(await found('nobody-has-this')).toEqual(new Set());
    expect(await found('martínez')).toEqual(await holding('martínez'));
    expect((await found('Martinez')).size).toBe(engine === 'sqlite' ? 1 : 0);
    // Newest first (the test's references count up with the orders' times).
    const { orders } = await searchOrders(db(), { q: '.org', filter: 'all' }, 1);
    const references = orders.map((order) => order.reference);
    expect(references.length).toBeGreaterThan(5);
    expect(references).toEqual([...references].sort().reverse());
  });

  it('takes quotes, wildcards and query syntax as text', async () => {
    for (const q of [
      '"dee"',
      "d'souza",
      '100%',
      'anna_lee',
      '_lee',
      'sam * star',
      '* st',
      'wu-li',
      'OR',
      'NEAR(',
    ]) {
      expect(await found(q), q).toEqual(await holding(q));
    }
  });

  it('answers text shorter than three characters too', async () => {
    for (const q of ['wu', 'li', 'W', '%']) expect(await found(q), q).toEqual(await holding(q));
  });

  it('follows a name changed, an order anonymised and an order deleted', async () => {
    const { id, reference } = await addOrder('Harriet Quimby', 'harriet@example.org');
    expect(await found('quimby')).toEqual(new Set([reference]));
    await db().updateTable('orders').set({ ship_name: 'Harriet Q. Moore' }).where('id', '=', id).execute();
    expect(await found('quimby')).toEqual(new Set());
    expect(await found('q. moore')).toEqual(new Set([reference]));
    // An account's deletion keeps its orders without name or email (app/features/privacy).
    await db().updateTable('orders').set({ ship_name: null, email: null }).where('id', '=', id).execute();
    expect(await found('moore')).toEqual(new Set());
    expect(await found('harriet@')).toEqual(new Set());
    const other = await addOrder('Bessie Coleman', 'bessie@example.org');
    expect(await found('coleman')).toEqual(new Set([other.reference]));
    await db().deleteFrom('orders').where('id', '=', other.id).execute();
    expect(await found('coleman')).toEqual(new Set());
    if (engine === 'sqlite') {
      const { rows: keys } = await sql<{ n: number }>`
        select count(*) as n from order_search_keys where order_id = ${other.id}`.execute(db());
      expect(Number(keys[0]?.n)).toBe(0);
    }
  });

  it.runIf(engine === 'sqlite')(
    'finds orders still queued for the index, also when changed or deleted while queued',
    async () => {
      const pending = async () => {
        const { rows: left } = await sql<{ n: number }>`
          select count(*) as n from order_search_pending`.execute(db());
        return Number(left[0]?.n);
      };
      // Orders are queued in their own transaction and indexed in batches after (migration 0117).
      const queued = await addOrder('Amelia Earhart', 'amelia@example.org');
      const renamed = await addOrder('Jacqueline Cochran', 'jackie@example.org');
      const dropped = await addOrder('Pancho Barnes', 'pancho@example.org');
      expect(await pending()).toBe(3);
      await db()
        .updateTable('orders')
        .set({ ship_name: 'Jacqueline Odlum' })
        .where('id', '=', renamed.id)
        .execute();
      await db().deleteFrom('orders').where('id', '=', dropped.id).execute();
      expect(await pending()).toBe(2);
      // The search indexes what waits before it reads: nothing new is missed.
      expect(await found('earhart')).toEqual(new Set([queued.reference]));
      expect(await pending()).toBe(0);
      expect(await found('odlum')).toEqual(new Set([renamed.reference]));
      expect(await found('cochran')).toEqual(new Set());
      expect(await found('barnes')).toEqual(new Set());
      // Indexed, an order follows its changes as before; an unchanged email writes nothing.
      await db()
        .updateTable('orders')
        .set({ email: 'amelia@example.org' })
        .where('id', '=', queued.id)
        .execute();
      expect(await found('amelia@')).toEqual(new Set([queued.reference]));
      const { rows: indexed } = await sql<{ n: number }>`
        select count(*) as n from order_search where order_search match '"earhart"'`.execute(db());
      expect(Number(indexed[0]?.n)).toBe(1);
      await addOrder('Bessica Raiche', 'bessica@example.org');
      expect(await indexPendingOrders(db())).toBe(1);
      expect(await pending()).toBe(0);
      // The server's loop indexes whatever stored the order, with no search asking.
      const stop = startOrderIndexing(db());
      try {
        await addOrder('Harriet Quimby', 'harriet@example.org');
        await expect.poll(pending, { timeout: 10_000 }).toBe(0);
        const { rows: quimby } = await sql<{ n: number }>`
          select count(*) as n from order_search where order_search match '"quimby"'`.execute(db());
        expect(Number(quimby[0]?.n)).toBe(1);
      } finally {
        await stop();
      }
    },
  );

  it('finds what a LIKE of every name and email finds, for any part of them', async () => {
    const all = await rows();
    const texts = all.flatMap((row) => [row.ship_name ?? '', row.email ?? '']).filter(Boolean);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...texts),
        fc.nat(),
        fc.integer({ min: 1, max: 12 }),
        async (text, start, length) => {
          const from = start % text.length;
          const q = text.slice(from, from + length).trim();
          fc.pre(q.length > 0 && !q.includes('@'));
          expect(await found(q.toUpperCase()), q).toEqual(await holding(q));
        },
      ),
      { numRuns: 60 },
    );
  });
});
