import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { quotedTotals, quoteExpiryDate } from '../../app/commerce/quotes';
import { shopSettingsOf } from '../../app/commerce/shop-settings-store.server';
import { sweepAbandonedOrders } from '../../app/features/orders/abandoned-orders.server';
import { signedInClient } from '../support/accounts';
import { cardPayment, pay } from '../support/checkout';
import type { TestClient } from '../support/http-client';
import { postForm, staffClient, type TestStaff } from '../support/staff';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { askQuote, PRODUCT_A, PRODUCT_B, priceQuote, stockUp } from './quotes-support';

/**
 * Quotes (docs/decisions/0059), through the pages' forms as posted without scripts: a shopper
 * asks for more than a cart holds, staff price it, the shopper accepts and pays the quoted
 * total; a quote past its expiry is refused and nothing changes; another shopper sees nothing;
 * the thread mails both ways; an unpaid accepted quote's order lasts until the expiry.
 */
describe.each(testEngines)('quotes on %s', (engine) => {
  let t: TestServer;
  let staff: TestStaff;
  let shopper: TestClient;
  let email = '';
  const db = () => t.server.services.database.db;
  const quoteRow = (reference: string) =>
    db().selectFrom('quotes').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
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
    ({ client: shopper, email } = await signedInClient(t.url, 'Quinn'));
    await stockUp(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('asks for 40 and 150 units, is priced by staff, accepted and paid at the quoted total', async () => {
    const storeEmail = t.server.services.env.STORE_EMAIL;
    const form = await shopper.get('/account/quotes');
    expect(form.text).toContain('Ask for a quote');
    const reference = await askQuote(t, shopper);
    const asked = await t.smtp.waitFor((m) => m.to.includes(storeEmail) && m.subject.includes(reference));
    expect(asked.text).toContain(`40 x ${PRODUCT_A.name}`);
    const lines = await db()
      .selectFrom('quote_lines')
      .select(['product_id', 'quantity', 'list_price', 'quoted_price'])
      .where('quote_id', '=', (await quoteRow(reference)).id)
      .orderBy('position')
      .execute();
    expect(
      lines.map((l) => [l.product_id, Number(l.quantity), Number(l.list_price), l.quoted_price]),
    ).toEqual([
      [PRODUCT_A.id, 40, PRODUCT_A.price, null],
      [PRODUCT_B.id, 150, PRODUCT_B.price, null],
    ]);
    expect((await staff.client.get('/admin/quotes?status=requested')).text).toContain(reference);

    const pastDay = await postForm(t, staff.client, `/admin/quotes/${reference}`, {
      intent: 'answer',
      expires: '2020-01-01',
      message: 'Prices',
    });
    expect(pastDay.status).toBe(400);
    expect(pastDay.text).toContain('Choose a day after today');
    expect((await quoteRow(reference)).status).toBe('requested');

    expect((await priceQuote(t, staff, reference)).status).toBe(200);
    const priced = await quoteRow(reference);
    expect(priced.status).toBe('answered');
    const ready = await t.smtp.waitFor(
      (m) => m.to.includes(email) && m.subject.includes(`quote ${reference} is ready`),
    );
    expect(ready.text).toContain('$12.34 each');
    const audit = await db().selectFrom('audit_log').selectAll().where('target_id', '=', reference).execute();
    expect(audit.map((a) => [a.action, a.actor_id])).toEqual([['quote.answer', staff.id]]);

    const page = await shopper.get(`/account/quotes/${reference}`);
    expect(page.text).toContain('$12.34');
    expect(page.text).toContain(quoteExpiryDate(Number(priced.expires_at)));
    const expected = await quotedTotals(
      shopSettingsOf(t.server.services),
      [
        { unitPrice: 1234, quantity: 40, taxExempt: false, freightOnly: false, hsaFsaEligible: false },
        { unitPrice: 500, quantity: 150, taxExempt: false, freightOnly: false, hsaFsaEligible: false },
      ],
      'TX',
    );
    expect(expected.subtotal).toBe(1234 * 40 + 500 * 150);
    expect(expected.tax).toBeGreaterThan(0);

    const before = [await onHand(PRODUCT_A.id), await onHand(PRODUCT_B.id)];
    expect((await postForm(t, shopper, `/account/quotes/${reference}`, { intent: 'accept' })).status).toBe(
      200,
    );
    const accepted = await quoteRow(reference);
    expect(accepted.status).toBe('accepted');
    const order = await db()
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', accepted.order_id!)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      status: 'pending',
      subtotal: expected.subtotal,
      shipping: expected.shipping,
      tax: expected.tax,
      total: expected.total,
      discount: 0,
      promo_code: null,
      user_id: accepted.user_id,
    });
    expect(Number(order.held_until)).toBe(Number(priced.expires_at));
    const items = await db()
      .selectFrom('order_items')
      .selectAll()
      .where('order_id', '=', order.id)
      .orderBy('position')
      .execute();
    expect(items.map((i) => [i.product_id, Number(i.unit_price), Number(i.quantity)])).toEqual([
      [PRODUCT_A.id, 1234, 40],
      [PRODUCT_B.id, 500, 150],
    ]);
    // The units are taken at acceptance, as a payment takes them.
    expect([await onHand(PRODUCT_A.id), await onHand(PRODUCT_B.id)]).toEqual([
      before[0]! - 40,
      before[1]! - 150,
    ]);
    expect((await postForm(t, shopper, `/account/quotes/${reference}`, { intent: 'accept' })).status).toBe(
      409,
    );

    const charge = vi.spyOn(t.server.services.payments, 'charge');
    const paid = await pay(shopper, order.id, cardPayment(undefined, email));
    expect(paid.status).toBe(200);
    expect(charge.mock.calls.map(([request]) => request.amountCents)).toEqual([expected.total]);
    charge.mockRestore();
    const after = await db()
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe('paid');
    expect(after.total).toBe(expected.total);
    // Paying took no second set of units.
    expect([await onHand(PRODUCT_A.id), await onHand(PRODUCT_B.id)]).toEqual([
      before[0]! - 40,
      before[1]! - 150,
    ]);
  });

  it('refuses acceptance after the expiry and changes nothing', async () => {
    const reference = await askQuote(t, shopper);
    expect((await priceQuote(t, staff, reference)).status).toBe(200);
    const lapsed = Date.now() - 60_000;
    await db().updateTable('quotes').set({ expires_at: lapsed }).where('reference', '=', reference).execute();
    const stock = await onHand(PRODUCT_A.id);
    const orders = await db().selectFrom('orders').select('id').execute();
    const refused = await postForm(t, shopper, `/account/quotes/${reference}`, { intent: 'accept' });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain(`This quote expired on ${quoteExpiryDate(lapsed)}.`);
    expect(await quoteRow(reference)).toMatchObject({ status: 'answered', order_id: null });
    expect(await onHand(PRODUCT_A.id)).toBe(stock);
    expect((await db().selectFrom('orders').select('id').execute()).length).toBe(orders.length);
    expect((await shopper.get(`/account/quotes/${reference}`)).text).toContain('Expired');
  });

  it('shows and accepts another shopper nothing', async () => {
    const reference = await askQuote(t, shopper);
    expect((await priceQuote(t, staff, reference)).status).toBe(200);
    const { client: other } = await signedInClient(t.url, 'Otto');
    expect((await other.get(`/account/quotes/${reference}`)).status).toBe(404);
    expect((await postForm(t, other, `/account/quotes/${reference}`, { intent: 'accept' })).status).toBe(404);
    expect((await other.get('/account/quotes')).text).not.toContain(reference);
    expect((await quoteRow(reference)).status).toBe('answered');
    // A customer is no member of staff: the console answers 404.
    expect((await shopper.get(`/admin/quotes/${reference}`)).status).toBe(404);
  });

  it('carries messages both ways, each mailed', async () => {
    const storeEmail = t.server.services.env.STORE_EMAIL;
    const reference = await askQuote(t, shopper);
    const empty = await postForm(t, shopper, `/account/quotes/${reference}`, {
      intent: 'message',
      message: ' ',
    });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('Write your message');
    const asked = await postForm(t, shopper, `/account/quotes/${reference}`, {
      intent: 'message',
      message: 'Can you deliver by Friday?',
    });
    expect(asked.status).toBe(200);
    const toStore = await t.smtp.waitFor(
      (m) => m.to.includes(storeEmail) && m.subject === `New message on quote ${reference}`,
    );
    expect(toStore.text).toContain('Can you deliver by Friday?');
    expect((await staff.client.get(`/admin/quotes/${reference}`)).text).toContain(
      'Can you deliver by Friday?',
    );
    const answered = await postForm(t, staff.client, `/admin/quotes/${reference}`, {
      intent: 'message',
      message: 'Yes, by Thursday.',
    });
    expect(answered.status).toBe(200);
    const toShopper = await t.smtp.waitFor(
      (m) =>
        m.to.includes(email) &&
        m.subject.includes(`quote ${reference}`) &&
        m.text.includes('Yes, by Thursday.'),
    );
    expect(toShopper.subject).toBe(`A message about your MediSupply quote ${reference}`);
    expect((await shopper.get(`/account/quotes/${reference}`)).text).toContain('Yes, by Thursday.');
    const audit = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', reference)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['quote.message']);
  });

  it('keeps an accepted quote’s unpaid order until the expiry, then the sweep cancels it and returns its units', async () => {
    const reference = await askQuote(t, shopper);
    expect((await priceQuote(t, staff, reference)).status).toBe(200);
    const stock = await onHand(PRODUCT_A.id);
    expect((await postForm(t, shopper, `/account/quotes/${reference}`, { intent: 'accept' })).status).toBe(
      200,
    );
    const { order_id } = await quoteRow(reference);
    expect(await onHand(PRODUCT_A.id)).toBe(stock - 40);
    // Older than the sweep's cutoff, but the quote still holds: it stays.
    await db()
      .updateTable('orders')
      .set({ created_at: Date.now() - 86_400_000 })
      .where('id', '=', order_id!)
      .execute();
    expect((await sweepAbandonedOrders(db(), 3_600_000)).cancelled).not.toContain(order_id);
    await db()
      .updateTable('orders')
      .set({ held_until: Date.now() - 1 })
      .where('id', '=', order_id!)
      .execute();
    expect((await sweepAbandonedOrders(db(), 3_600_000)).cancelled).toContain(order_id);
    const order = await db()
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', order_id!)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('cancelled');
    expect(await onHand(PRODUCT_A.id)).toBe(stock);
    expect((await shopper.get(`/account/quotes/${reference}`)).text).toContain(
      'It was not paid by the expiry date, so it is cancelled.',
    );
  });
});
