import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_PRODUCTS as PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import { catalogueOf, catalogueStore } from '../../app/commerce/catalogue/catalogue-store.server';
import { type AuthorizeNetStub, startAuthorizeNetStub } from '../support/authorizenet-stub';
import { signedInClient } from '../support/accounts';
import { CARDS, cardPayment, pay, startCheckout } from '../support/checkout';
import { createClient } from '../support/http-client';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { addToCart } from '../support/cart';

// In stock in the seed, under the free-shipping line, and different for each test.
const [raced, declined, capped, abandoned] = PRODUCTS.filter((p) => p.onHand > 20 && p.price < 20_000);

describe.each(testEngines)('stock on %s', (engine) => {
  let stub: AuthorizeNetStub;
  let t: TestServer;
  beforeAll(async () => {
    stub = await startAuthorizeNetStub(50);
    t = await startTestServer(engine, {
      PAYMENT_PROVIDER: 'authorizenet',
      AUTHORIZENET_API_LOGIN_ID: 'test-login',
      AUTHORIZENET_TRANSACTION_KEY: 'test-key-123456',
      AUTHORIZENET_ENDPOINT: stub.url,
      REQUIRE_EMAIL_VERIFICATION: 'false',
    });
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });

  const db = () => t.server.services.database.db;
  /** As staff would set it: the table, then the read model told. */
  const setStock = async (productId: string, onHand: number) => {
    await db()
      .updateTable('inventory')
      .set({ on_hand: onHand })
      .where('product_id', '=', productId)
      .execute();
    await catalogueStore(t.server.services).changed([productId]);
  };
  const onHand = async (productId: string) =>
    (
      await db()
        .selectFrom('inventory')
        .select('on_hand')
        .where('product_id', '=', productId)
        .executeTakeFirstOrThrow()
    ).on_hand;
  /** What the storefront shows, once its read model has caught up. */
  const shown = async (productId: string, expected: number) => {
    await expect.poll(() => catalogueOf(t.server.services).getProduct(productId)?.onHand).toBe(expected);
  };

  it('sells the last 3 units to exactly 3 of 20 buyers paying at once, and charges only them', async () => {
    await setStock(raced!.id, 3);
    const buyers = Array.from({ length: 20 }, () => createClient(t.url));
    const sessions = await Promise.all(
      buyers.map(async (buyer) => {
        const { status, session } = await startCheckout(buyer, {
          items: [{ productId: raced!.id, quantity: 1 }],
        });
        expect(status).toBe(201);
        return session;
      }),
    );
    stub.requests.length = 0;
    const results = await Promise.all(
      buyers.map((buyer, i) =>
        pay(buyer, sessions[i]!.orderId, cardPayment(CARDS.visa, `buyer${i}@example.com`)),
      ),
    );
    const paid = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(paid).toHaveLength(3);
    expect(stub.requests).toHaveLength(3);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.body).toEqual({
        error: {
          code: 'sold_out',
          message: `Sorry, ${raced!.name} sold out before your payment went through. You have not been charged. Please update your cart and check out again.`,
        },
      });
    }
    const orders = await db()
      .selectFrom('orders')
      .select(['status'])
      .where(
        'id',
        'in',
        sessions.map((s) => s.orderId),
      )
      .execute();
    expect(orders.filter((o) => o.status === 'paid')).toHaveLength(3);
    expect(await onHand(raced!.id)).toBe(0);
    await shown(raced!.id, 0);
    expect(catalogueOf(t.server.services).getProduct(raced!.id)?.stock).toBe('Out of Stock');
    // Sold out now: a new checkout is refused before any payment.
    const late = await startCheckout(createClient(t.url), { items: [{ productId: raced!.id, quantity: 1 }] });
    expect(late.status).toBe(409);
  });

  it('gives the units back when the processor declines, and takes them when a later card is approved', async () => {
    await setStock(declined!.id, 4);
    const guest = createClient(t.url);
    const { session } = await startCheckout(guest, { items: [{ productId: declined!.id, quantity: 2 }] });
    const refused = await pay(guest, session.orderId, cardPayment(CARDS.declined));
    expect(refused.status).toBe(402);
    expect(await onHand(declined!.id)).toBe(4);
    const row = await db()
      .selectFrom('orders')
      .select('stock_held')
      .where('id', '=', session.orderId)
      .executeTakeFirstOrThrow();
    expect(row.stock_held).toBe(0);
    expect((await pay(guest, session.orderId, cardPayment(CARDS.visa2))).status).toBe(200);
    expect(await onHand(declined!.id)).toBe(2);
    await shown(declined!.id, 2);
    expect(catalogueOf(t.server.services).getProduct(declined!.id)?.stock).toBe('Low Stock');
  });

  it('fills an account cart only with what is left, and says so', async () => {
    await setStock(capped!.id, 2);
    const { client } = await signedInClient(t.url);
    const add = () => addToCart(client, capped!.id, 1);
    expect((await add()).body).toMatchObject({ item: { quantity: 1 }, limit: null });
    const reached = { item: { quantity: 2 }, capped: true, limit: { reason: 'stock', left: 2 } };
    expect((await add()).body).toMatchObject(reached);
    expect((await add()).body).toMatchObject({
      item: { quantity: 2 },
      capped: true,
      limit: { reason: 'stock', left: 2 },
      message: 'Only 2 left in stock',
    });
  });

  it('refuses a checkout for more than is left, saying how many are', async () => {
    await setStock(capped!.id, 2);
    const response = await startCheckout(createClient(t.url), {
      items: [{ productId: capped!.id, quantity: 3 }],
    });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      error: {
        code: 'out_of_stock',
        message: `Only 2 left in stock: ${capped!.name}. Please reduce the quantity to check out.`,
      },
    });
  });

  it('looks for abandoned units through the partial index of unpaid orders, not through every paid one', async () => {
    const query = sql`select id from orders where stock_held = 1 and status <> 'paid' and (locked_until is null or locked_until < ${Date.now()}) limit 100`;
    const plan =
      engine === 'sqlite'
        ? await sql`explain query plan ${query}`.execute(db())
        : await sql`explain ${query}`.execute(db());
    expect(JSON.stringify(plan.rows)).toContain('orders_unpaid_stock_held_idx');
  });

  it('gives back the units of a payment that died holding them once its lock has run out', async () => {
    await setStock(abandoned!.id, 5);
    const guest = createClient(t.url);
    const { session } = await startCheckout(guest, { items: [{ productId: abandoned!.id, quantity: 2 }] });
    // As a process killed mid-payment leaves it: units taken, lock expired, not paid.
    await db().updateTable('inventory').set({ on_hand: 3 }).where('product_id', '=', abandoned!.id).execute();
    await db()
      .updateTable('orders')
      .set({ stock_held: 1, locked_by: 'dead-attempt', locked_until: Date.now() - 1 })
      .where('id', '=', session.orderId)
      .execute();
    // The next payment anywhere sweeps it; this one pays the same order and takes them again.
    expect((await pay(guest, session.orderId, cardPayment())).status).toBe(200);
    expect(await onHand(abandoned!.id)).toBe(3);
  });
});
