import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINE_LIMIT_MESSAGE } from '../../app/commerce/cart/cart';
import { withAdded } from '../../app/features/cart/guest-cart';
import { isPurchasable } from '../../app/commerce/catalogue/catalog';
import { SEED_PRODUCTS as PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import { signedInClient } from '../support/accounts';
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

describe.each(testEngines)('account cart API on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
  });
  afterAll(async () => t.close());

  it('needs a signed-in user', async () => {
    const res = await createClient(t.url).get('/api/cart');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: { code: 'unauthorized' } });
  });

  it('adds to the quantity of an existing line, prices from the catalogue, and refuses client prices', async () => {
    const { client } = await signedInClient(t.url);
    expect((await client.post('/api/cart/items', { productId: first.id, quantity: 2 })).status).toBe(200);
    const again = await client.post('/api/cart/items', { productId: first.id });
    expect(again.body).toMatchObject({
      item: { product_id: first.id, quantity: 3, price: first.price, name: first.name },
    });

    const tampered = await client.post('/api/cart/items', { productId: second.id, quantity: 1, price: 1 });
    expect(tampered.status).toBe(400);
    expect(tampered.body).toMatchObject({
      error: { code: 'invalid_body', fields: { price: 'This field is not allowed.' } },
    });

    expect((await client.post('/api/cart/items', { productId: 'no-such-product' })).status).toBe(400);
    const gone = await client.post('/api/cart/items', { productId: outOfStock.id });
    expect(gone.status).toBe(409);
    expect((await client.post('/api/cart/items', { productId: first.id, quantity: 0 })).status).toBe(400);
    expect((await client.post('/api/cart/items', { productId: first.id, quantity: 1.5 })).status).toBe(400);

    const cart = await client.get('/api/cart');
    expect(cart.body).toMatchObject({
      count: 3,
      items: [{ product_id: first.id, quantity: 3, price: first.price }],
    });
  });

  it('keeps one row holding the capped sum under 50 concurrent adds', async () => {
    const { client } = await signedInClient(t.url);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => client.post('/api/cart/items', { productId: second.id, quantity: 3 })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const cart = (await client.get('/api/cart')).body as { items: Line[] };
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]!.quantity).toBe(99);

    const { client: other } = await signedInClient(t.url);
    await Promise.all(
      Array.from({ length: 20 }, () => other.post('/api/cart/items', { productId: second.id, quantity: 2 })),
    );
    expect(((await other.get('/api/cart')).body as { items: Line[] }).items[0]!.quantity).toBe(40);
  });

  it('reports the limit once a line reaches 99 (98 + 1), as the guest cart does', async () => {
    const { client } = await signedInClient(t.url);
    const at98 = await client.post('/api/cart/items', { productId: third.id, quantity: 98 });
    expect(at98.body).toMatchObject({ item: { quantity: 98 }, capped: false });
    const at99 = await client.post('/api/cart/items', { productId: third.id, quantity: 1 });
    expect(at99.body).toMatchObject({ item: { quantity: 99 }, capped: true, message: LINE_LIMIT_MESSAGE });
    // The guest cart's answer to the same add, from the same rule.
    const guest = withAdded(withAdded([], third, 98).items, third, 1);
    expect(at99.body).toMatchObject({ capped: guest.capped });
  });

  it("never lets one user read, change or delete another user's line", async () => {
    const { client: alice } = await signedInClient(t.url, 'Alice');
    const { client: bob } = await signedInClient(t.url, 'Bob');
    const added = (await bob.post('/api/cart/items', { productId: third.id, quantity: 2 })).body as {
      item: Line;
    };
    const bobsLine = added.item.id;

    expect(
      (await alice.request(`/api/cart/items/${bobsLine}`, { method: 'PATCH', body: { quantity: 9 } })).status,
    ).toBe(404);
    expect((await alice.request(`/api/cart/items/${bobsLine}`, { method: 'DELETE' })).status).toBe(404);
    expect(((await alice.get('/api/cart')).body as { items: Line[] }).items).toEqual([]);
    expect(((await bob.get('/api/cart')).body as { items: Line[] }).items).toMatchObject([
      { id: bobsLine, quantity: 2 },
    ]);

    expect(
      (await bob.request(`/api/cart/items/${bobsLine}`, { method: 'PATCH', body: { quantity: 5 } })).body,
    ).toMatchObject({ item: { quantity: 5 } });
    expect((await bob.request(`/api/cart/items/${bobsLine}`, { method: 'DELETE' })).status).toBe(200);
    expect((await bob.get('/api/cart/count')).body).toEqual({ count: 0 });
  });

  it('merges a guest cart into the account without losing an item', async () => {
    const { client } = await signedInClient(t.url);
    await client.post('/api/cart/items', { productId: first.id, quantity: 1 });
    const merged = await client.post('/api/cart/merge', {
      items: [
        { productId: first.id, quantity: 2 },
        { productId: second.id, quantity: 4 },
        { productId: 'retired-product', quantity: 1 },
      ],
    });
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
    await device.post('/api/cart/items', { productId: third.id });
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
      client.request('/api/cart/items', { method: 'POST', body: { productId }, headers });

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
    await client.request(`/api/cart/items/${line.id}`, {
      method: 'PATCH',
      body: { quantity: 2 },
      headers: { 'x-cart-tab': 'tab-patch-0001' },
    });
    expect(await nextChange()).toEqual({ origin: 'tab-patch-0001' });
    await client.request(`/api/cart/items/${line.id}`, {
      method: 'DELETE',
      headers: { 'x-cart-tab': 'tab-delete-0001' },
    });
    expect(await nextChange()).toEqual({ origin: 'tab-delete-0001' });
    await client.request('/api/cart', { method: 'DELETE', headers: { 'x-cart-tab': 'tab-clear-0001' } });
    expect(await nextChange()).toEqual({ origin: 'tab-clear-0001' });
    controller.abort();
  });
});
