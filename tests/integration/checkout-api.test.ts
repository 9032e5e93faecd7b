import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPurchasable } from '../../app/commerce/catalogue/catalog';
import { SEED_PRODUCTS as PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import { formatPrice } from '../../app/commerce/money';
import { signedInClient } from '../support/accounts';
import { bankPayment, CARDS, cardPayment, pay, startCheckout, withAddress } from '../support/checkout';
import { createClient } from '../support/http-client';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { addToCart } from '../support/cart';

const inStock = PRODUCTS.filter((p) => isPurchasable(p.stock));
const cheap = inStock.find((p) => p.price < 10_000)!;
const pricey = inStock.find((p) => p.price >= 50_000)!;

describe.each(testEngines)('checkout and payment on %s', (engine) => {
  let t: TestServer;
  const logLines: string[] = [];
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    const logger = pino({ level: 'trace' }, sink);
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' }, { logger });
  });
  afterAll(async () => t.close());

  const orderRow = (id: string) =>
    t.server.services.database.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('prices a guest cart from the catalogue and refuses client amounts and prices', async () => {
    const guest = createClient(t.url);
    const { status, session } = await startCheckout(guest, { items: [{ productId: cheap.id, quantity: 2 }] });
    expect(status).toBe(201);
    expect(session).toMatchObject({
      amount: cheap.price * 2 + 999,
      subtotal: cheap.price * 2,
      shipping: 999,
      discount: 0,
      mock: true,
    });
    expect(session.reference).toMatch(/^MS-[2-9A-HJKMNP-Z]{8}$/);
    expect(session.url).toBe(`/order-success?order_ref=${session.reference}&payment_method=card`);

    for (const tampered of [
      { items: [{ productId: cheap.id, quantity: 1, price: 1 }] },
      { items: [{ productId: cheap.id, quantity: 1 }], amount: 1 },
      { items: [{ productId: cheap.id, quantity: 1 }], subtotal: 1, discount: 100_000 },
    ]) {
      const refused = await guest.post('/api/checkout', withAddress(tampered));
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        error: { code: 'invalid_body', message: 'This field is not allowed.' },
      });
    }
    const paid = await pay(guest, session.orderId, { ...cardPayment(), amount: 1 });
    expect(paid.status).toBe(400);
    expect((await orderRow(session.orderId)).status).toBe('pending');
  });

  it('refuses an empty cart with the spec message', async () => {
    const response = await createClient(t.url).post('/api/checkout', withAddress({ items: [] }));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: { code: 'empty_cart', message: 'Your cart is empty. Add some items before checkout.' },
    });
  });

  it('computes the amounts for each promotion', async () => {
    const guest = createClient(t.url);
    const lines = [{ productId: cheap.id, quantity: 2 }];
    const sub = cheap.price * 2;
    const expectations: Record<string, { shipping: number; discount: number }> = {
      WELCOME10: { shipping: 999, discount: Math.round(sub * 0.1) },
      FREEBARNO: { shipping: 0, discount: 0 },
      NEWARRIVE15: { shipping: 999, discount: Math.round(sub * 0.15) },
      HEALTH15: { shipping: 999, discount: Math.round(sub * 0.15) },
      BESTSAVE10: { shipping: 999, discount: Math.round(sub * 0.1) },
      EXTRASAVE5: { shipping: 999, discount: Math.round(sub * 0.05) },
      SEASONSHIP: { shipping: 0, discount: 0 },
    };
    for (const [code, expected] of Object.entries(expectations)) {
      const { status, session } = await startCheckout(guest, { items: lines, promoCode: code.toLowerCase() });
      expect(status, code).toBe(201);
      expect(session, code).toMatchObject({
        subtotal: sub,
        ...expected,
        amount: sub + expected.shipping - expected.discount,
      });
    }
    const big = await startCheckout(guest, { items: [{ productId: pricey.id, quantity: 1 }] });
    expect(big.session.shipping).toBe(0);

    const one = await guest.post(
      '/api/checkout',
      withAddress({ items: [{ productId: cheap.id, quantity: 1 }], promoCode: 'BESTSAVE10' }),
    );
    expect(one.status).toBe(409);
    expect(one.body).toMatchObject({
      error: { message: 'BESTSAVE10 applies when you buy two or more items.' },
    });
    const unknown = await guest.post('/api/checkout', withAddress({ items: lines, promoCode: 'FREEMONEY' }));
    expect(unknown.body).toMatchObject({
      error: { code: 'promo_not_applicable', message: 'Invalid promo code' },
    });
  });

  it('pays once under 20 concurrent submissions and keeps the first result', async () => {
    const guest = createClient(t.url);
    const { session } = await startCheckout(guest, { items: [{ productId: cheap.id, quantity: 1 }] });
    const body = cardPayment(CARDS.visa, 'concurrent@example.com');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        pay(guest, session.orderId, body, i % 2 === 0 ? 'same-key-0001' : undefined),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const attempts = await t.server.services.database.db
      .selectFrom('payment_attempts')
      .select(['status', 'transaction_id'])
      .where('order_id', '=', session.orderId)
      .execute();
    const charges = new Set(attempts.map((a) => a.transaction_id));
    expect(charges.size).toBe(1);
    const order = await orderRow(session.orderId);
    expect(order).toMatchObject({
      status: 'paid',
      card_brand: 'visa',
      card_last4: '4242',
      total: session.amount,
    });

    const again = await pay(guest, session.orderId, body, 'same-key-0001');
    expect(again.status).toBe(200);
    const changed = await pay(guest, session.orderId, cardPayment(CARDS.visa2), 'same-key-0001');
    expect(changed.status).toBe(409);
    expect(changed.body).toMatchObject({ error: { code: 'idempotency_mismatch' } });
    await t.smtp.waitFor((m) => m.to.includes('concurrent@example.com'));
    await t.settled();
    expect(t.smtp.messages.filter((m) => m.to.includes('concurrent@example.com'))).toHaveLength(1);
  });

  it('keeps a declined order payable, then pays it, and mails a confirmation', async () => {
    const guest = createClient(t.url);
    const { session } = await startCheckout(guest, { items: [{ productId: cheap.id, quantity: 3 }] });
    const declined = await pay(guest, session.orderId, cardPayment(CARDS.declined, 'decline@example.com'));
    expect(declined.status).toBe(402);
    expect(declined.body).toEqual({
      error: { code: 'payment_declined', message: 'Your card was declined.' },
    });
    expect((await orderRow(session.orderId)).status).toBe('failed');
    const poor = await pay(guest, session.orderId, cardPayment(CARDS.insufficient, 'decline@example.com'));
    expect(poor.body).toMatchObject({ error: { message: 'Insufficient funds.' } });

    const approved = await pay(guest, session.orderId, cardPayment(CARDS.visa2, 'decline@example.com'));
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ success: true, reference: session.reference, url: session.url });
    expect(await orderRow(session.orderId)).toMatchObject({
      status: 'paid',
      card_last4: '1111',
      email: 'decline@example.com',
    });

    const mail = await t.smtp.waitFor((m) => m.to.includes('decline@example.com'));
    expect(mail.subject).toContain(session.reference);
    expect(mail.text).toContain(`3 x ${cheap.name}`);
    expect(mail.text).toContain('Visa ending in 1111');
    expect(mail.raw).not.toContain(CARDS.visa2);
  });

  it('pays by bank transfer and checks the routing number', async () => {
    const guest = createClient(t.url);
    const { session } = await startCheckout(guest, {
      items: [{ productId: cheap.id, quantity: 1 }],
      paymentMethod: 'bank_transfer',
    });
    expect(session.url).toContain('payment_method=bank_transfer');
    const bad = await pay(guest, session.orderId, { ...bankPayment(), routingNumber: '011000016' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { fields: { routingNumber: 'Invalid routing number' } } });
    const card = await pay(guest, session.orderId, cardPayment());
    expect(card.status).toBe(409);
    const ok = await pay(guest, session.orderId, bankPayment());
    expect(ok.status).toBe(200);
    expect(await orderRow(session.orderId)).toMatchObject({
      status: 'paid',
      bank_last4: '6789',
      card_last4: null,
    });
  });

  it('empties the account cart, lists the order, and hides it from everyone else', async () => {
    const { client: alice, email } = await signedInClient(t.url, 'Alice');
    await addToCart(alice, cheap.id, 2);
    // The account cart is what is bought; a guest list in the body is ignored for an account.
    const { session } = await startCheckout(alice, {
      items: [{ productId: pricey.id, quantity: 5 }],
      promoCode: 'HEALTH15',
    });
    expect(session.subtotal).toBe(cheap.price * 2);
    expect((await pay(alice, session.orderId, cardPayment(CARDS.visa, email))).status).toBe(200);
    expect((await alice.get('/api/cart')).body).toMatchObject({ items: [], count: 0 });

    // The account page lists it (one order, paid, its total); the order's own page shows it.
    const account = await alice.get('/account');
    expect(account.status).toBe(200);
    const listed = account.text.replaceAll('<!-- -->', '');
    expect(listed.match(/>Order MS-[A-Z0-9]+</g)).toEqual([`>Order ${session.reference}<`]);
    expect(listed).toContain(`<p class="font-bold">${formatPrice(session.amount)}</p>`);
    expect(listed).toContain(`<span class="font-bold text-success">Paid</span>`);
    const own = await alice.get(`/account/orders/${session.reference}`);
    expect(own.status).toBe(200);
    expect(own.text).toContain(
      `<h1 class="mt-4 text-3xl font-bold sm:text-4xl">Order <!-- -->${session.reference}</h1>`,
    );

    const { client: bob } = await signedInClient(t.url, 'Bob');
    const others = await bob.get(`/account/orders/${session.reference}`);
    expect(others.status).toBe(404);
    expect(others.text).not.toContain(session.reference);
    const bobsAccount = await bob.get('/account');
    expect(bobsAccount.text).toContain('You have not placed any orders yet.');
    expect(bobsAccount.text).not.toContain(session.reference);
    expect((await pay(bob, session.orderId, cardPayment())).status).toBe(404);
    // A guest is sent to sign in, and sees no order.
    const guest = await createClient(t.url).get(`/account/orders/${session.reference}`);
    expect([302, 303]).toContain(guest.status);
    expect(guest.headers.get('location')).toMatch(/^\/login\b/);

    // HEALTH15 is for a first order: Alice has one now.
    await addToCart(alice, cheap.id, 1);
    const second = await alice.post('/api/checkout', withAddress({ promoCode: 'HEALTH15' }));
    expect(second.body).toMatchObject({ error: { message: 'HEALTH15 is for a first order only.' } });
  });

  it('refuses a first-order promotion at payment when the guest address already has an order', async () => {
    const guest = createClient(t.url);
    const { session } = await startCheckout(guest, {
      items: [{ productId: cheap.id, quantity: 1 }],
      promoCode: 'NEWARRIVE15',
    });
    const refused = await pay(guest, session.orderId, cardPayment(CARDS.visa, 'DECLINE@example.com'));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: { code: 'promo_not_applicable' } });
    expect((await orderRow(session.orderId)).status).toBe('pending');
  });

  it('never writes the card number or CVV to the log', () => {
    const log = logLines.join('');
    expect(log).toContain('order paid');
    for (const secret of Object.values(CARDS)) expect(log).not.toContain(secret);
    expect(log).not.toContain('"cardCode"');
    expect(log).not.toContain('000123456789');
  });
});

describe('checkout without a payment provider', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('sqlite', { PAYMENT_PROVIDER: 'none' });
  });
  afterAll(async () => t.close());

  it('answers that payments are not configured and stores no order', async () => {
    const response = await createClient(t.url).post(
      '/api/checkout',
      withAddress({ items: [{ productId: cheap.id, quantity: 1 }] }),
    );
    expect(response.status).toBe(503);
    expect((response.body as { error: { message: string } }).error.message).toContain('not configured');
    const orders = await t.server.services.database.db.selectFrom('orders').select('id').execute();
    expect(orders).toEqual([]);
  });
});
