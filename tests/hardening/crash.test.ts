import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { cardPayment, withAddress } from '../support/checkout';
import { freePort } from '../support/free-port';
import { createClient } from '../support/http-client';
import { startServerProcess } from '../support/server-process';
import { prepareStore, STOCK } from '../support/stocked-store';
import { createTestDatabase, testEngines, type TestDatabase } from '../support/test-database';
import { type CartShopper, cartShoppers, cartStream, verifyCarts } from './crash-carts';
import { PRODUCT_A, PRODUCT_B } from './support';

const KILLS = 20;
const WORKERS = 4;
const CART_SHOPPERS = 3;

interface Answered {
  orderId: string;
  items: { productId: string; quantity: number }[];
  amounts: { subtotal: number; shipping: number; discount: number; amount: number };
  paid: boolean;
}

let ip = 0;

/** Guest orders, created and paid by WORKERS loops, until the server stops answering. */
async function orderStream(url: string, answered: Map<string, Answered>): Promise<void> {
  const worker = async (w: number) => {
    for (let n = 0; ; n++) {
      const client = createClient(url);
      const items = [
        { productId: PRODUCT_A.id, quantity: 1 + ((w + n) % 3) },
        ...(n % 2 === 0 ? [{ productId: PRODUCT_B.id, quantity: 1 + (n % 4) }] : []),
      ];
      try {
        const created = await client.post('/api/checkout', withAddress({ items }));
        if (created.status !== 201) throw new Error(`checkout answered ${created.status}`);
        const session = created.body as Answered['amounts'] & { orderId: string };
        const record: Answered = { orderId: session.orderId, items, amounts: session, paid: false };
        answered.set(session.orderId, record);
        const paid = await client.request(`/api/checkout/${session.orderId}/pay`, {
          method: 'POST',
          body: cardPayment(),
          // A client address per payment: the per-address payment limit is not under test here.
          headers: { 'x-forwarded-for': `198.18.${(++ip >> 8) & 255}.${ip & 255}` },
        });
        if (paid.status === 200) record.paid = true;
      } catch {
        return; // the server is gone
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
}

async function verify(
  testDb: TestDatabase,
  answered: Map<string, Answered>,
  engine: string,
  shoppers: CartShopper[],
) {
  const database = openDatabase(testDb.url, { poolSize: 2 });
  try {
    await verifyCarts(database, shoppers);
    // No unit lost or made up: what is on hand plus what orders hold is what there was.
    for (const product of [PRODUCT_A, PRODUCT_B]) {
      const stock = await database.db
        .selectFrom('inventory')
        .select('on_hand')
        .where('product_id', '=', product.id)
        .executeTakeFirstOrThrow();
      const held = await database.db
        .selectFrom('order_items')
        .innerJoin('orders', 'orders.id', 'order_items.order_id')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('order_items.quantity'), eb.lit(0)).as('units'))
        .where('order_items.product_id', '=', product.id)
        .where('orders.stock_held', '=', 1)
        .executeTakeFirstOrThrow();
      expect(stock.on_hand + Number(held.units), product.id).toBe(STOCK);
    }
    if (engine === 'sqlite') {
      const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(database.db);
      expect(check.rows.map((r) => r.integrity_check)).toEqual(['ok']);
    }
    const ids = [...answered.keys()];
    const orders = ids.length
      ? await database.db.selectFrom('orders').selectAll().where('id', 'in', ids).execute()
      : [];
    const items = ids.length
      ? await database.db.selectFrom('order_items').selectAll().where('order_id', 'in', ids).execute()
      : [];
    expect(orders).toHaveLength(ids.length);
    for (const order of orders) {
      const expected = answered.get(order.id)!;
      expect(order).toMatchObject({
        subtotal: expected.amounts.subtotal,
        shipping: expected.amounts.shipping,
        discount: expected.amounts.discount,
        total: expected.amounts.amount,
      });
      if (expected.paid) expect(order.status).toBe('paid');
      const lines = items.filter((i) => i.order_id === order.id).sort((a, b) => a.position - b.position);
      expect(lines.map((l) => ({ productId: l.product_id, quantity: l.quantity }))).toEqual(expected.items);
      expect(lines.reduce((sum, l) => sum + l.line_total, 0)).toBe(order.subtotal);
    }
  } finally {
    await database.close();
  }
}

/**
 * SIGKILL in the middle of a stream of orders and cart changes, KILLS times over: every order
 * the server answered 2xx is there after a restart, with all its lines and totals, paid if it
 * said so; every acknowledged cart change is there; and SQLite's integrity check passes.
 */
describe.each(testEngines)('crash safety on %s', (engine) => {
  const testDb = createTestDatabase(engine);
  afterAll(() => testDb.cleanup());

  it(`keeps every answered order through ${KILLS} SIGKILLs`, { timeout: 240_000 }, async () => {
    const answered = new Map<string, Answered>();
    let killedMidStream = 0;
    let shoppers: CartShopper[] = [];
    const carts = { changes: 0 };
    await prepareStore(testDb, [PRODUCT_A.id, PRODUCT_B.id]);
    for (let round = 0; round < KILLS; round++) {
      // The store must know its own address (Better Auth checks the Origin of a sign-up); the
      // shoppers' cookies carry over from round to round.
      const port = await freePort();
      const server = await startServerProcess({
        DATABASE_URL: testDb.url,
        DATA_DIR: testDb.dir,
        AUTH_SECRET: 'crash-test-secret-that-is-long-enough-123',
        TRUSTED_PROXIES: '127.0.0.1',
        LOG_LEVEL: 'info',
        REQUIRE_EMAIL_VERIFICATION: 'false',
        PORT: String(port),
        APP_URL: `http://127.0.0.1:${port}`,
      });
      if (round === 0) shoppers = await cartShoppers(server.url, CART_SHOPPERS, PRODUCT_B.id);
      const before = answered.size;
      const changesBefore = carts.changes;
      const stream = Promise.all([
        orderStream(server.url, answered),
        cartStream(server.url, shoppers, carts),
      ]);
      // Kill at a different point of each round, once orders are flowing.
      // (A stream that stopped answering fails the round rather than waiting for ever.)
      const deadline = Date.now() + 60_000;
      while (answered.size < before + 2 || carts.changes < changesBefore + 2) {
        if (Date.now() > deadline) throw new Error(`round ${round}: no orders flowed within 60 s`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await new Promise((resolve) => setTimeout(resolve, 20 + ((round * 37) % 200)));
      server.child.kill('SIGKILL');
      await server.exited;
      await stream;
      if (answered.size > before) killedMidStream++;
      await verify(testDb, answered, engine, shoppers);
    }
    expect(killedMidStream).toBe(KILLS);
    console.log(
      `crash test (${engine}): ${KILLS} kills, ${answered.size} answered orders, ${
        [...answered.values()].filter((a) => a.paid).length
      } paid, ${carts.changes} acknowledged cart changes, all present`,
    );
  });
});
