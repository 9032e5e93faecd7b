import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../app/commerce/invoices/invoices';
import { addToCart } from '../support/cart';
import { cardPayment, pay, startCheckout } from '../support/checkout';
import { pdfText } from '../support/pdf-text';
import { postForm, staffClient, type TestStaff } from '../support/staff';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { invoiceBody, memberOf, organisationWith, placeOnTerms, productFor } from './invoices-support';

/**
 * Buying on an organisation's terms (docs/decisions/0058) over real HTTP: the purchase order at
 * checkout, an order placed by invoice without a card, its numbered PDF mailed and read back,
 * the credit limit under two buyers at once, the hold on a 30-day overdue invoice, and the
 * invoiced order packed, shipped and delivered.
 */
describe.each(testEngines)('buying on invoice terms on %s', (engine) => {
  let t: TestServer;
  let staff: TestStaff;
  const db = () => t.server.services.database.db;

  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
    staff = await staffClient(t, 'staff');
  });
  afterAll(async () => {
    await t.close();
  });

  it('asks for the purchase order number when the organisation requires one', async () => {
    const organisationId = await organisationWith(t, { poRequired: true, termsDays: null });
    const buyer = await memberOf(t, organisationId, 'buyer', 'Priya');
    const line = productFor(10_000);
    await addToCart(buyer.client, line.product.id, 1);
    const refused = await startCheckout(buyer.client, { paymentMethod: 'card' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: { code: 'po_required', fields: { poNumber: 'Enter your purchase order number' } },
    });
    const tooLong = await startCheckout(buyer.client, { paymentMethod: 'card', poNumber: 'P'.repeat(41) });
    expect(tooLong.status).toBe(400);
    const bad = await startCheckout(buyer.client, { paymentMethod: 'card', poNumber: 'PO\u0007' });
    expect(bad.status).toBe(400);
    // Invoice terms are not granted: paying by invoice is refused, card is not.
    const noTerms = await startCheckout(buyer.client, { paymentMethod: 'invoice', poNumber: 'PO-1' });
    expect(noTerms.status).toBe(409);
    const placed = await startCheckout(buyer.client, { paymentMethod: 'card', poNumber: ' PO-2291/A ' });
    expect(placed.status).toBe(201);
    expect(
      (await pay(buyer.client, placed.session.orderId, cardPayment(undefined, buyer.email))).status,
    ).toBe(200);
    const order = await db()
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', placed.session.orderId)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      organisation_id: organisationId,
      po_number: 'PO-2291/A',
      buyer_name: 'Priya Tester',
      status: 'paid',
    });
  });

  it('places an order by invoice without a card, mails the numbered PDF and ships it', async () => {
    const organisationId = await organisationWith(t, { termsDays: 30, creditLimit: 500_000 });
    const admin = await memberOf(t, organisationId, 'admin', 'Ada');
    const buyer = await memberOf(t, organisationId, 'buyer', 'Ben');
    const line = productFor(20_000);
    const { session, paid } = await placeOnTerms(buyer.client, buyer.email, line, { poNumber: 'PO-7781' });
    expect(paid.status, paid.text).toBe(200);
    const order = await db()
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', session.orderId)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'invoiced', card_last4: null, transaction_id: null });
    const invoice = await db()
      .selectFrom('invoices')
      .selectAll()
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(invoice.number).toMatch(/^INV-\d{6}$/);
    expect(invoice).toMatchObject({ amount: order.total, paid_amount: 0, status: 'open', terms_days: 30 });
    expect(Number(invoice.due_at) - Number(invoice.issued_at)).toBe(30 * DAY_MS);
    // The same press again: the order stands, no second invoice.
    expect((await pay(buyer.client, order.id, invoiceBody(buyer.email))).status).toBe(200);
    expect(
      await db().selectFrom('invoices').select('id').where('order_id', '=', order.id).execute(),
    ).toHaveLength(1);

    for (const to of [buyer.email, admin.email]) {
      const mail = await t.smtp.waitFor(
        (m) => m.to.includes(to) && m.subject.includes(invoice.number),
        10_000,
      );
      expect(mail.text).toContain(order.reference);
      const pdf = mail.attachments.find((a) => a.contentType === 'application/pdf');
      expect(pdf?.filename).toBe(`MediSupply-invoice-${invoice.number}.pdf`);
      const text = await pdfText(new Uint8Array(pdf!.content));
      expect(text).toContain(`Invoice ${invoice.number}`);
      expect(text).toContain('Purchase order: PO-7781');
      expect(text).toContain('Net 30');
      expect(text).toContain(line.product.name);
      expect(text).toContain(
        `Total ${(order.total / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' })}`,
      );
      expect(text).toContain('Harbor Home Care');
      expect(text).toContain('Ship to: Pat Shopper');
    }

    // Fulfilment works from the invoiced state.
    const path = `/admin/orders/${order.reference}`;
    expect((await postForm(t, staff.client, path, { intent: 'pack' })).status).toBe(200);
    const shipped = await postForm(t, staff.client, path, {
      intent: 'ship',
      carrier: 'ups',
      trackingNumber: '1Z999AA10123456784',
    });
    expect(shipped.status).toBe(200);
    expect((await postForm(t, staff.client, path, { intent: 'deliver' })).status).toBe(200);
    const delivered = await db()
      .selectFrom('orders')
      .select(['status', 'fulfilment'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(delivered).toEqual({ status: 'invoiced', fulfilment: 'delivered' });
  });

  it('lets only one of two buyers placing at once past the credit limit', async () => {
    const organisationId = await organisationWith(t, { termsDays: 30, creditLimit: 100_000 });
    const first = await memberOf(t, organisationId, 'buyer', 'Cara');
    const second = await memberOf(t, organisationId, 'buyer', 'Dev');
    const lineA = productFor(60_000, 0);
    const lineB = productFor(60_000, 1);
    await addToCart(first.client, lineA.product.id, lineA.quantity);
    await addToCart(second.client, lineB.product.id, lineB.quantity);
    const a = await startCheckout(first.client, { paymentMethod: 'invoice' });
    const b = await startCheckout(second.client, { paymentMethod: 'invoice' });
    expect([a.status, b.status]).toEqual([201, 201]);
    for (const s of [a.session, b.session]) expect(s.amount).toBeGreaterThan(50_000);
    const results = await Promise.all([
      pay(first.client, a.session.orderId, invoiceBody(first.email)),
      pay(second.client, b.session.orderId, invoiceBody(second.email)),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = results.find((r) => r.status === 409)!;
    expect(refused.text).toContain('over its credit limit of $1,000.00');
    const invoices = await db()
      .selectFrom('invoices')
      .select('amount')
      .where('organisation_id', '=', organisationId)
      .execute();
    expect(invoices).toHaveLength(1);
    // The refused order holds no units: they went back with the rolled-back transaction.
    const refusedOrder = results[0]!.status === 409 ? a.session.orderId : b.session.orderId;
    const held = await db()
      .selectFrom('orders')
      .select(['status', 'stock_held'])
      .where('id', '=', refusedOrder)
      .executeTakeFirstOrThrow();
    expect(held.status).toBe('pending');
    expect(Number(held.stock_held)).toBe(0);
  });

  it('holds paying by invoice while an invoice is 30 days overdue, card still works', async () => {
    const organisationId = await organisationWith(t, { termsDays: 15, creditLimit: 1_000_000 });
    const buyer = await memberOf(t, organisationId, 'buyer', 'Eli');
    const line = productFor(10_000, 2);
    const { session, paid } = await placeOnTerms(buyer.client, buyer.email, line);
    expect(paid.status).toBe(200);
    await db()
      .updateTable('invoices')
      .set({ due_at: Date.now() - 30 * DAY_MS - 60_000 })
      .where('order_id', '=', session.orderId)
      .execute();
    const number = (
      await db()
        .selectFrom('invoices')
        .select('number')
        .where('order_id', '=', session.orderId)
        .executeTakeFirstOrThrow()
    ).number;
    await addToCart(buyer.client, line.product.id, 1);
    const held = await startCheckout(buyer.client, { paymentMethod: 'invoice' });
    expect(held.status).toBe(409);
    expect(held.text).toContain(`invoice ${number} is 30 days or more overdue`);
    const card = await startCheckout(buyer.client, { paymentMethod: 'card' });
    expect(card.status).toBe(201);
    expect((await pay(buyer.client, card.session.orderId, cardPayment(undefined, buyer.email))).status).toBe(
      200,
    );
  });
});
