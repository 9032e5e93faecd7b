import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPurchasable } from '../../app/commerce/catalogue/catalog';
import { SEED_PRODUCTS as PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import type { OrderQuote } from '../../app/commerce/checkout/quote';
import { addressLines } from '../../app/commerce/delivery/address-book';
import { shippingOptionText } from '../../app/commerce/delivery/shipping-options';
import { formatPrice } from '../../app/commerce/money';
import { signedInClient } from '../support/accounts';
import { CARDS, cardPayment, pay, startCheckout, TEST_ADDRESS } from '../support/checkout';
import { createClient, type TestClient } from '../support/http-client';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { addToCart } from '../support/cart';

const sold = PRODUCTS.filter((p) => isPurchasable(p.stock) && p.onHand >= 10);
/** A taxable parcel product under the free-shipping threshold. */
const parcel = sold.find((p) => !p.freightOnly && !p.taxExempt && p.price < 20_000)!;
const exempt = sold.find((p) => !p.freightOnly && p.taxExempt)!;
const freight = sold.find((p) => p.freightOnly && !p.taxExempt)!;

const address = (state: string, zip = '10001') => ({ ...TEST_ADDRESS, state, zip });
const tax = (cents: number, rate: number) => Math.round((cents * rate) / 100_000);

describe.each(testEngines)('delivery: shipping, tax and the address on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
  });
  afterAll(async () => t.close());

  const db = () => t.server.services.database.db;
  const orderCount = async () => (await db().selectFrom('orders').select('id').execute()).length;
  const quote = async (client: TestClient, body: Record<string, unknown>) => {
    const response = await client.post('/api/checkout/quote', body);
    expect(response.status, response.text).toBe(200);
    return response.body as OrderQuote;
  };

  it('quotes shipping and tax for a few states and carts', async () => {
    const guest = createClient(t.url);
    const items = [{ productId: parcel.id, quantity: 2 }];
    const sub = parcel.price * 2;

    const unknownState = await quote(guest, { items });
    expect(unknownState).toMatchObject({ subtotal: sub, shipping: 999, tax: null, total: sub + 999 });
    expect(unknownState.offers.map((o) => [o.option, o.price])).toEqual([
      ['standard', 999],
      ['expedited', 2499],
    ]);

    const illinois = await quote(guest, { items, state: 'il', shipping: 'expedited' });
    expect(illinois).toMatchObject({
      state: 'IL',
      taxRate: 6250,
      shipping: 2499,
      shippingOption: 'expedited',
    });
    expect(illinois.tax).toBe(tax(sub, 6250));
    expect(illinois.total).toBe(sub + 2499 + tax(sub, 6250));

    // Oregon has no sales tax; Puerto Rico's is 10.5 %; a 10 % code lowers what is taxed.
    expect((await quote(guest, { items, state: 'OR' })).tax).toBe(0);
    expect((await quote(guest, { items, state: 'PR' })).tax).toBe(tax(sub, 10_500));
    const discounted = await quote(guest, { items, state: 'CA', promoCode: 'WELCOME10' });
    const discount = Math.round(sub * 0.1);
    expect(discounted).toMatchObject({ discount, promoCode: 'WELCOME10', tax: tax(sub - discount, 7250) });

    // A tax-exempt product (prescription) carries none; in a mixed cart only the other line does.
    expect((await quote(guest, { items: [{ productId: exempt.id, quantity: 1 }], state: 'CA' })).tax).toBe(0);
    const mixed = await quote(guest, {
      items: [...items, { productId: exempt.id, quantity: 1 }],
      state: 'TX',
    });
    expect(mixed.tax).toBe(tax(sub, 6250));

    // A free-shipping code frees Standard, not Expedited.
    const code = await quote(guest, { items, promoCode: 'FREEBARNO' });
    expect(code.offers.map((o) => o.price)).toEqual([0, 2499]);
  });

  it('ships a freight product by Standard freight only, and says which', async () => {
    const guest = createClient(t.url);
    const items = [
      { productId: freight.id, quantity: 1 },
      { productId: parcel.id, quantity: 1 },
    ];
    const freightQuote = await quote(guest, { items, shipping: 'expedited', state: 'OR' });
    expect(freightQuote.offers.map((o) => o.option)).toEqual(['freight']);
    expect(freightQuote.shippingOption).toBe('freight');
    expect(freightQuote.freightItems).toEqual([freight.name]);

    const before = await orderCount();
    const refused = await guest.post('/api/checkout', {
      items,
      shipping: 'expedited',
      address: TEST_ADDRESS,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error: {
        code: 'shipping_unavailable',
        message: `Expedited delivery is not available for this cart: ${freight.name} ships by freight.`,
      },
    });
    expect(await orderCount()).toBe(before);

    const { session } = await startCheckout(guest, { items, shipping: 'standard' });
    expect(session.shippingOption).toBe('freight');
  });

  it('stores the address, option and tax on the order and shows them in the order view', async () => {
    const { client, email } = await signedInClient(t.url, 'Maria');
    await addToCart(client, parcel.id, 1);
    const to = { ...address('IL', '62704-1234'), recipientName: 'Rosa Lopez (mother)' };
    const { status, session } = await startCheckout(client, { shipping: 'expedited', address: to });
    expect(status).toBe(201);
    const expectedTax = tax(parcel.price, 6250);
    expect(session).toMatchObject({
      shipping: 2499,
      tax: expectedTax,
      taxRate: 6250,
      amount: parcel.price + 2499 + expectedTax,
      shippingOption: 'expedited',
      address: to,
    });
    expect((await pay(client, session.orderId, cardPayment(CARDS.visa, email))).status).toBe(200);
    const stored = await db()
      .selectFrom('orders')
      .select(['total', 'tax', 'shipping_option'])
      .where('id', '=', session.orderId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ total: session.amount, tax: expectedTax, shipping_option: 'expedited' });
    // And the account's order page shows them.
    const page = await client.get(`/account/orders/${session.reference}`);
    expect(page.status).toBe(200);
    const shown = page.text.replaceAll('<!-- -->', '');
    for (const text of [
      `<dd class="border-t border-border pt-1 text-lg font-bold">${formatPrice(session.amount)}</dd>`,
      `<dd>${formatPrice(expectedTax)}</dd>`,
      `Shipping:</span> ${shippingOptionText('expedited')}`,
      ...addressLines({ ...to, state: 'IL' }).map((line) => `>${line}</span>`),
    ]) {
      expect(shown).toContain(text);
    }
  });

  it.each([
    ['recipientName', '', 'Recipient name is required'],
    ['line1', ' ', 'Address is required'],
    ['city', 'x'.repeat(61), 'City must be at most 60 characters'],
    ['state', 'ZZ', 'Choose a state or territory'],
    ['zip', '1234', 'Enter a 5-digit ZIP code, or ZIP+4 (12345-6789)'],
    ['phone', '12345', 'Enter a 10-digit US phone number, such as 555-201-4477'],
    ['line2', 'Apt\u00074', 'Apartment, suite or unit contains characters we cannot print'],
  ])('refuses an address whose %s is %j with "%s" and stores nothing', async (field, value, message) => {
    const before = await orderCount();
    const response = await createClient(t.url).post('/api/checkout', {
      items: [{ productId: parcel.id, quantity: 1 }],
      address: { ...TEST_ADDRESS, [field]: value },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      error: { code: 'invalid_body', message, fields: { [`address.${field}`]: message } },
    });
    expect(await orderCount()).toBe(before);
  });

  it('asks for an address when none is given', async () => {
    const response = await createClient(t.url).post('/api/checkout', {
      items: [{ productId: parcel.id, quantity: 1 }],
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: { message: 'Please enter a shipping address' } });
  });

  it("saves a new address to the book on request; another user's address is not found", async () => {
    const { client: alice } = await signedInClient(t.url, 'Alice');
    await addToCart(alice, parcel.id, 1);
    const first = await startCheckout(alice, { address: address('NY'), saveAddress: true });
    expect(first.session.addressSaved).toBe(true);
    const saved = await db().selectFrom('addresses').selectAll().execute();
    const alices = saved.filter(
      (row) => row.recipient_name === TEST_ADDRESS.recipientName && row.state === 'NY',
    );
    expect(alices).toHaveLength(1);
    const id = alices[0]!.id;

    // Alice pays to her saved address by its id.
    const again = await startCheckout(alice, { addressId: id });
    expect(again.status).toBe(201);
    expect(again.session.address.state).toBe('NY');

    const { client: bob } = await signedInClient(t.url, 'Bob');
    await addToCart(bob, parcel.id, 1);
    const before = await orderCount();
    for (const addressId of [id, 'not-a-uuid']) {
      const refused = await bob.post('/api/checkout', { addressId });
      expect(refused.status).toBe(404);
      expect(refused.body).toMatchObject({ error: { code: 'address_not_found' } });
    }
    // A guest has no address book.
    const guest = await createClient(t.url).post('/api/checkout', {
      items: [{ productId: parcel.id, quantity: 1 }],
      addressId: id,
    });
    expect(guest.status).toBe(404);
    expect(await orderCount()).toBe(before);
  });
});
