import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPurchasable } from '../../app/commerce/catalogue/catalog';
import { SEED_PRODUCTS as PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import { signedInClient } from '../support/accounts';
import type { TestClient } from '../support/http-client';
import { pageVisitor } from '../support/page-visitor';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

/** The cart page's action as a browser without scripts posts to it (docs/decisions/0044). */
const inStock = PRODUCTS.filter((p) => isPurchasable(p.stock) && p.onHand >= 99);
const [first, second] = inStock as [(typeof inStock)[0], (typeof inStock)[0]];
const outOfStock = PRODUCTS.find((p) => !isPurchasable(p.stock))!;

interface Line {
  id: string;
  product_id: string;
  quantity: number;
}
type ApiError = { error: { code: string; message: string } };

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
    // The same schemas as the account cart: an unknown product or a bad quantity is a 400.
    expect((await postForm({ intent: 'add', productId: 'no-such-product' })).status).toBe(400);
    expect((await postForm({ intent: 'add', productId: first.id, quantity: '0' })).status).toBe(400);
    expect((await postForm({ intent: 'add', productId: first.id, price: '1' })).status).toBe(400);
    expect(guest.cookies.get('guest_cart')).toBe(`${first.id}.5`);
    expect((await postForm({ intent: 'nope' })).status).toBe(400);
    // The merge is the script's, at sign-in: no page posts it.
    expect((await postForm({ intent: 'merge', productId: second.id, quantity: '1' })).status).toBe(400);
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

  it("runs the same rules for the page's script (JSON) and a browser without scripts, intent by intent", async () => {
    // Two shoppers making the same changes: one as the page's script, one without scripts.
    const scripted = (await signedInClient(t.url)).client;
    const visitor = pageVisitor(t.url, '192.0.2.44');
    for (const [name, value] of (await signedInClient(t.url)).client.cookies)
      visitor.client.cookies.set(name, value);
    const plain = visitor.client;
    const linesOf = async (client: TestClient) =>
      ((await client.get('/api/cart')).body as { items: Line[] }).items;
    const lineId = async (client: TestClient, productId: string) =>
      (await linesOf(client)).find((line) => line.product_id === productId)?.id ?? 'none';
    const other = (client: TestClient) => (client === plain ? scripted : plain);
    const steps: [string, (client: TestClient) => Promise<Record<string, string>>][] = [
      ['add 2', async () => ({ intent: 'add', productId: first.id, quantity: '2' })],
      ['add one more product', async () => ({ intent: 'add', productId: second.id })],
      ['add to a line', async () => ({ intent: 'add', productId: first.id, quantity: '1' })],
      ['out of stock', async () => ({ intent: 'add', productId: outOfStock.id })],
      ['unknown product', async () => ({ intent: 'add', productId: 'no-such-product' })],
      ['bad quantity', async () => ({ intent: 'add', productId: first.id, quantity: '1.5' })],
      ['forged price', async () => ({ intent: 'add', productId: first.id, price: '0.01' })],
      [
        'set a quantity',
        async (client) => ({ intent: 'quantity', lineId: await lineId(client, first.id), quantity: '5' }),
      ],
      [
        "another shopper's line",
        async (client) => ({
          intent: 'quantity',
          lineId: await lineId(other(client), first.id),
          quantity: '9',
        }),
      ],
      [
        'too many',
        async (client) => ({ intent: 'quantity', lineId: await lineId(client, first.id), quantity: '100' }),
      ],
      ['remove', async (client) => ({ intent: 'remove', lineId: await lineId(client, second.id) })],
      ['clear', async () => ({ intent: 'clear' })],
    ];
    for (const [step, fieldsFor] of steps) {
      const json = await scripted.form('/cart', await fieldsFor(scripted));
      const page = await visitor.post('/cart', await fieldsFor(plain));
      // A change the script is told of (200) sends the page back to the cart; a refusal has
      // the same status both ways, with the message in JSON or on the page.
      expect(page.status, step).toBe(json.status === 200 ? 302 : json.status);
      if (json.status !== 200) expect(page.text, step).toContain((json.body as ApiError).error.message);
      const shown = (lines: Line[]) => lines.map(({ product_id, quantity }) => ({ product_id, quantity }));
      expect(shown(await linesOf(plain)), step).toEqual(shown(await linesOf(scripted)));
    }
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
