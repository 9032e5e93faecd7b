import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPurchasable } from '../../app/commerce/catalogue/catalog';
import { SEED_PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import { cardPayment, startCheckout } from '../support/checkout';
import { createClient, type TestClient } from '../support/http-client';
import { staffClient, type TestStaff } from '../support/staff';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { waitUntil } from '../support/wait-until';

const stocked = SEED_PRODUCTS.filter((p) => isPurchasable(p.stock) && p.onHand >= 40);
const MOBILITY = stocked.find((p) => p.category === 'mobility')!;
const OTHER = stocked.find((p) => p.category !== 'mobility')!;

/** Tomorrow in the store's time zone, as the console's date field takes it. */
const tomorrow = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(Date.now() + 86_400_000);

/**
 * Promotions as rows staff keep (docs/decisions/0052): the seven codes of the specification
 * seeded, a spring sale made in the console applied to its category only, pause and expiry,
 * the audit log, and uses counted at payment: 30 buyers paying at once for a code of 10 uses
 * give exactly 10 discounted paid orders, the others refused and not charged.
 */
describe.each(testEngines)('promotions on %s', (engine) => {
  let t: TestServer;
  let staff: TestStaff;
  let buyers = 0;
  const db = () => t.server.services.database.db;
  // Each buyer pays from its own address behind the trusted proxy (the per-address limit is not under test).
  const guest = (): TestClient =>
    createClient(t.url, { headers: { 'x-forwarded-for': `198.51.100.${++buyers % 250}` } });

  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false', TRUSTED_PROXIES: '127.0.0.1' });
    staff = await staffClient(t, 'staff');
  });
  afterAll(async () => t.close());

  const quote = async (promoCode: string, items: { productId: string; quantity: number }[]) =>
    (await guest().post('/api/checkout/quote', { items, promoCode })).body as {
      subtotal: number;
      discount: number;
      promoCode: string | null;
      promoMessage: string | null;
    };

  const springSale = (fields: Record<string, string> = {}) =>
    staff.client.form('/admin/promotions/new', {
      intent: 'save',
      code: 'spring20',
      label: '20% off mobility',
      kind: 'percent',
      value: '20',
      scope: 'category',
      scopeIds: 'mobility',
      endsOn: tomorrow(),
      usageLimit: '10',
      ...fields,
    });

  it('seeds the seven codes of the specification', async () => {
    const rows = await db()
      .selectFrom('promotions')
      .select(['code', 'kind', 'value'])
      .orderBy('code')
      .execute();
    expect(rows.map((r) => `${r.code}:${r.kind}:${Number(r.value)}`)).toEqual([
      'BESTSAVE10:percent:10',
      'EXTRASAVE5:percent:5',
      'FREEBARNO:free_shipping:0',
      'HEALTH15:percent:15',
      'NEWARRIVE15:percent:15',
      'SEASONSHIP:free_shipping:0',
      'WELCOME10:percent:10',
    ]);
  });

  it('refuses a bad form with field messages and saves nothing; customers cannot reach it', async () => {
    const bad = await springSale({ code: 'x', value: '120', scopeIds: 'no-such-category', endsOn: 'soon' });
    expect(bad.status).toBe(400);
    for (const message of [
      'The promotion was not saved: see the fields below.',
      'Enter a code of 3 to 32 letters, digits, - or _.',
      'Enter the end date as a date',
    ])
      expect(bad.text).toContain(message);
    expect((await springSale({ value: '120' })).text).toContain('Enter the percent off, from 1 to 100.');
    const unknownScope = await springSale({ scopeIds: 'no-such-category' });
    expect(unknownScope.text).toContain('Not in the catalogue: no-such-category.');
    const customer = await staffClient(t, 'customer');
    expect((await customer.client.form('/admin/promotions/new', { intent: 'save' })).status).toBe(404);
    expect(await db().selectFrom('promotions').select('id').where('code', '=', 'SPRING20').execute()).toEqual(
      [],
    );
  });

  it('makes SPRING20 in the console: 20 % off the mobility lines only, audited, at once on the storefront', async () => {
    const created = await springSale();
    expect(created.status).toBe(200);
    expect(created.text).toContain('Promotion SPRING20 created.');
    const again = await springSale({ code: 'Spring20' });
    expect(again.status).toBe(400);
    expect(again.text).toContain('SPRING20 exists already: choose another code.');
    const items = [
      { productId: MOBILITY.id, quantity: 1 },
      { productId: OTHER.id, quantity: 1 },
    ];
    const priced = await quote('spring20', items);
    expect(priced).toMatchObject({ promoCode: 'SPRING20', discount: Math.round(MOBILITY.price * 0.2) });
    const none = await quote('SPRING20', [{ productId: OTHER.id, quantity: 1 }]);
    expect(none).toMatchObject({ promoCode: null, discount: 0 });
    expect(none.promoMessage).toMatch(/SPRING20 applies to selected categories only/);
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'promotion.create')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({ code: 'SPRING20', value: 20, usage_limit: 10 });
  });

  it('applies a code through the cart form as the page script posts it', async () => {
    const shopper = guest();
    const applied = await shopper.form('/cart', {
      intent: 'promo',
      code: 'spring20',
      productId: [MOBILITY.id],
      quantity: [2],
    });
    expect(applied.status).toBe(200);
    expect(applied.body).toEqual({
      code: 'SPRING20',
      label: '20% off mobility',
      percentOff: 20,
      freeShipping: false,
    });
    const refused = await shopper.form('/cart', {
      intent: 'promo',
      code: 'SPRING20',
      productId: [OTHER.id],
      quantity: [1],
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { code: 'promo_not_applicable' } });
    const best = await shopper.form('/cart', {
      intent: 'promo',
      code: 'bestsave10',
      productId: [OTHER.id],
      quantity: [1],
    });
    expect(best.body).toMatchObject({
      error: { message: 'BESTSAVE10 applies when you buy two or more items.' },
    });
  });

  it('gives a fixed amount never beyond the covered lines, and free shipping', async () => {
    const made = await staff.client.form('/admin/promotions/new', {
      intent: 'save',
      code: 'TENOFF',
      label: '$10 off',
      kind: 'fixed',
      value: '10.00',
      scope: 'product',
      scopeIds: OTHER.id,
      minSubtotal: '1.00',
    });
    expect(made.status).toBe(200);
    const priced = await quote('TENOFF', [{ productId: OTHER.id, quantity: 1 }]);
    expect(priced.discount).toBe(Math.min(1_000, OTHER.price));
    expect((await quote('FREEBARNO', [{ productId: OTHER.id, quantity: 1 }])).discount).toBe(0);
  });

  it('30 buyers pay at once for a code of 10 uses: 10 paid with the discount, 20 refused and not charged', async () => {
    const row = await db()
      .selectFrom('promotions')
      .select('id')
      .where('code', '=', 'SPRING20')
      .executeTakeFirstOrThrow();
    const buyersOf = Array.from({ length: 30 }, () => guest());
    const sessions: { orderId: string }[] = [];
    for (const client of buyersOf) {
      const { status, session } = await startCheckout(client, {
        items: [{ productId: MOBILITY.id, quantity: 1 }],
        promoCode: 'SPRING20',
      });
      expect(status).toBe(201);
      sessions.push(session);
    }
    const answers = await Promise.all(
      buyersOf.map((client, i) =>
        client.request(`/api/checkout/${sessions[i]!.orderId}/pay`, {
          method: 'POST',
          body: cardPayment(undefined, `buyer${i}@example.com`),
          headers: { 'idempotency-key': `spring-${i}-${engine}` },
        }),
      ),
    );
    const paid = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(paid).toHaveLength(10);
    expect(refused).toHaveLength(20);
    for (const answer of refused) {
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({
        error: {
          code: 'promo_not_applicable',
          message: expect.stringMatching(/SPRING20 has reached its limit/),
        },
      });
    }
    const orders = await db()
      .selectFrom('orders')
      .select(['status', 'discount', 'transaction_id'])
      .where('promo_code', '=', 'SPRING20')
      .execute();
    const paidOrders = orders.filter((o) => o.status === 'paid');
    expect(paidOrders).toHaveLength(10);
    expect(paidOrders.every((o) => Number(o.discount) === Math.round(MOBILITY.price * 0.2))).toBe(true);
    // The refused were never sent to the processor.
    expect(orders.filter((o) => o.transaction_id !== null)).toHaveLength(10);
    const counted = await db()
      .selectFrom('promotions')
      .select('used')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(Number(counted.used)).toBe(10);
    const uses = await db()
      .selectFrom('promotion_uses')
      .select('order_id')
      .where('promotion_id', '=', row.id)
      .execute();
    expect(uses).toHaveLength(10);
    // The storefront's read model follows the count: the cart says so before any checkout.
    await waitUntil(
      async () =>
        /reached its limit/.test(
          (await quote('SPRING20', [{ productId: MOBILITY.id, quantity: 1 }])).promoMessage ?? '',
        ),
      'the quote to say SPRING20 is used up',
      10_000,
    );
  });

  it('a declined card gives the use back', async () => {
    await staff.client.form('/admin/promotions/new', {
      intent: 'save',
      code: 'ONCEONLY',
      label: 'Once',
      kind: 'percent',
      value: '5',
      scope: 'all',
      usageLimit: '1',
    });
    const client = guest();
    const { session } = await startCheckout(client, {
      items: [{ productId: OTHER.id, quantity: 1 }],
      promoCode: 'ONCEONLY',
    });
    const declined = await client.request(`/api/checkout/${session.orderId}/pay`, {
      method: 'POST',
      body: cardPayment('4000000000000002'),
    });
    expect(declined.status).toBe(402);
    const row = await db()
      .selectFrom('promotions')
      .select('used')
      .where('code', '=', 'ONCEONLY')
      .executeTakeFirstOrThrow();
    expect(Number(row.used)).toBe(0);
    const ok = await client.request(`/api/checkout/${session.orderId}/pay`, {
      method: 'POST',
      body: cardPayment(),
    });
    expect(ok.status).toBe(200);
  });

  it('a code once per customer: the same address is refused at payment the second time, and not charged', async () => {
    await staff.client.form('/admin/promotions/new', {
      intent: 'save',
      code: 'ONEEACH',
      label: 'Once each',
      kind: 'percent',
      value: '5',
      scope: 'all',
      perCustomerLimit: '1',
    });
    const buy = async () => {
      const client = guest();
      const { session } = await startCheckout(client, {
        items: [{ productId: OTHER.id, quantity: 1 }],
        promoCode: 'ONEEACH',
      });
      return client.request(`/api/checkout/${session.orderId}/pay`, {
        method: 'POST',
        body: cardPayment(undefined, 'Repeat@Example.com'),
      });
    };
    expect((await buy()).status).toBe(200);
    const second = await buy();
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      error: {
        message:
          'You have already used ONEEACH as many times as it allows. Please remove it from your cart and check out again.',
      },
    });
    const row = await db()
      .selectFrom('promotions')
      .select('used')
      .where('code', '=', 'ONEEACH')
      .executeTakeFirstOrThrow();
    expect(Number(row.used)).toBe(1);
  });

  it('pauses, resumes and expires a code, each audited; the storefront follows', async () => {
    const { id } = await db()
      .selectFrom('promotions')
      .select('id')
      .where('code', '=', 'WELCOME10')
      .executeTakeFirstOrThrow();
    const items = [{ productId: OTHER.id, quantity: 1 }];
    expect((await staff.client.form('/admin/promotions', { intent: 'pause', promotion: id })).status).toBe(
      200,
    );
    expect(await quote('WELCOME10', items)).toMatchObject({
      promoCode: null,
      promoMessage: 'WELCOME10 is not available at the moment.',
    });
    expect((await staff.client.form(`/admin/promotions/${id}`, { intent: 'resume' })).status).toBe(200);
    expect((await quote('WELCOME10', items)).promoCode).toBe('WELCOME10');
    expect((await staff.client.form(`/admin/promotions/${id}`, { intent: 'expire' })).status).toBe(200);
    expect((await quote('WELCOME10', items)).promoMessage).toBe('WELCOME10 has expired.');
    const actions = await db()
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('target_id', '=', id)
      .orderBy('at')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['promotion.pause', 'promotion.resume', 'promotion.expire']);
    expect(JSON.parse(actions[0]!.after!)).toEqual({ paused: 1 });
    const page = await staff.client.get('/admin/promotions');
    expect(page.status).toBe(200);
  });
});
