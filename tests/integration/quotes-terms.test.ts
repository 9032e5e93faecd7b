import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postForm, staffClient, type TestStaff } from '../support/staff';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { memberOf, organisationWith } from './invoices-support';
import { askQuote, PRODUCT_A, priceQuote, stockUp } from './quotes-support';

/**
 * A quote accepted on the organisation's invoice terms (issue 34, point 5: "the buyer accepts and
 * pays or places it on terms at exactly the quoted prices"): the member gives the purchase order
 * the organisation requires, chooses the terms, and the order is placed on them at once with its
 * invoice; held terms and an organisation without terms refuse the choice and write nothing.
 */
describe.each(testEngines)('quotes accepted on invoice terms on %s', (engine) => {
  let t: TestServer;
  let staff: TestStaff;
  const db = () => t.server.services.database.db;
  const quoteRow = (reference: string) =>
    db().selectFrom('quotes').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
  const onHand = async () =>
    Number(
      (
        await db()
          .selectFrom('inventory')
          .select('on_hand')
          .where('product_id', '=', PRODUCT_A.id)
          .executeTakeFirstOrThrow()
      ).on_hand,
    );

  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
    staff = await staffClient(t, 'staff');
    await stockUp(t);
  });
  afterAll(async () => t.close());

  /** A member's priced quote; the page offers the organisation's terms (or says why not). */
  async function pricedQuote(organisationId: string) {
    const member = await memberOf(t, organisationId, 'buyer', 'Noor');
    const reference = await askQuote(t, member.client);
    expect((await priceQuote(t, staff, reference)).status).toBe(200);
    return { member, reference, page: `/account/quotes/${reference}` };
  }

  it('places the accepted quote on net-30 terms with its PO, at the quoted prices, with its invoice', async () => {
    const organisationId = await organisationWith(t, { termsDays: 30, poRequired: true });
    const { member, reference, page } = await pricedQuote(organisationId);
    const shown = await member.client.get(page);
    expect(shown.text).toContain('PO number (required)');
    expect(shown.text).toContain('How to pay');
    expect(shown.text).toContain('Pay by invoice (net 30)');

    // The organisation requires a PO: without one nothing is accepted or taken.
    const before = await onHand();
    const bare = await postForm(t, member.client, page, { intent: 'accept', paymentMethod: 'invoice' });
    expect(bare.status).toBe(400);
    expect(bare.text).toContain('Enter your purchase order number');
    expect((await quoteRow(reference)).status).toBe('answered');
    expect(await onHand()).toBe(before);

    const accepted = await postForm(t, member.client, page, {
      intent: 'accept',
      paymentMethod: 'invoice',
      poNumber: 'PO-55012',
    });
    expect(accepted.status).toBe(200);
    expect(accepted.text).toContain(
      "Quote accepted: your order is placed on your organisation's invoice terms",
    );
    const quote = await quoteRow(reference);
    expect(quote.status).toBe('accepted');
    const order = await db()
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', quote.order_id!)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'invoiced', payment_method: 'invoice', po_number: 'PO-55012' });
    const items = await db()
      .selectFrom('order_items')
      .select(['product_id', 'unit_price', 'quantity'])
      .where('order_id', '=', order.id)
      .execute();
    expect(items.find((item) => item.product_id === PRODUCT_A.id)).toMatchObject({ quantity: 40 });
    expect(Number(items.find((item) => item.product_id === PRODUCT_A.id)!.unit_price)).toBe(1234);
    // The units were taken once, at acceptance; placing on terms took none again.
    expect(await onHand()).toBe(before - 40);
    const [invoice] = await db()
      .selectFrom('invoices')
      .selectAll()
      .where('order_id', '=', order.id)
      .execute();
    expect(Number(invoice!.amount)).toBe(Number(order.total));
    expect(accepted.text).toContain(invoice!.number);
    const mail = await t.smtp.waitFor(
      (m) => m.to.includes(member.email) && m.subject.includes(invoice!.number),
    );
    expect(mail.attachments.some((a) => a.contentType === 'application/pdf')).toBe(true);
    // Nothing is left to pay on the quote's page.
    expect((await member.client.get(page)).text).not.toContain('Place order on invoice');
  });

  it('refuses the terms while they are held, and where the organisation has none; nothing is written', async () => {
    // A credit limit the open balance ($0) has reached: the terms are paused.
    const held = await pricedQuote(await organisationWith(t, { termsDays: 30, creditLimit: 0 }));
    const page = await held.member.client.get(held.page);
    expect(page.text).toContain('Paying by invoice is paused');
    expect(page.text).not.toContain('How to pay');
    const refused = await postForm(t, held.member.client, held.page, {
      intent: 'accept',
      paymentMethod: 'invoice',
    });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('Paying by invoice is paused');
    expect((await quoteRow(held.reference)).status).toBe('answered');

    const none = await pricedQuote(await organisationWith(t, { termsDays: null }));
    expect((await none.member.client.get(none.page)).text).not.toContain('How to pay');
    const notOffered = await postForm(t, none.member.client, none.page, {
      intent: 'accept',
      paymentMethod: 'invoice',
    });
    expect(notOffered.status).toBe(400);
    expect(notOffered.text).toContain('Your organisation does not pay by invoice.');
    expect((await quoteRow(none.reference)).order_id).toBeNull();
    // By card it is accepted as before, and paid on the page.
    const byCard = await postForm(t, none.member.client, none.page, { intent: 'accept' });
    expect(byCard.status).toBe(200);
    expect(byCard.text).toContain('Pay for it below.');
  });
});
