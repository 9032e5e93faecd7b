import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '../../app/commerce/order-states';
import { monthSpend, monthSpendQuery } from '../../app/commerce/organisations/spending.server';
import { sweepAbandonedOrders } from '../../app/features/orders/abandoned-orders.server';
import { addToCart } from '../support/cart';
import { cardPayment, pay, startCheckout } from '../support/checkout';
import { postForm } from '../support/staff';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  approvedOrganisation,
  type Member,
  newMember,
  openOrder,
  setLimits,
  STOCKED,
} from './approvals-support';

const PAGE = '/account/organisation/approvals';
const PRODUCT = STOCKED[0]!;
const OTHER = STOCKED[1]!;

/**
 * Spending limits and approvals (issue 34, point 2; docs/decisions/0056): a checkout over a
 * member's order or monthly limit waits for the organisation's approvers; approving re-checks the
 * catalogue; sending back cancels and mails; only an approved order is paid, once; and the monthly
 * limit holds at the payment lock when two payments of one member race.
 */
describe.each(testEngines)('spending limits and approvals on %s', (engine) => {
  let t: TestServer;
  let organisationId = '';
  let approver: Member;
  const db = () => t.server.services.database.db;
  const approvalOf = (orderId: string) =>
    db().selectFrom('order_approvals').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
  const auditOf = (reference: string) =>
    db()
      .selectFrom('audit_log')
      .select(['action', 'actor_email'])
      .where('target_type', '=', 'order')
      .where('target_id', '=', reference)
      .execute();
  const orderOf = (orderId: string) =>
    db().selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
    organisationId = await approvedOrganisation(db(), 'Cedar Clinic', 'founder');
    approver = await newMember(t, organisationId, 'approver', {}, 'Alma');
  });
  afterAll(async () => t.close());

  /** A buyer over a $10 order limit with one unit of the product in the cart: the order waits. */
  async function waitingOrder(product = PRODUCT) {
    const buyer = await newMember(t, organisationId, 'buyer', { order: 1000 });
    await addToCart(buyer.client, product.id, 1);
    const checkout = await startCheckout(buyer.client, {});
    expect(checkout.status).toBe(201);
    return { buyer, session: checkout.session };
  }

  it('sends an order over the order limit to the approvers, and refuses to take its payment', async () => {
    const { buyer, session } = await waitingOrder();
    expect(session.approval?.message).toBe(
      "Your order is over your spending limit of $10.00 and has been sent to Cedar Clinic's approvers. We'll email you when it is approved.",
    );
    const approval = await approvalOf(session.orderId);
    expect(approval).toMatchObject({
      status: 'waiting',
      buyer_id: buyer.userId,
      organisation_id: organisationId,
    });
    expect(approval.why).toMatch(/is over the order limit of \$10\.00/);
    const order = await orderOf(session.orderId);
    expect(order.organisation_id).toBe(organisationId);
    const mail = await t.smtp.waitFor(
      (m) => m.to.includes(approver.email) && m.subject.includes(session.reference),
    );
    expect(mail.text).toContain('over the order limit');
    const refused = await pay(buyer.client, session.orderId, cardPayment(undefined, buyer.email));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error: {
        code: 'approval_required',
        message: expect.stringMatching(/waiting for your organisation's approval/),
      },
    });
    expect((await orderOf(session.orderId)).transaction_id).toBeNull();
  });

  it('counts the month: a second order over the monthly limit waits, the first was paid', async () => {
    const buyer = await newMember(t, organisationId, 'buyer');
    await addToCart(buyer.client, PRODUCT.id, 1);
    const first = (await startCheckout(buyer.client, {})).session;
    expect(first.approval).toBeUndefined();
    const limit = Math.floor(first.amount * 1.5);
    await setLimits(db(), buyer.userId, { monthly: limit });
    expect((await pay(buyer.client, first.orderId, cardPayment(undefined, buyer.email))).status).toBe(200);
    await addToCart(buyer.client, PRODUCT.id, 1);
    const second = (await startCheckout(buyer.client, {})).session;
    expect(second.amount).toBe(first.amount);
    expect(second.approval?.message).toMatch(/over your spending limit of \$[\d,.]+ and has been sent/);
    expect((await approvalOf(second.orderId)).why).toMatch(
      /spent this month plus this order's .* is over the monthly limit/,
    );
  });

  it("leaves cancelled orders out of the month, read from the index of the member's orders", async () => {
    const buyer = await newMember(t, organisationId, 'buyer');
    await addToCart(buyer.client, PRODUCT.id, 1);
    const paid = (await startCheckout(buyer.client, {})).session;
    expect((await pay(buyer.client, paid.orderId, cardPayment(undefined, buyer.email))).status).toBe(200);
    await addToCart(buyer.client, PRODUCT.id, 1);
    const dropped = (await startCheckout(buyer.client, {})).session;
    await db()
      .updateTable('orders')
      .set({ status: STATUS.cancelled, stock_held: 1 })
      .where('id', '=', dropped.orderId)
      .execute();
    expect(await monthSpend(db(), buyer.userId, Date.now())).toBe(paid.amount);
    expect(await monthSpend(db(), buyer.userId, Date.now(), paid.orderId)).toBe(0);
    // Every checkout and payment of a buyer asks it: it must not read the member's orders one by
    // one. SQLite's plan is fixed by the schema; PostgreSQL's depends on table statistics (a
    // test's few rows are read by a sequential scan), and was checked by hand at 100,000 orders.
    if (engine === 'sqlite') {
      const query = monthSpendQuery(db(), buyer.userId, Date.now(), paid.orderId).compile();
      const plan = await db().executeQuery(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      expect(JSON.stringify(plan.rows)).toContain('orders_member_spend_idx');
    }
  });

  it('approves only at the catalogue price of now; the approved order is paid once, at its amount', async () => {
    const { buyer, session } = await waitingOrder();
    await db()
      .updateTable('products')
      .set({ price: PRODUCT.price + 500 })
      .where('id', '=', PRODUCT.id)
      .execute();
    const refused = await postForm(t, approver.client, PAGE, {
      intent: 'approve',
      reference: session.reference,
    });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain(`The price of ${PRODUCT.name} has changed since the order was placed`);
    expect((await approvalOf(session.orderId)).status).toBe('waiting');
    await db().updateTable('products').set({ price: PRODUCT.price }).where('id', '=', PRODUCT.id).execute();
    // The buyer cannot approve (their role), nor can anyone approve their own order.
    const byBuyer = await postForm(t, buyer.client, PAGE, {
      intent: 'approve',
      reference: session.reference,
    });
    expect(byBuyer.status).toBe(404);
    const approved = await postForm(t, approver.client, PAGE, {
      intent: 'approve',
      reference: session.reference,
    });
    expect(approved.status).toBe(200);
    expect(approved.text).toContain(`Order ${session.reference} approved.`);
    expect(await approvalOf(session.orderId)).toMatchObject({
      status: 'approved',
      decided_by: approver.userId,
    });
    expect(await auditOf(session.reference)).toEqual([
      { action: 'order.approve', actor_email: approver.email },
    ]);
    const mail = await t.smtp.waitFor((m) => m.to.includes(buyer.email) && m.subject.includes('is approved'));
    expect(mail.text).toContain(`/account/orders/${session.reference}`);
    const orderPage = await buyer.client.get(`/account/orders/${session.reference}`);
    expect(orderPage.text).toContain('Approved: ready to pay');
    expect(orderPage.text).toContain('Pay now');
    // The buyer's next checkout leaves the approved order to be paid.
    await addToCart(buyer.client, OTHER.id, 1);
    const next = (await startCheckout(buyer.client, {})).session;
    expect((await orderOf(session.orderId)).status).toBe('pending');
    const paid = await pay(buyer.client, session.orderId, cardPayment(undefined, buyer.email));
    expect(paid.status).toBe(200);
    const order = await orderOf(session.orderId);
    expect(order.status).toBe('paid');
    expect(Number(order.total)).toBe(session.amount);
    expect((await buyer.client.get(`/account/orders/${session.reference}`)).text).not.toContain('Pay now');
    const again = await pay(buyer.client, session.orderId, cardPayment(undefined, buyer.email));
    expect(again.status).toBe(200);
    expect((await orderOf(session.orderId)).transaction_id).toBe(order.transaction_id);
    const attempts = await db()
      .selectFrom('payment_attempts')
      .select('transaction_id')
      .where('order_id', '=', session.orderId)
      .where('transaction_id', 'is not', null)
      .execute();
    expect(new Set(attempts.map((a) => a.transaction_id)).size).toBe(1);
    expect(next.orderId).not.toBe(session.orderId);
  });

  it('sends back with a required comment: the order is cancelled and the buyer mailed', async () => {
    const { buyer, session } = await waitingOrder();
    const bare = await postForm(t, approver.client, PAGE, {
      intent: 'sendBack',
      reference: session.reference,
      comment: ' ',
    });
    expect(bare.status).toBe(400);
    expect(bare.text).toContain('Write a comment for the buyer');
    expect((await approvalOf(session.orderId)).status).toBe('waiting');
    const comment = 'Please order the standard model instead.';
    const sent = await postForm(t, approver.client, PAGE, {
      intent: 'sendBack',
      reference: session.reference,
      comment,
    });
    expect(sent.status).toBe(200);
    expect(await approvalOf(session.orderId)).toMatchObject({ status: 'returned', comment });
    expect(await auditOf(session.reference)).toEqual([
      { action: 'order.send_back', actor_email: approver.email },
    ]);
    expect((await orderOf(session.orderId)).status).toBe('cancelled');
    const mail = await t.smtp.waitFor(
      (m) => m.to.includes(buyer.email) && m.subject.includes('was sent back'),
    );
    expect(mail.text).toContain(comment);
    const refused = await pay(buyer.client, session.orderId, cardPayment(undefined, buyer.email));
    expect(refused.status).toBe(409);
    const twice = await postForm(t, approver.client, PAGE, {
      intent: 'sendBack',
      reference: session.reference,
      comment,
    });
    expect(twice.status).toBe(409);
    // The buyer sees their request, its status and the comment.
    const page = await buyer.client.get(PAGE);
    expect(page.text).toContain(session.reference);
    expect(page.text).toContain(comment);
  });

  it('withdraws a waiting order when the buyer starts a new checkout', async () => {
    const { buyer, session } = await waitingOrder();
    await setLimits(db(), buyer.userId, {});
    await addToCart(buyer.client, OTHER.id, 1);
    expect((await startCheckout(buyer.client, {})).status).toBe(201);
    expect((await approvalOf(session.orderId)).status).toBe('withdrawn');
    expect((await orderOf(session.orderId)).status).toBe('cancelled');
  });

  it('keeps a waiting order from the abandoned-order sweep for 7 days', async () => {
    const { session } = await waitingOrder();
    const later = Date.now() + 60_000;
    const kept = await sweepAbandonedOrders(db(), 0, later);
    expect(kept.cancelled).not.toContain(session.orderId);
    expect((await orderOf(session.orderId)).status).toBe('pending');
    const swept = await sweepAbandonedOrders(db(), 0, Date.now() + 8 * 86_400_000);
    expect(swept.cancelled).toContain(session.orderId);
    // Nobody decided it: the request leaves the approvers' queue with its order.
    expect((await approvalOf(session.orderId)).status).toBe('withdrawn');
    expect((await approver.client.get(PAGE)).text).not.toContain(session.reference);
  });

  it('lets exactly one of two $600 payments of a member with a $1,000 monthly limit through', async () => {
    const buyer = await newMember(t, organisationId, 'buyer', { monthly: 100_000 });
    const orders = [
      await openOrder(db(), buyer, organisationId, PRODUCT, 60_000),
      await openOrder(db(), buyer, organisationId, OTHER, 60_000),
    ];
    const answers = await Promise.all(
      orders.map((order, i) =>
        buyer.client.request(`/api/checkout/${order.id}/pay`, {
          method: 'POST',
          body: cardPayment(undefined, buyer.email),
          headers: { 'idempotency-key': `limit-${i}-${engine}` },
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(refused.body).toMatchObject({
      error: {
        code: 'over_limit',
        message: expect.stringMatching(/^Nothing was charged: .* over the monthly limit of \$1,000\.00/),
      },
    });
    const rows = await Promise.all(orders.map((order) => orderOf(order.id)));
    expect(rows.filter((row) => row.status === 'paid')).toHaveLength(1);
    // The refused one holds no units and was never sent to the processor.
    const other = rows.find((row) => row.status !== 'paid')!;
    expect(Number(other.stock_held)).toBe(0);
    expect(other.transaction_id).toBeNull();
  });
});
