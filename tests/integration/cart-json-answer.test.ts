import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINE_LIMIT_MESSAGE } from '../../app/commerce/cart/cart';
import { withAdded } from '../../app/features/cart/guest-cart';
import { isPurchasable } from '../../app/commerce/catalogue/catalog';
import { SEED_PRODUCTS as PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import { signedInClient } from '../support/accounts';
import { addToCart, clearCart, mergeCart, removeCartLine, setCartQuantity } from '../support/cart';
import { createClient } from '../support/http-client';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

// At least 99 on hand: the line maximum, not stock, is what these tests reach (stock.test.ts has the rest).
const inStock = PRODUCTS.filter((p) => isPurchasable(p.stock) && p.onHand >= 99);
const [first, second, third] = inStock as [(typeof inStock)[0], (typeof inStock)[0], (typeof inStock)[0]];
const outOfStock = PRODUCTS.find((p) => !isPurchasable(p.stock))!;

interface Line {
  id: string;
  product_id: string;
  price: number;
  quantity: number;
  name: string;
}

/**
 * POST /cart as the cart page's script posts it (the form's fields, asking for JSON), answered
 * ahead of the framework (docs/decisions/0045), and the reads the realtime sync makes
 * (GET /api/cart, /count, /events). cart-form.test.ts posts the same forms without scripts.
 */
describe.each(testEngines)('account cart, JSON answers on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
  });
  afterAll(async () => t.close());

  it('needs a signed-in user: a guest with scripts keeps the cart on the device', async () => {
    const guest = createClient(t.url);
    const res = await guest.get('/api/cart');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: { code: 'unauthorized' } });
    const added = await addToCart(guest, first.id, 1);
    expect(added.status).toBe(401);
    expect(added.body).toMatchObject({ error: { code: 'unauthorized' } });
    // Nothing went to a cookie either: the JSON answer never writes the guest cart.
    expect(guest.cookies.has('guest_cart')).toBe(false);
  });

  it('refuses a form the cart does not have, and fields it cannot read, saying why', async () => {
    const { client } = await signedInClient(t.url);
    // The JSON mutation endpoints are gone (docs/decisions/0045): only the forms change the cart.
    for (const [method, path] of [
      ['POST', '/api/cart/items'],
      ['PATCH', '/api/cart/items/x'],
      ['DELETE', '/api/cart/items/x'],
      ['DELETE', '/api/cart'],
      ['POST', '/api/cart/merge'],
    ] as const) {
      const res = await client.request(path, { method, body: { productId: first.id, quantity: 1 } });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect(((await client.get('/api/cart')).body as { items: Line[] }).items).toEqual([]);
    // A promo code is the promotions' to answer (docs/decisions/0052): an unknown one says so.
    const promo = await client.form('/cart', { intent: 'promo', code: 'SAVE10' });
    expect(promo.status).toBe(400);
    expect(promo.body).toMatchObject({
      error: { code: 'promo_not_applicable', message: 'Invalid promo code' },
    });
    for (const fields of [{}, { intent: 'nope' }] as Record<string, string>[]) {
      const res = await client.form('/cart', fields);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        error: { code: 'invalid_body', message: expect.stringMatching(/cart/) },
      });
    }
    // JSON is not a form: the same fields sent as JSON are refused.
    const json = await client.request('/cart', {
      method: 'POST',
      body: { intent: 'add', productId: first.id },
      headers: { accept: 'application/json' },
    });
    expect(json.status).toBe(400);
    expect(json.body).toMatchObject({ error: { code: 'invalid_body' } });
    const unpaired = await client.form('/cart', {
      intent: 'merge',
      productId: [first.id, second.id],
      quantity: [1],
    });
    expect(unpaired.status).toBe(400);
    expect(unpaired.body).toMatchObject({
      error: { code: 'invalid_body', fields: { quantity: 'Each product needs its quantity.' } },
    });
    expect(((await client.get('/api/cart')).body as { items: Line[] }).items).toEqual([]);
  });

  it('adds to the quantity of an existing line, prices from the catalogue, and refuses client prices', async () => {
    const { client } = await signedInClient(t.url);
    expect((await addToCart(client, first.id, 2)).status).toBe(200);
    const again = await addToCart(client, first.id);
    expect(again.body).toMatchObject({
      item: { product_id: first.id, quantity: 3, price: first.price, name: first.name },
    });

    const tampered = await client.form('/cart', {
      intent: 'add',
      productId: second.id,
      quantity: 1,
      price: 1,
    });
    expect(tampered.status).toBe(400);
    expect(tampered.body).toMatchObject({
      error: { code: 'invalid_body', fields: { price: 'This field is not allowed.' } },
    });

    expect((await addToCart(client, 'no-such-product')).status).toBe(400);
    const gone = await addToCart(client, outOfStock.id);
    expect(gone.status).toBe(409);
    expect(gone.body).toMatchObject({ error: { code: 'out_of_stock' } });
    for (const quantity of [0, 1.5, 100, 'two']) {
      const refused = await addToCart(client, first.id, quantity);
      expect(refused.status, String(quantity)).toBe(400);
      expect(refused.body).toMatchObject({
        error: { code: 'invalid_body', fields: { quantity: expect.any(String) } },
      });
    }

    const cart = await client.get('/api/cart');
    expect(cart.body).toMatchObject({
      count: 3,
      items: [{ product_id: first.id, quantity: 3, price: first.price }],
    });
  });

  it('keeps one row holding the capped sum under 50 concurrent adds', async () => {
    const { client } = await signedInClient(t.url);
    const results = await Promise.all(Array.from({ length: 50 }, () => addToCart(client, second.id, 3)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const cart = (await client.get('/api/cart')).body as { items: Line[] };
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]!.quantity).toBe(99);

    const { client: other } = await signedInClient(t.url);
    await Promise.all(Array.from({ length: 20 }, () => addToCart(other, second.id, 2)));
    expect(((await other.get('/api/cart')).body as { items: Line[] }).items[0]!.quantity).toBe(40);
  });

  it('reports the limit once a line reaches 99 (98 + 1), as the guest cart does', async () => {
    const { client } = await signedInClient(t.url);
    const at98 = await addToCart(client, third.id, 98);
    expect(at98.body).toMatchObject({ item: { quantity: 98 }, capped: false });
    const at99 = await addToCart(client, third.id, 1);
    expect(at99.body).toMatchObject({ item: { quantity: 99 }, capped: true, message: LINE_LIMIT_MESSAGE });
    // The guest cart's answer to the same add, from the same rule.
    const guest = withAdded(withAdded([], third, 98).items, third, 1);
    expect(at99.body).toMatchObject({ capped: guest.capped });
  });

  it("never lets one user read, change or delete another user's line", async () => {
    const { client: alice } = await signedInClient(t.url, 'Alice');
    const { client: bob } = await signedInClient(t.url, 'Bob');
    const added = (await addToCart(bob, third.id, 2)).body as {
      item: Line;
    };
    const bobsLine = added.item.id;

    const changed = await setCartQuantity(alice, bobsLine, 9);
    expect(changed.status).toBe(404);
    expect(changed.body).toMatchObject({ error: { code: 'not_found' } });
    expect((await removeCartLine(alice, bobsLine)).status).toBe(404);
    // Alice's clear empties Alice's cart only.
    expect((await clearCart(alice)).status).toBe(200);
    expect(((await alice.get('/api/cart')).body as { items: Line[] }).items).toEqual([]);
    expect(((await bob.get('/api/cart')).body as { items: Line[] }).items).toMatchObject([
      { id: bobsLine, quantity: 2 },
    ]);

    expect((await setCartQuantity(bob, bobsLine, 5)).body).toMatchObject({ item: { quantity: 5 } });
    const removed = await removeCartLine(bob, bobsLine);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ ok: true });
    // Removed already: the script takes the 404 as done (cart-actions.ts).
    expect((await removeCartLine(bob, bobsLine)).status).toBe(404);
    expect((await bob.get('/api/cart/count')).body).toEqual({ count: 0 });
  });

  it('merges a guest cart into the account without losing an item', async () => {
    const { client } = await signedInClient(t.url);
    await addToCart(client, first.id, 1);
    const merged = await mergeCart(client, [
      { productId: first.id, quantity: 2 },
      { productId: second.id, quantity: 4 },
      { productId: 'retired-product', quantity: 1 },
    ]);
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({ merged: 2, skipped: ['retired-product'] });
    const quantities = Object.fromEntries(
      (merged.body as { items: Line[] }).items.map((l) => [l.product_id, l.quantity]),
    );
    expect(quantities).toEqual({ [first.id]: 3, [second.id]: 4 });
  });

  it('tells an open event stream about a change made elsewhere', async () => {
    const { client, email } = await signedInClient(t.url);
    const controller = new AbortController();
    const stream = await fetch(`${t.url}/api/cart/events`, {
      headers: { cookie: client.cookieHeader() },
      signal: controller.signal,
    });
    expect(stream.headers.get('content-type')).toMatch(/text\/event-stream/);
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    const readUntil = async (needle: string) => {
      while (!received.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) break;
        received += decoder.decode(value);
      }
    };
    await readUntil('event: ready');
    // Another device of the same user.
    const device = createClient(t.url);
    await device.post('/api/auth/sign-in/email', { email, password: 'password-123' });
    await addToCart(device, third.id);
    await readUntil('event: changed');
    expect(received).toContain('event: changed');
    controller.abort();
  });

  it('names the tab that made a change in its event, and only a well-formed tab id', async () => {
    const { client } = await signedInClient(t.url);
    const controller = new AbortController();
    const stream = await fetch(`${t.url}/api/cart/events`, {
      headers: { cookie: client.cookieHeader() },
      signal: controller.signal,
    });
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    /** The data of the next "changed" event. */
    const nextChange = async () => {
      for (;;) {
        const match = /event: changed\ndata: (.*)\n/.exec(received);
        if (match) {
          received = received.slice(match.index + match[0].length);
          return JSON.parse(match[1]!) as { origin: string | null };
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        received += decoder.decode(value);
      }
    };
    const change = (headers: Record<string, string>, productId = first.id) =>
      addToCart(client, productId, undefined, { headers });

    await change({ 'x-cart-tab': 'tab-0123456789abcdef' });
    expect(await nextChange()).toEqual({ origin: 'tab-0123456789abcdef' });
    await change({});
    expect(await nextChange()).toEqual({ origin: null });
    // Not a short token: the change is made, the event names no tab.
    await change({ 'x-cart-tab': '<img src=x onerror=alert(1)>' });
    expect(await nextChange()).toEqual({ origin: null });
    await change({ 'x-cart-tab': 'x'.repeat(200) });
    expect(await nextChange()).toEqual({ origin: null });

    const lines = (await client.get('/api/cart')).body as { items: Line[] };
    const line = lines.items.find((l) => l.product_id === first.id)!;
    await setCartQuantity(client, line.id, 2, { headers: { 'x-cart-tab': 'tab-patch-0001' } });
    expect(await nextChange()).toEqual({ origin: 'tab-patch-0001' });
    await removeCartLine(client, line.id, { headers: { 'x-cart-tab': 'tab-delete-0001' } });
    expect(await nextChange()).toEqual({ origin: 'tab-delete-0001' });
    await clearCart(client, { headers: { 'x-cart-tab': 'tab-clear-0001' } });
    expect(await nextChange()).toEqual({ origin: 'tab-clear-0001' });
    await mergeCart(client, [{ productId: second.id, quantity: 1 }], {
      headers: { 'x-cart-tab': 'tab-merge-0001' },
    });
    expect(await nextChange()).toEqual({ origin: 'tab-merge-0001' });
    controller.abort();
  });
});
