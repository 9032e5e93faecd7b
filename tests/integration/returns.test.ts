import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineRefundAmount } from '../../app/commerce/orders/fulfilment';
import { anonymiseOrdersOf } from '../../app/commerce/orders/order-writes.server';
import { signedInClient } from '../support/accounts';
import type { TestClient } from '../support/http-client';
import { postForm, staffClient, type TestStaff } from '../support/staff';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { waitUntil } from '../support/wait-until';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { deliveredOrder, EXCLUDED, RETURNABLE_A, RETURNABLE_B, returnForm } from './returns-support';

/**
 * A return from request to refund (docs/decisions/0053), through the pages' forms as posted
 * without scripts: the shopper asks on the order page, staff approve (mail with the number),
 * receive with restock (stock history), refund through the gateway (mail); each step audited and
 * sent to a subscribed integration. And what is refused: another's order, excluded items, too
 * many units, a closed window, the same units twice at once.
 */
describe.each(testEngines)('returns on %s', (engine) => {
  let t: TestServer;
  let staff: TestStaff;
  let shopper: TestClient;
  let email = '';
  let receiver: WebhookReceiver;
  const db = () => t.server.services.database.db;
  const key = () => crypto.randomUUID();
  const returnsOf = (orderId: string) =>
    db().selectFrom('returns').selectAll().where('order_id', '=', orderId).orderBy('requested_at').execute();
  const onHand = async (productId: string) =>
    Number(
      (
        await db()
          .selectFrom('inventory')
          .select('on_hand')
          .where('product_id', '=', productId)
          .executeTakeFirstOrThrow()
      ).on_hand,
    );

  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
    staff = await staffClient(t, 'staff');
    ({ client: shopper, email } = await signedInClient(t.url, 'Rosa'));
    receiver = await startWebhookReceiver(() => 'ok');
    const admin = await staffClient(t, 'admin');
    const created = await admin.client.form('/admin/webhooks', {
      intent: 'create',
      url: receiver.url,
      events: ['return.requested', 'return.approved', 'return.refused', 'return.received', 'return.refunded'],
    });
    expect(created.status).toBe(200);
    receiver.secret = /whsec_[A-Za-z0-9+/=]+/.exec(created.text)?.[0] ?? null;
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('goes from request to refund with restock, mails, audit entries and events', async () => {
    const { order, path, item } = await deliveredOrder(t, staff, shopper, email);
    const page = await shopper.get(path);
    expect(page.text).toContain('Request a return');
    expect(page.text).toContain(EXCLUDED.name);
    expect(page.text).toContain('This item cannot be returned once opened, for hygiene and safety reasons.');

    const asked = await postForm(
      t,
      shopper,
      path,
      returnForm(key(), 'damaged', { [item(RETURNABLE_A.id).id]: 1 }, 'The box was crushed.'),
    );
    expect(asked.status).toBe(200);
    const [requested] = await returnsOf(order.id);
    expect(requested).toMatchObject({ status: 'requested', reason: 'damaged', note: 'The box was crushed.' });
    expect(requested!.number).toMatch(/^R-[2-9A-HJKMNP-Z]{6}$/);
    expect((await shopper.get(path)).text).toContain(`Return ${requested!.number}`);

    const consolePath = `/admin/returns/${requested!.number}`;
    expect((await staff.client.get('/admin/returns?status=requested')).text).toContain(requested!.number);
    expect((await postForm(t, staff.client, consolePath, { intent: 'approve' })).status).toBe(200);
    const approvedMail = await t.smtp.waitFor(
      (m) => m.to.includes(email) && m.subject.includes('is approved'),
    );
    expect(approvedMail.text).toContain(`Your return number is ${requested!.number}`);
    expect(approvedMail.text).toContain('Write your return number');
    expect((await postForm(t, staff.client, consolePath, { intent: 'approve' })).status).toBe(409);

    const line = await db()
      .selectFrom('return_lines')
      .selectAll()
      .where('return_id', '=', requested!.id)
      .executeTakeFirstOrThrow();
    const stockBefore = await onHand(RETURNABLE_A.id);
    const noOutcome = await postForm(t, staff.client, consolePath, { intent: 'receive' });
    expect(noOutcome.status).toBe(400);
    expect(noOutcome.text).toContain('Choose restock or write off for every line.');
    const received = await postForm(t, staff.client, consolePath, {
      intent: 'receive',
      [`outcome-${line.id}`]: 'restock',
    });
    expect(received.status).toBe(200);
    expect(await onHand(RETURNABLE_A.id)).toBe(stockBefore + 1);
    const moves = await db()
      .selectFrom('stock_movements')
      .selectAll()
      .where('order_id', '=', order.id)
      .execute();
    expect(moves.map((m) => [m.product_id, m.delta, m.reason, m.actor_id])).toEqual([
      [RETURNABLE_A.id, 1, `Return ${requested!.number} of order ${order.reference}`, staff.id],
    ]);

    // The refund: the line's share (discount and tax in proportion) and the shipping (our error).
    const refundKey = key();
    const both = await Promise.all([
      postForm(t, staff.client, consolePath, { intent: 'refund', key: refundKey }),
      postForm(t, staff.client, consolePath, { intent: 'refund', key: refundKey }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 200]);
    const expected =
      lineRefundAmount(order, { lineTotal: item(RETURNABLE_A.id).line_total, quantity: 2 }, 1) +
      order.shipping;
    expect(order.shipping).toBeGreaterThan(0);
    const refunds = await db().selectFrom('refunds').selectAll().where('order_id', '=', order.id).execute();
    expect(refunds.map((r) => [r.status, r.amount])).toEqual([['succeeded', expected]]);
    const [refunded] = await returnsOf(order.id);
    expect(refunded).toMatchObject({
      status: 'refunded',
      refund_amount: expected,
      refund_shipping: order.shipping,
    });
    // The refund returned no units a second time: the receipt restocked them.
    expect(await onHand(RETURNABLE_A.id)).toBe(stockBefore + 1);
    const after = await db()
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: 'paid', refunded_total: expected });
    const refundMail = await t.smtp.waitFor(
      (m) => m.to.includes(email) && m.subject.includes('Refund for your'),
    );
    expect(refundMail.text).toContain(`1 x ${RETURNABLE_A.name}`);

    const timeline = (await staff.client.get(`/admin/orders/${order.reference}`)).text;
    for (const step of ['approved', 'received'])
      expect(timeline).toContain(`Return ${requested!.number} ${step}`);
    const orderPage = (await shopper.get(path)).text;
    for (const step of ['Requested', 'Approved', 'Received', 'Refunded']) expect(orderPage).toContain(step);
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', requested!.number)
      .orderBy('at')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['return.approve', 'return.receive', 'return.refund']);
    expect(audit.every((a) => a.actor_id === staff.id && a.target_type === 'return')).toBe(true);

    await waitUntil(() => receiver.accepted().size >= 4, 'the return events delivered', 60_000);
    const types = receiver.tries.filter((r) => r.answered === 'ok').map((r) => r.type);
    expect(types).toEqual(
      expect.arrayContaining(['return.requested', 'return.approved', 'return.received', 'return.refunded']),
    );
    expect(receiver.tries.every((r) => r.verified)).toBe(true);
  });

  it('refuses with a reason, mailed; the units may be asked for again', async () => {
    const { order, path, item } = await deliveredOrder(t, staff, shopper, email);
    const lines = { [item(RETURNABLE_B.id).id]: 1 };
    expect((await postForm(t, shopper, path, returnForm(key(), 'not_needed', lines))).status).toBe(200);
    const [ret] = await returnsOf(order.id);
    const consolePath = `/admin/returns/${ret!.number}`;
    const empty = await postForm(t, staff.client, consolePath, { intent: 'refuse', reason: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('Write why the return is refused');
    const refused = await postForm(t, staff.client, consolePath, {
      intent: 'refuse',
      reason: 'The seal is broken.',
    });
    expect(refused.status).toBe(200);
    const mail = await t.smtp.waitFor((m) => m.to.includes(email) && m.subject.includes('return request'));
    expect(mail.text).toContain('The seal is broken.');
    expect((await returnsOf(order.id))[0]).toMatchObject({
      status: 'refused',
      refusal_reason: 'The seal is broken.',
    });
    expect((await postForm(t, shopper, path, returnForm(key(), 'other', lines))).status).toBe(200);
  });

  it("refuses another's order, excluded items, too many units and a closed window, changing nothing", async () => {
    const { order, path, item } = await deliveredOrder(t, staff, shopper, email);
    const { client: other } = await signedInClient(t.url, 'Other');
    expect((await other.get(path)).status).toBe(404);
    const a = { [item(RETURNABLE_A.id).id]: 1 };
    expect((await postForm(t, other, path, returnForm(key(), 'other', a))).status).toBe(404);

    const excluded = await postForm(
      t,
      shopper,
      path,
      returnForm(key(), 'other', { [item(EXCLUDED.id).id]: 1 }),
    );
    expect(excluded.status).toBe(400);
    expect(excluded.text).toContain('cannot be returned once opened');
    const tooMany = await postForm(
      t,
      shopper,
      path,
      returnForm(key(), 'other', { [item(RETURNABLE_A.id).id]: 3 }),
    );
    expect(tooMany.status).toBe(409);
    expect(tooMany.text).toContain(`Only 2 of ${RETURNABLE_A.name} can still be returned.`);
    const none = await postForm(
      t,
      shopper,
      path,
      returnForm(key(), 'other', { [item(RETURNABLE_A.id).id]: 0 }),
    );
    expect(none.status).toBe(400);
    const noReason = await postForm(t, shopper, path, returnForm(key(), '', a));
    expect(noReason.status).toBe(400);
    expect(noReason.text).toContain('Choose why you are returning the items');
    expect(await returnsOf(order.id)).toEqual([]);

    const day = 24 * 60 * 60 * 1000;
    await db()
      .updateTable('orders')
      .set({ delivered_at: Date.now() - 31 * day })
      .where('id', '=', order.id)
      .execute();
    const late = await postForm(t, shopper, path, returnForm(key(), 'other', a));
    expect(late.status).toBe(409);
    expect(late.text).toContain('The 30-day return window for this order has closed.');
    expect(await returnsOf(order.id)).toEqual([]);
  });

  it('takes the same units once when two requests come at once, and one form sent twice once', async () => {
    const { order, path, item } = await deliveredOrder(t, staff, shopper, email);
    const all = { [item(RETURNABLE_A.id).id]: 2 };
    const answers = await Promise.all([
      postForm(t, shopper, path, returnForm(key(), 'other', all)),
      postForm(t, shopper, path, returnForm(key(), 'other', all)),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const sameKey = key();
    const b = { [item(RETURNABLE_B.id).id]: 1 };
    const twice = await Promise.all([
      postForm(t, shopper, path, returnForm(sameKey, 'other', b)),
      postForm(t, shopper, path, returnForm(sameKey, 'other', b)),
    ]);
    expect(twice.map((r) => r.status)).toEqual([200, 200]);
    const rows = await returnsOf(order.id);
    expect(rows).toHaveLength(2);
    const units = await db()
      .selectFrom('return_lines')
      .select(['order_item_id', 'quantity'])
      .where(
        'return_id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    expect(units.map((u) => [u.order_item_id, Number(u.quantity)]).sort()).toEqual(
      [
        [item(RETURNABLE_A.id).id, 2],
        [item(RETURNABLE_B.id).id, 1],
      ].sort(),
    );
  });

  it('writes off without restocking, and a refund the processor refuses leaves the return to refund again', async () => {
    const { order, path, item } = await deliveredOrder(t, staff, shopper, email);
    const lines = { [item(RETURNABLE_B.id).id]: 1 };
    expect((await postForm(t, shopper, path, returnForm(key(), 'mistake', lines))).status).toBe(200);
    const [ret] = await returnsOf(order.id);
    const consolePath = `/admin/returns/${ret!.number}`;
    expect((await postForm(t, staff.client, consolePath, { intent: 'approve' })).status).toBe(200);
    const line = await db()
      .selectFrom('return_lines')
      .select('id')
      .where('return_id', '=', ret!.id)
      .executeTakeFirstOrThrow();
    const stock = await onHand(RETURNABLE_B.id);
    const received = await postForm(t, staff.client, consolePath, {
      intent: 'receive',
      [`outcome-${line.id}`]: 'write_off',
    });
    expect(received.status).toBe(200);
    expect(await onHand(RETURNABLE_B.id)).toBe(stock);
    expect(
      await db().selectFrom('stock_movements').select('id').where('order_id', '=', order.id).execute(),
    ).toEqual([]);

    // A charge the test processor did not make: it refuses the refund.
    await db().updateTable('orders').set({ transaction_id: 'other_1' }).where('id', '=', order.id).execute();
    const refused = await postForm(t, staff.client, consolePath, { intent: 'refund', key: key() });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('cannot refund it');
    expect((await returnsOf(order.id))[0]).toMatchObject({ status: 'received', refund_key: null });
    const unchanged = await db()
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(Number(unchanged.refunded_total)).toBe(0);

    await db()
      .updateTable('orders')
      .set({ transaction_id: order.transaction_id })
      .where('id', '=', order.id)
      .execute();
    expect((await postForm(t, staff.client, consolePath, { intent: 'refund', key: key() })).status).toBe(200);
    // No error of ours: the line's share only, no shipping.
    const expected = lineRefundAmount(order, { lineTotal: item(RETURNABLE_B.id).line_total, quantity: 1 }, 1);
    expect((await returnsOf(order.id))[0]).toMatchObject({
      status: 'refunded',
      refund_amount: expected,
      refund_shipping: 0,
    });
  });

  // Last: it anonymises the shopper's orders.
  it("clears the shopper's notes when the account is erased", async () => {
    const { order, path, item } = await deliveredOrder(t, staff, shopper, email);
    const lines = { [item(RETURNABLE_B.id).id]: 1 };
    expect(
      (await postForm(t, shopper, path, returnForm(key(), 'other', lines, 'Call me on 555-0100'))).status,
    ).toBe(200);
    const userId = ((await shopper.get('/api/auth/get-session')).body as { user: { id: string } }).user.id;
    await db()
      .transaction()
      .execute((trx) => anonymiseOrdersOf(trx, userId));
    const [ret] = await returnsOf(order.id);
    expect(ret).toMatchObject({ note: '', status: 'requested' });
  });

  it('keeps the queue from customers', async () => {
    const customer = await staffClient(t, 'customer');
    expect((await customer.client.get('/admin/returns')).status).toBe(404);
  });
});
