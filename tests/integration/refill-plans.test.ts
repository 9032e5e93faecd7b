import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../app/commerce/refills/refill-dates';
import { REFILL_TEXT } from '../../app/commerce/refills/refill-plans';
import { storeDate } from '../../app/lib/store-time';
import { signedInClient } from '../support/accounts';
import { CARDS, TEST_ADDRESS } from '../support/checkout';
import type { TestClient } from '../support/http-client';
import { CUSHION, cardFields, subscribe, userIdOf } from '../support/refills';
import { guest, postForm } from '../support/staff';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 35, point 5: a shopper subscribes to a refillable product over real HTTP (the page's
 * form, posted as a browser posts it). The plan keeps the server's price, a saved card's token
 * (never the card), a copy of the address, and its first cycle; a refused form changes nothing.
 */
describe.each(testEngines)('setting up a refill plan on %s', (engine) => {
  let t: TestServer;
  let validating: TestClient | undefined;
  const db = () => t.server.services.database.db;

  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
  });
  afterAll(async () => t.close());

  const plansOf = (userId: string) =>
    db().selectFrom('refill_plans').selectAll().where('user_id', '=', userId).execute();

  it('creates the plan at the server price with a saved card token, its line and first cycle', async () => {
    const { client } = await signedInClient(t.url, 'Ada');
    const me = await userIdOf(client);
    // The price as the database has it now is the one the plan keeps, whatever the form says.
    await db().updateTable('products').set({ price: 4321 }).where('id', '=', CUSHION).execute();
    const firstDate = addDays(storeDate(Date.now()), 30);
    const created = await subscribe(t, client, { firstDate, unitPrice: '1', price: '1' });
    expect(created.status).toBe(302);
    expect(created.location).toBe(`/account/refills?created=${created.planId}`);

    const [plan] = await plansOf(me);
    expect(plan).toMatchObject({
      id: created.planId,
      status: 'active',
      interval_weeks: 4,
      next_date: firstDate,
      ship_name: TEST_ADDRESS.recipientName,
      ship_line1: TEST_ADDRESS.line1,
      ship_city: TEST_ADDRESS.city,
      ship_state: 'OR',
      ship_zip: TEST_ADDRESS.zip,
      shipping_option: 'standard',
      card_brand: 'Visa',
      card_last4: '4242',
      card_expiry: `12/${cardFields().cardExpiryYear}`,
    });
    expect(plan!.card_token).toMatch(/^test_tok_ok_/);
    expect(JSON.stringify(plan)).not.toContain(CARDS.visa);
    const lines = await db()
      .selectFrom('refill_plan_lines')
      .selectAll()
      .where('plan_id', '=', plan!.id)
      .execute();
    expect(lines.map((l) => [l.product_id, l.quantity, l.unit_price])).toEqual([[CUSHION, 2, 4321]]);
    const cycles = await db()
      .selectFrom('refill_cycles')
      .selectAll()
      .where('plan_id', '=', plan!.id)
      .execute();
    expect(cycles.map((c) => [c.due_date, c.status, c.attempts])).toEqual([[firstDate, 'scheduled', 0]]);
    // Nothing was charged: the card was only saved.
    expect(await db().selectFrom('test_gateway_charges').selectAll().execute()).toEqual([]);

    const page = await client.get(`/account/refills?created=${created.planId}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(REFILL_TEXT.created);
    expect(page.text).toContain('Fisher &amp; Paykel Evora Full Face Mask Replacement Cushion');
    expect(page.text).toContain('Every 4 weeks');
    expect(page.text).toContain('Visa ending in 4242');
    expect(page.text).not.toContain(plan!.card_token!);
    await db().updateTable('products').set({ price: 4599 }).where('id', '=', CUSHION).execute();
  });

  it('uses a saved address of the shopper, and lets a shopper keep several plans', async () => {
    const { client } = await signedInClient(t.url, 'Bea');
    const me = await userIdOf(client);
    await postForm(t, client, '/account', {
      intent: 'address-save',
      ...TEST_ADDRESS,
      recipientName: 'Bea Home',
    });
    const [saved] = await db().selectFrom('addresses').selectAll().where('user_id', '=', me).execute();
    const first = await subscribe(t, client, { addressId: saved!.id, recipientName: '', line1: '' });
    expect(first.status).toBe(302);
    const second = await subscribe(t, client, { weeks: '12', quantity: '1', shipping: 'expedited' });
    expect(second.status).toBe(302);
    const plans = await plansOf(me);
    expect(plans.map((p) => [p.ship_name, p.interval_weeks, p.shipping_option]).sort()).toEqual([
      ['Bea Home', 4, 'standard'],
      [TEST_ADDRESS.recipientName, 12, 'expedited'],
    ]);
  });

  it('keeps a shopper to 20 plans when several forms arrive at once', async () => {
    const { client } = await signedInClient(t.url, 'Gil');
    const me = await userIdOf(client);
    const first = await subscribe(t, client);
    expect(first.status).toBe(302);
    const [plan] = await plansOf(me);
    // 18 more of the same plan, written directly: 19 live, one place left.
    await db()
      .insertInto('refill_plans')
      .values(Array.from({ length: 18 }, () => ({ ...plan!, id: randomUUID() })))
      .execute();
    await db()
      .insertInto('refill_plans')
      .values({ ...plan!, id: randomUUID(), status: 'cancelled' })
      .execute();

    const answers = await Promise.all([1, 2, 3].map(() => subscribe(t, client)));
    expect(answers.map((a) => a.status).sort()).toEqual([302, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.text).toContain(REFILL_TEXT.limit);
    }
    const live = (await plansOf(me)).filter((p) => p.status !== 'cancelled');
    expect(live).toHaveLength(20);
    // The four cards saved here do not count against the other tests' (one address for all).
    await db().deleteFrom('rate_limits').where('key', 'like', 'card-save:%').execute();
  });

  it.each([
    ['quantity', { quantity: '0' }, 'quantity', REFILL_TEXT.quantity, 400],
    ['an interval not offered', { weeks: '5' }, 'weeks', REFILL_TEXT.weeks, 400],
    [
      'a first date too soon',
      { firstDate: addDays(storeDate(Date.now()), 1) },
      'firstDate',
      REFILL_TEXT.firstDateRange,
      400,
    ],
    ['a date that is none', { firstDate: '2027-02-30' }, 'firstDate', REFILL_TEXT.firstDate, 400],
    ['a shipping option that is none', { shipping: 'overnight' }, 'shipping', REFILL_TEXT.shipping, 400],
    ['a bad ZIP code', { zip: '123' }, 'zip', 'Enter a 5-digit ZIP code, or ZIP+4 (12345-6789)', 400],
    [
      'a short card number',
      { cardNumber: '4242' },
      'cardNumber',
      'Card number must be at least 13 digits',
      400,
    ],
    ['an expired card', { cardExpiryYear: '20' }, 'cardExpiryYear', 'This card has expired', 400],
    [
      'a card the gateway declines',
      { cardNumber: CARDS.insufficient },
      'cardNumber',
      'Your card was declined.',
      402,
    ],
  ])('refuses %s with its message and stores nothing', async (_label, overrides, _field, message, status) => {
    validating ??= (await signedInClient(t.url, 'Val')).client;
    const refused = await subscribe(t, validating, overrides);
    expect(refused.status).toBe(status);
    expect(refused.text).toContain(message);
    // The card typed is never sent back into the page.
    expect(refused.text).not.toContain(CARDS.visa);
    expect(await plansOf(await userIdOf(validating))).toEqual([]);
  });

  it('refuses a product that is not refillable, and another user’s address, as not found', async () => {
    const { client } = await signedInClient(t.url, 'Cy');
    expect((await client.get('/account/refills/new?product=resmed-airsense-11-autoset-cpap')).status).toBe(
      404,
    );
    const notOffered = await subscribe(t, client, { productId: 'resmed-airsense-11-autoset-cpap' });
    expect(notOffered.status).toBe(404);
    expect(notOffered.text).toContain(REFILL_TEXT.notOffered);

    const { client: other } = await signedInClient(t.url, 'Dee');
    await postForm(t, other, '/account', {
      intent: 'address-save',
      ...TEST_ADDRESS,
      recipientName: 'Dee Home',
    });
    const [theirs] = await db()
      .selectFrom('addresses')
      .selectAll()
      .where('user_id', '=', await userIdOf(other))
      .execute();
    const stolen = await subscribe(t, client, { addressId: theirs!.id });
    expect(stolen.status).toBe(404);
    expect(stolen.text).not.toContain('Dee Home');
    expect(await plansOf(await userIdOf(client))).toEqual([]);
  });

  it('sends a guest to sign in and back, and refuses a form from another site', async () => {
    const asked = `/account/refills/new?product=${CUSHION}&weeks=8&quantity=1`;
    const visitor = await guest(t).get(asked);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get('location')).toBe(`/login?redirectTo=${encodeURIComponent(asked)}`);

    const { client } = await signedInClient(t.url, 'Eve');
    const page = await client.get(asked);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Set up a refill plan');
    expect(page.text).toMatch(/<option value="8" selected="">Deliver every 8 weeks<\/option>/);
    expect(page.text).toContain(`value="${addDays(storeDate(Date.now()), 56)}"`);

    const foreign = await postForm(
      t,
      client,
      '/account/refills/new',
      { intent: 'subscribe' },
      'https://evil.example',
    );
    expect(foreign.status).toBe(403);
    expect(await plansOf(await userIdOf(client))).toEqual([]);
  });

  it('offers "Deliver every N weeks" on a refillable product page only', async () => {
    const cushion = await guest(t).get(`/product/${CUSHION}`);
    expect(cushion.text).toContain('Deliver on a schedule');
    expect(cushion.text).toContain('Deliver every 4 weeks');
    expect(cushion.text).toContain('action="/account/refills/new"');
    const machine = await guest(t).get('/product/resmed-airsense-11-autoset-cpap');
    expect(machine.text).not.toContain('Deliver on a schedule');
  });
});

describe('setting up a refill plan where the gateway cannot save cards', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('sqlite', { REQUIRE_EMAIL_VERIFICATION: 'false', PAYMENT_PROVIDER: 'none' });
  });
  afterAll(async () => t.close());

  it('says refills are not available and creates nothing', async () => {
    const { client } = await signedInClient(t.url, 'Flo');
    const page = await client.get(`/account/refills/new?product=${CUSHION}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Refills on a schedule are not available at the moment');
    expect(page.text).not.toContain('Start refill plan');
    const refused = await subscribe(t, client);
    expect(refused.status).toBe(503);
    expect(refused.text).toContain('Refills on a schedule are not available at the moment');
    expect(await t.server.services.database.db.selectFrom('refill_plans').selectAll().execute()).toEqual([]);
  });
});
