import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eraseAccount } from '../../app/features/privacy/personal-data.server';
import { signedInClient } from '../support/accounts';
import { addToCart } from '../support/cart';
import { cardPayment, pay, startCheckout } from '../support/checkout';
import type { TestClient } from '../support/http-client';
import { postForm, staffClient, type TestStaff } from '../support/staff';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { askQuote, PRODUCT_A, PRODUCT_B, priceQuote, stockUp } from './quotes-support';

/**
 * Accepting a quote (docs/decisions/0059), what it refuses and what its held order survives:
 * too few units (refused, naming the product, nothing taken); a payment after the expiry; a new
 * checkout, which leaves the held order alone; a member's quote becomes the organisation's order.
 */
describe.each(testEngines)('accepting quotes on %s', (engine) => {
  let t: TestServer;
  let staff: TestStaff;
  let shopper: TestClient;
  let email = '';
  const db = () => t.server.services.database.db;
  const quoteRow = (reference: string) =>
    db().selectFrom('quotes').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
  const orderRow = (id: string) =>
    db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
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
  const accept = (reference: string) =>
    postForm(t, shopper, `/account/quotes/${reference}`, { intent: 'accept' });

  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
    staff = await staffClient(t, 'staff');
    ({ client: shopper, email } = await signedInClient(t.url, 'Quinn'));
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses acceptance when too few units are left, naming the product, and takes nothing', async () => {
    await stockUp(t);
    const reference = await askQuote(t, shopper);
    expect((await priceQuote(t, staff, reference)).status).toBe(200);
    await db()
      .updateTable('inventory')
      .set({ on_hand: 100 })
      .where('product_id', '=', PRODUCT_B.id)
      .execute();
    const stock = await onHand(PRODUCT_A.id);
    const refused = await accept(reference);
    expect(refused.status).toBe(409);
    expect(refused.text).toContain(`We do not have 150 units of ${PRODUCT_B.name} in stock now`);
    expect(await quoteRow(reference)).toMatchObject({ status: 'answered', order_id: null });
    expect(await onHand(PRODUCT_A.id)).toBe(stock);
    expect(await onHand(PRODUCT_B.id)).toBe(100);
    expect(await db().selectFrom('orders').select('id').execute()).toEqual([]);
  });

  it('keeps the held order through a new checkout, and refuses its payment after the expiry', async () => {
    await stockUp(t);
    const reference = await askQuote(t, shopper);
    expect((await priceQuote(t, staff, reference)).status).toBe(200);
    expect((await accept(reference)).status).toBe(200);
    const orderId = (await quoteRow(reference)).order_id!;

    // A new checkout cancels the account's older unpaid orders, but not one a quote holds.
    await addToCart(shopper, PRODUCT_A.id, 1);
    expect((await startCheckout(shopper, {})).status).toBe(201);
    expect((await orderRow(orderId)).status).toBe('pending');

    await db()
      .updateTable('orders')
      .set({ held_until: Date.now() - 1 })
      .where('id', '=', orderId)
      .execute();
    const charge = vi.spyOn(t.server.services.payments, 'charge');
    const late = await pay(shopper, orderId, cardPayment(undefined, email));
    expect(late.status).toBe(409);
    expect(late.text).toContain('This quote expired on');
    expect(charge).not.toHaveBeenCalled();
    charge.mockRestore();
    expect((await orderRow(orderId)).status).toBe('pending');
  });

  it('lets the shopper withdraw a request and decline a priced quote, after which neither is accepted', async () => {
    await stockUp(t);
    const waiting = await askQuote(t, shopper);
    const withdrawn = await postForm(t, shopper, `/account/quotes/${waiting}`, { intent: 'withdraw' });
    expect(withdrawn.status).toBe(200);
    expect((await quoteRow(waiting)).status).toBe('withdrawn');
    expect((await priceQuote(t, staff, waiting)).status).toBe(409);
    const priced = await askQuote(t, shopper);
    expect((await priceQuote(t, staff, priced)).status).toBe(200);
    expect((await postForm(t, shopper, `/account/quotes/${priced}`, { intent: 'decline' })).status).toBe(200);
    const late = await accept(priced);
    expect(late.status).toBe(409);
    expect(late.text).toContain('This quote cannot be accepted: it is declined.');
    expect(await quoteRow(priced)).toMatchObject({ status: 'declined', order_id: null });
  });

  it('erases an account’s quotes, their lines and thread with it', async () => {
    const { client: leaving, email: leavingEmail } = await signedInClient(t.url, 'Lee');
    const userId = ((await leaving.get('/api/auth/get-session')).body as { user: { id: string } }).user.id;
    const reference = await askQuote(t, leaving);
    const { id } = await quoteRow(reference);
    const noReviews = { reviewsForExport: async () => [], eraseReviews: async () => [] };
    await db()
      .transaction()
      .execute((trx) => eraseAccount(trx, { id: userId, email: leavingEmail }, noReviews));
    expect(await db().selectFrom('quotes').select('id').where('user_id', '=', userId).execute()).toEqual([]);
    expect(await db().selectFrom('quote_lines').select('id').where('quote_id', '=', id).execute()).toEqual(
      [],
    );
    expect(await db().selectFrom('quote_messages').select('id').where('quote_id', '=', id).execute()).toEqual(
      [],
    );
  });

  it('makes a member’s quote and its order the organisation’s, with the buyer’s name', async () => {
    await stockUp(t);
    const { client: member, email: memberEmail } = await signedInClient(t.url, 'Mira');
    const userId = ((await member.get('/api/auth/get-session')).body as { user: { id: string } }).user.id;
    const now = Date.now();
    await db()
      .insertInto('organisations')
      .values({
        id: 'org-quotes-test',
        name: 'Riverside Home Care',
        kind: 'home_care_agency',
        line1: '1 River Road',
        line2: null,
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        phone: null,
        npi: null,
        tax_id: null,
        status: 'approved',
        refusal_reason: null,
        applied_by: userId,
        decided_by: null,
        decided_at: null,
        po_required: 0,
        terms_days: null,
        credit_limit: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db()
      .insertInto('organisation_members')
      .values({
        organisation_id: 'org-quotes-test',
        user_id: userId,
        role: 'buyer',
        order_limit: null,
        monthly_limit: null,
        added_at: now,
      })
      .execute();
    const reference = await askQuote(t, member);
    expect((await quoteRow(reference)).organisation_id).toBe('org-quotes-test');
    expect((await priceQuote(t, staff, reference)).status).toBe(200);
    expect((await postForm(t, member, `/account/quotes/${reference}`, { intent: 'accept' })).status).toBe(
      200,
    );
    const order = await orderRow((await quoteRow(reference)).order_id!);
    expect(order).toMatchObject({
      organisation_id: 'org-quotes-test',
      buyer_name: 'Mira Tester',
      email: memberEmail.toLowerCase(),
    });
  });
});
