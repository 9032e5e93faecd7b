import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPurchasable } from '../../app/commerce/catalogue/catalog';
import { SEED_PRODUCTS as PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import { signedInClient } from '../support/accounts';
import { pageVisitor } from '../support/page-visitor';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

/** The cart page's action as a browser without scripts posts to it (docs/decisions/0044). */
const inStock = PRODUCTS.filter((p) => isPurchasable(p.stock) && p.onHand >= 99);
const [first, second] = inStock as [(typeof inStock)[0], (typeof inStock)[0]];
const outOfStock = PRODUCTS.find((p) => !isPurchasable(p.stock))!;

describe.each(testEngines)('cart page action on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
  });
  afterAll(async () => t.close());

  it('keeps a guest cart in a cookie: add, change, remove, and the page shows it', async () => {
    const visitor = pageVisitor(t.url, '192.0.2.41');
    const guest = visitor.client;
    const postForm = (fields: Record<string, string>) => visitor.post('/cart', fields);
    const added = await postForm({ intent: 'add', productId: first.id, quantity: '2' });
    expect(added.status).toBe(302);
    expect(added.headers.get('location')).toBe('/cart');
    expect(guest.cookies.get('guest_cart')).toBe(`${first.id}.2`);
    await postForm({ intent: 'add', productId: second.id });
    await postForm({ intent: 'quantity', productId: first.id, lineId: first.id, quantity: '5' });
    expect(guest.cookies.get('guest_cart')).toBe(`${second.id}.1_${first.id}.5`);
    const page = await guest.get('/cart');
    expect(page.text).toContain(`/product/${first.id}`);
    await postForm({ intent: 'remove', productId: second.id, lineId: second.id });
    expect(guest.cookies.get('guest_cart')).toBe(`${first.id}.5`);

    // What is not sold is refused, and the cart is left as it was.
    const refused = await postForm({ intent: 'add', productId: outOfStock.id });
    expect(refused.status).toBe(409);
    expect(guest.cookies.get('guest_cart')).toBe(`${first.id}.5`);
    expect((await postForm({ intent: 'nope' })).status).toBe(400);
  });

  it('merges a guest cart cookie into the account once signed in, and writes the account cart', async () => {
    const signedIn = await signedInClient(t.url);
    const visitor = pageVisitor(t.url, '192.0.2.42');
    const client = visitor.client;
    for (const [name, value] of signedIn.client.cookies) client.cookies.set(name, value);
    const postForm = (fields: Record<string, string>) => visitor.post('/cart', fields);
    client.cookies.set('guest_cart', `${first.id}.3`);
    const page = await client.get('/cart');
    expect(page.status).toBe(200);
    expect(client.cookies.has('guest_cart')).toBe(false);
    expect((await client.get('/api/cart')).body).toMatchObject({
      items: [{ product_id: first.id, quantity: 3 }],
    });

    await postForm({ intent: 'add', productId: second.id, quantity: '2' });
    const cart = (await client.get('/api/cart')).body as { items: { id: string; product_id: string }[] };
    expect(cart.items.map((line) => line.product_id)).toEqual([second.id, first.id]);
    const line = cart.items.find((item) => item.product_id === first.id)!;
    await postForm({ intent: 'remove', lineId: line.id, productId: first.id });
    expect((await client.get('/api/cart')).body).toMatchObject({ count: 2 });
  });

  it('refuses a post from another site', async () => {
    const response = await pageVisitor(t.url, '192.0.2.43').post(
      '/cart',
      { intent: 'add', productId: first.id },
      { origin: 'https://evil.example' },
    );
    expect(response.status).toBe(403);
  });
});
