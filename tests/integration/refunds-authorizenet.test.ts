import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PART_REFUND_UNSETTLED } from '../../server/payments/authorizenet-refund';
import { type AuthorizeNetStub, startAuthorizeNetStub } from '../support/authorizenet-stub';
import { cardPayment, pay, startCheckout } from '../support/checkout';
import { createClient } from '../support/http-client';
import { postForm, staffClient, type TestStaff } from '../support/staff';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { PRODUCT_A, PRODUCT_B } from '../hardening/support';

/** Refunds from the console through Authorize.Net (its local stand-in): void, refund, once. */
describe.each(testEngines)('refunds through Authorize.Net on %s', (engine) => {
  let stub: AuthorizeNetStub;
  let t: TestServer;
  let staff: TestStaff;
  const db = () => t.server.services.database.db;

  beforeAll(async () => {
    stub = await startAuthorizeNetStub(50);
    t = await startTestServer(engine, {
      REQUIRE_EMAIL_VERIFICATION: 'false',
      PAYMENT_PROVIDER: 'authorizenet',
      AUTHORIZENET_API_LOGIN_ID: 'test-login',
      AUTHORIZENET_TRANSACTION_KEY: 'test-key-123456',
      AUTHORIZENET_ENDPOINT: stub.url,
    });
    staff = await staffClient(t, 'staff');
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });

  async function paidOrder() {
    const guest = createClient(t.url);
    const { session } = await startCheckout(guest, {
      items: [
        { productId: PRODUCT_A.id, quantity: 2 },
        { productId: PRODUCT_B.id, quantity: 1 },
      ],
    });
    expect((await pay(guest, session.orderId, cardPayment())).status).toBe(200);
    const order = await db()
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', session.orderId)
      .executeTakeFirstOrThrow();
    stub.requests.length = 0;
    return order;
  }
  const refund = (reference: string, fields: Record<string, string>) =>
    postForm(t, staff.client, `/admin/orders/${reference}`, {
      intent: 'refund',
      key: crypto.randomUUID(),
      ...fields,
    });
  const reload = (id: string) =>
    db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('voids an unsettled charge once, however many refunds are sent at once', async () => {
    const order = await paidOrder();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => refund(order.reference, { scope: 'all' })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(stub.requests).toEqual([
      expect.objectContaining({ transactionType: 'voidTransaction', refTransId: order.transaction_id }),
    ]);
    expect(await reload(order.id)).toMatchObject({ status: 'refunded', refunded_total: order.total });
  });

  it('refunds a settled charge when the void is refused, with the card last four', async () => {
    const order = await paidOrder();
    stub.settle(order.transaction_id!);
    expect((await refund(order.reference, { scope: 'all' })).status).toBe(200);
    expect(stub.requests.map((r) => r.transactionType)).toEqual(['voidTransaction', 'refundTransaction']);
    expect(stub.requests[1]).toMatchObject({
      amount: (order.total / 100).toFixed(2),
      cardNumber: '4242',
      refTransId: order.transaction_id,
    });
    const refunds = await db().selectFrom('refunds').selectAll().where('order_id', '=', order.id).execute();
    expect(refunds).toMatchObject([{ status: 'succeeded', kind: 'refund' }]);
  });

  it('says a part refund must wait for settlement, and keeps nothing reserved', async () => {
    const order = await paidOrder();
    const line = await db()
      .selectFrom('order_items')
      .selectAll()
      .where('order_id', '=', order.id)
      .where('product_id', '=', PRODUCT_B.id)
      .executeTakeFirstOrThrow();
    const before = await db()
      .selectFrom('inventory')
      .select('on_hand')
      .where('product_id', '=', PRODUCT_B.id)
      .executeTakeFirstOrThrow();
    const refused = await refund(order.reference, { [`qty-${line.id}`]: '1' });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain(PART_REFUND_UNSETTLED.slice(0, 40));
    expect(await reload(order.id)).toMatchObject({ status: 'paid', refunded_total: 0 });
    const item = await db()
      .selectFrom('order_items')
      .select('refunded_quantity')
      .where('id', '=', line.id)
      .executeTakeFirstOrThrow();
    expect(Number(item.refunded_quantity)).toBe(0);
    const after = await db()
      .selectFrom('inventory')
      .select('on_hand')
      .where('product_id', '=', PRODUCT_B.id)
      .executeTakeFirstOrThrow();
    expect(after.on_hand).toBe(before.on_hand);
    const audit = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', order.reference)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['order.refund_failed']);

    stub.settle(order.transaction_id!);
    stub.requests.length = 0;
    expect((await refund(order.reference, { [`qty-${line.id}`]: '1' })).status).toBe(200);
    expect(stub.requests).toEqual([
      expect.objectContaining({ transactionType: 'refundTransaction', cardNumber: '4242' }),
    ]);
    const partly = await reload(order.id);
    expect(partly.status).toBe('paid');
    expect(Number(partly.refunded_total)).toBe(Math.round(Number(stub.requests[0]!.amount) * 100));
  });
});
