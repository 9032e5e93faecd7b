import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../support/accounts';
import { addToCart } from '../support/cart';
import { cardPayment, pay, startCheckout } from '../support/checkout';
import { postForm, staffClient, type TestStaff } from '../support/staff';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { waitUntil } from '../support/wait-until';
import { startWebhookReceiver } from '../support/webhook-receiver';
import { PRODUCT_A } from '../hardening/support';

/**
 * The stock and money events of signed webhooks (docs/decisions/0049): an endpoint hears only
 * the events it chose; low stock is told once per fall below the level, by a sale or by staff.
 */
describe.each(testEngines)('webhooks for stock and refunds on %s', (engine) => {
  let t: TestServer;
  let admin: TestStaff;
  const { db } = { db: () => t.server.services.database.db };

  beforeAll(async () => {
    t = await startTestServer(engine, {
      REQUIRE_EMAIL_VERIFICATION: 'false',
      WEBHOOK_RETRY_DELAY_SECONDS: '1',
    });
    admin = await staffClient(t, 'admin');
  });
  afterAll(async () => {
    await t.close();
  });

  it('tells an endpoint of low stock and of a refund, only the events it chose', async () => {
    const other = await startWebhookReceiver(() => 'ok');
    try {
      const created = await admin.client.form('/admin/webhooks', {
        intent: 'create',
        url: other.url,
        events: ['product.stock_low', 'order.refunded'],
      });
      expect(created.status).toBe(200);
      other.secret = /whsec_[A-Za-z0-9+/=]+/.exec(created.text)?.[0] ?? null;
      // One unit above the low-stock level (5): the sale below crosses it.
      await db()
        .updateTable('inventory')
        .set({ on_hand: 6 })
        .where('product_id', '=', PRODUCT_A.id)
        .execute();
      const { client: shopper } = await signedInClient(t.url, 'Second');
      await addToCart(shopper, PRODUCT_A.id, 1);
      const { session } = await startCheckout(shopper, {});
      expect((await pay(shopper, session.orderId, cardPayment())).status).toBe(200);
      const refunded = await postForm(t, admin.client, `/admin/orders/${session.reference}`, {
        intent: 'refund',
        scope: 'all',
        key: crypto.randomUUID(),
      });
      expect(refunded.status).toBe(200);
      await waitUntil(() => other.accepted().size === 2, 'the low-stock and refund events');
      expect(other.tries.map((r) => r.type).sort()).toEqual(['order.refunded', 'product.stock_low']);
      expect(other.tries.every((r) => r.verified)).toBe(true);
      const events = await db()
        .selectFrom('webhook_events')
        .selectAll()
        .where('type', 'in', ['product.stock_low', 'order.refunded'])
        .execute();
      const low = events.find((e) => e.type === 'product.stock_low');
      expect(JSON.parse(low!.payload)).toMatchObject({ data: { productId: PRODUCT_A.id, onHand: 5 } });
      const refund = events.find((e) => e.type === 'order.refunded');
      expect(JSON.parse(refund!.payload)).toMatchObject({
        data: { reference: session.reference, status: 'refunded' },
      });
    } finally {
      await other.close();
    }
  });

  it('tells of low stock when staff set the count below the level, once per fall', async () => {
    const lowEvents = async () =>
      (
        await db()
          .selectFrom('webhook_events')
          .select('payload')
          .where('type', '=', 'product.stock_low')
          .execute()
      )
        .map((row) => JSON.parse(row.payload) as { data: { productId: string; onHand: number } })
        .filter((event) => event.data.productId === PRODUCT_A.id);
    const before = (await lowEvents()).length;
    const setStock = async (onHand: number) => {
      const row = await db()
        .selectFrom('inventory')
        .select('on_hand')
        .where('product_id', '=', PRODUCT_A.id)
        .executeTakeFirstOrThrow();
      const answer = await postForm(t, admin.client, `/admin/products/${PRODUCT_A.id}`, {
        intent: 'stock',
        onHand: String(onHand),
        reason: 'Count correction',
        expected: String(row.on_hand),
      });
      expect(answer.status).toBe(200);
    };
    await setStock(40);
    await setStock(3);
    await setStock(2);
    const after = await lowEvents();
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)!.data.onHand).toBe(3);
  });
});
