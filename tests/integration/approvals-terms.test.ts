import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart } from '../support/cart';
import { pay, startCheckout } from '../support/checkout';
import { postForm } from '../support/staff';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { setLimits } from './approvals-support';
import { invoiceBody, memberOf, organisationWith, productFor } from './invoices-support';

const PAGE = '/account/organisation/approvals';

/**
 * An order over a buyer's limit that was checked out on the organisation's invoice terms is placed
 * on them when an approver approves it (issue 34, point 2: "or it is charged to terms"): the
 * invoice is made and mailed, and nothing is left for the buyer to do. When the terms refuse it
 * (over the credit limit), the approval stands and the buyer places it later from the order page.
 */
describe.each(testEngines)('an approved order on invoice terms on %s', (engine) => {
  let t: TestServer;
  const db = () => t.server.services.database.db;
  const orderOf = (orderId: string) =>
    db().selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  const invoicesOf = (orderId: string) =>
    db().selectFrom('invoices').selectAll().where('order_id', '=', orderId).execute();

  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
  });
  afterAll(async () => t.close());

  /** A buyer over a $10 order limit checks out on terms with a PO: the order waits. */
  async function waitingOnTerms(organisationId: string) {
    const buyer = await memberOf(t, organisationId, 'buyer', 'Coral');
    await setLimits(db(), buyer.userId, { order: 1000 });
    const line = productFor(20_000);
    await addToCart(buyer.client, line.product.id, line.quantity);
    const checkout = await startCheckout(buyer.client, { paymentMethod: 'invoice', poNumber: 'PO-7781' });
    expect(checkout.status, checkout.text).toBe(201);
    expect(checkout.session.approval?.message).toMatch(/has been sent to .*'s approvers/);
    // Waiting: the buyer cannot place it on terms yet.
    const early = await pay(buyer.client, checkout.session.orderId, invoiceBody(buyer.email));
    expect(early.status).toBe(409);
    expect(await invoicesOf(checkout.session.orderId)).toHaveLength(0);
    return { buyer, session: checkout.session };
  }

  it('places the order on terms at approval, with its invoice mailed to the buyer', async () => {
    const organisationId = await organisationWith(t, { termsDays: 30 });
    const approver = await memberOf(t, organisationId, 'approver', 'Dean');
    const { buyer, session } = await waitingOnTerms(organisationId);

    const approved = await postForm(t, approver.client, PAGE, {
      intent: 'approve',
      reference: session.reference,
    });
    expect(approved.status).toBe(200);
    const [invoice] = await invoicesOf(session.orderId);
    expect(invoice).toBeDefined();
    expect(approved.text).toContain(`Order ${session.reference} approved and placed on`);
    expect(approved.text).toContain(`invoice ${invoice!.number}`);
    const order = await orderOf(session.orderId);
    expect(order.status).toBe('invoiced');
    expect(order.po_number).toBe('PO-7781');
    expect(Number(invoice!.amount)).toBe(session.amount);

    const decision = await t.smtp.waitFor(
      (m) =>
        m.to.includes(buyer.email) && m.subject === `Your order ${session.reference} is approved and placed`,
    );
    expect(decision.text).toContain(`invoice ${invoice!.number} is emailed to you separately`);
    const invoiceMail = await t.smtp.waitFor(
      (m) => m.to.includes(buyer.email) && m.subject.includes(invoice!.number),
    );
    expect(invoiceMail.attachments.some((a) => a.contentType === 'application/pdf')).toBe(true);

    // Nothing is left to pay on the order page; a second placement places nothing more.
    const page = await buyer.client.get(`/account/orders/${session.reference}`);
    expect(page.text).not.toContain('Pay now');
    const again = await pay(buyer.client, session.orderId, invoiceBody(buyer.email));
    expect(again.status).toBe(200);
    expect(await invoicesOf(session.orderId)).toHaveLength(1);
  });

  it('keeps the approval when the terms refuse the order, and the buyer places it once they allow', async () => {
    const organisationId = await organisationWith(t, { termsDays: 30, creditLimit: 5_000 });
    const approver = await memberOf(t, organisationId, 'admin', 'Elsa');
    const { buyer, session } = await waitingOnTerms(organisationId);

    const approved = await postForm(t, approver.client, PAGE, {
      intent: 'approve',
      reference: session.reference,
    });
    expect(approved.status).toBe(200);
    expect(approved.text).toContain(
      `Order ${session.reference} approved. It could not be placed on invoice terms:`,
    );
    expect(approved.text).toContain('is emailed a link to place it');
    expect((await orderOf(session.orderId)).status).toBe('pending');
    expect(await invoicesOf(session.orderId)).toHaveLength(0);
    const approval = await db()
      .selectFrom('order_approvals')
      .select('status')
      .where('order_id', '=', session.orderId)
      .executeTakeFirstOrThrow();
    expect(approval.status).toBe('approved');

    const page = await buyer.client.get(`/account/orders/${session.reference}`);
    expect(page.text).toContain('Approved: ready to place on invoice terms');
    await db()
      .updateTable('organisations')
      .set({ credit_limit: null })
      .where('id', '=', organisationId)
      .execute();
    const placed = await pay(buyer.client, session.orderId, invoiceBody(buyer.email));
    expect(placed.status, placed.text).toBe(200);
    expect((await orderOf(session.orderId)).status).toBe('invoiced');
    expect(await invoicesOf(session.orderId)).toHaveLength(1);
  });
});
