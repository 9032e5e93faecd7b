import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPurchasable } from '../../app/commerce/catalogue/catalog';
import { SEED_PRODUCTS as PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import { signedInClient } from '../support/accounts';
import { createClient, type TestClient } from '../support/http-client';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

/** The cart page's action as a browser without scripts posts to it (docs/decisions/0044). */
const inStock = PRODUCTS.filter((p) => isPurchasable(p.stock) && p.onHand >= 99);
const [first, second] = inStock as [(typeof inStock)[0], (typeof inStock)[0]];
const outOfStock = PRODUCTS.find((p) => !isPurchasable(p.stock))!;

/** A plain form post, as a browser sends it, with the client's cookies. */
async function postForm(t: TestServer, client: TestClient, fields: Record<string, string>) {
  const response = await fetch(new URL('/cart', t.url), {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: new URL(t.url).origin,
      cookie: client.cookieHeader(),
    },
    body: new URLSearchParams(fields),
    redirect: 'manual',
  });
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const [name = '', value = ''] = pair.split('=');
    if (value === '' || /max-age=0\b/i.test(line)) client.cookies.delete(name);
    else client.cookies.set(name, value);
  }
  return { status: response.status, location: response.headers.get('location'), text: await response.text() };
}

describe.each(testEngines)('cart page action on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
  });
  afterAll(async () => t.close());

  it('keeps a guest cart in a cookie: add, change, remove, and the page shows it', async () => {
    const guest = createClient(t.url);
    const added = await postForm(t, guest, { intent: 'add', productId: first.id, quantity: '2' });
    expect(added.status).toBe(302);
    expect(added.location).toBe('/cart');
    expect(guest.cookies.get('guest_cart')).toBe(`${first.id}.2`);
    await postForm(t, guest, { intent: 'add', productId: second.id });
    await postForm(t, guest, { intent: 'quantity', productId: first.id, lineId: first.id, quantity: '5' });
    expect(guest.cookies.get('guest_cart')).toBe(`${second.id}.1_${first.id}.5`);
    const page = await guest.get('/cart');
    expect(page.text).toContain(`/product/${first.id}`);
    await postForm(t, guest, { intent: 'remove', productId: second.id, lineId: second.id });
    expect(guest.cookies.get('guest_cart')).toBe(`${first.id}.5`);

    // What is not sold is refused, and the cart is left as it was.
    const refused = await postForm(t, guest, { intent: 'add', productId: outOfStock.id });
    expect(refused.status).toBe(409);
    expect(guest.cookies.get('guest_cart')).toBe(`${first.id}.5`);
    expect((await postForm(t, guest, { intent: 'nope' })).status).toBe(400);
  });

  it('merges a guest cart cookie into the account once signed in, and writes the account cart', async () => {
    const { client } = await signedInClient(t.url);
    client.cookies.set('guest_cart', `${first.id}.3`);
    const page = await client.get('/cart');
    expect(page.status).toBe(200);
    expect(client.cookies.has('guest_cart')).toBe(false);
    expect((await client.get('/api/cart')).body).toMatchObject({
      items: [{ product_id: first.id, quantity: 3 }],
    });

    await postForm(t, client, { intent: 'add', productId: second.id, quantity: '2' });
    const cart = (await client.get('/api/cart')).body as { items: { id: string; product_id: string }[] };
    expect(cart.items.map((line) => line.product_id)).toEqual([second.id, first.id]);
    const line = cart.items.find((item) => item.product_id === first.id)!;
    await postForm(t, client, { intent: 'remove', lineId: line.id, productId: first.id });
    expect((await client.get('/api/cart')).body).toMatchObject({ count: 2 });
  });

  it('refuses a post from another site', async () => {
    const response = await fetch(new URL('/cart', t.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: new URLSearchParams({ intent: 'add', productId: first.id }),
      redirect: 'manual',
    });
    expect(response.status).toBe(403);
  });
});
