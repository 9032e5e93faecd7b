import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_PRODUCTS as PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import { signedInClient } from '../support/accounts';
import type { TestClient } from '../support/http-client';
import { pageVisitor } from '../support/page-visitor';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The wishlist's forms (docs/decisions/0045): POST /wishlist with an intent, answered as JSON
 * to the page's script (ahead of the framework) and with a redirect or the page to a browser
 * without scripts, by the same rules.
 */
const [first, second] = PRODUCTS as [(typeof PRODUCTS)[0], (typeof PRODUCTS)[0]];
type Items = { items: { product: { id: string } }[] };

const wishlistOf = async (client: TestClient) =>
  ((await client.get('/api/wishlist')).body as Items).items.map((item) => item.product.id);

describe.each(testEngines)('wishlist forms on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false', TRUSTED_PROXIES: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  const rows = async () =>
    Number(
      (
        await t.server.services.database.db
          .selectFrom('wishlist_items')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("answers the page's script as the API did: add, remove, clear, merge", async () => {
    const { client } = await signedInClient(t.url);
    const added = await client.form('/wishlist', { intent: 'add', productId: first.id });
    expect(added.status).toBe(200);
    expect(added.headers.get('content-type')).toMatch(/application\/json/);
    expect(added.headers.get('cache-control')).toBe('no-store');
    expect(added.body).toMatchObject({ items: [{ product: { id: first.id } }] });
    // Once only: a second add leaves it as it was.
    await client.form('/wishlist', { intent: 'add', productId: first.id });
    const merged = await client.form('/wishlist', { intent: 'merge', productIds: [second.id, first.id] });
    expect(merged.status).toBe(200);
    expect(await wishlistOf(client)).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(await wishlistOf(client)).toHaveLength(2);

    expect((await client.form('/wishlist', { intent: 'remove', productId: first.id })).body).toEqual({
      ok: true,
    });
    const again = await client.form('/wishlist', { intent: 'remove', productId: first.id });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({
      error: { code: 'not_found', message: 'This item is not in your wishlist.' },
    });
    expect((await client.form('/wishlist', { intent: 'clear' })).body).toEqual({ ok: true });
    expect(await wishlistOf(client)).toEqual([]);
  });

  it('refuses bad fields with a clear message, and changes nothing', async () => {
    const { client } = await signedInClient(t.url);
    await client.form('/wishlist', { intent: 'add', productId: first.id });
    const before = await rows();
    const refusals: [Record<string, string | string[]>, number, string, string][] = [
      [{ intent: 'add', productId: 'Not An Id' }, 400, 'invalid_body', 'Unknown product'],
      [{ intent: 'add' }, 400, 'invalid_body', 'Choose one product.'],
      [{ intent: 'toss', productId: first.id }, 400, 'invalid_body', 'Unknown wishlist change.'],
      [{ intent: 'clear', productId: first.id }, 400, 'invalid_body', 'This field is not allowed.'],
      [{ intent: 'add', productId: [first.id, second.id] }, 400, 'invalid_body', 'Choose one product.'],
      [
        { intent: 'add', productId: 'no-such-product' },
        400,
        'unknown_product',
        'This product does not exist.',
      ],
      [{ intent: 'merge', productIds: ['Bad Id'] }, 400, 'invalid_body', 'Unknown product'],
      [
        { intent: 'add', productId: `${first.id}\u0000` },
        400,
        'invalid_body',
        'This request holds characters we cannot accept.',
      ],
    ];
    for (const [fields, status, code, message] of refusals) {
      const res = await client.form('/wishlist', fields);
      expect(res.status, JSON.stringify(fields)).toBe(status);
      expect(res.body, JSON.stringify(fields)).toMatchObject({ error: { code, message } });
    }
    // JSON is not how a form is sent.
    const json = await client.request('/wishlist', {
      method: 'POST',
      body: { intent: 'clear' },
      headers: { accept: 'application/json' },
    });
    expect(json.status).toBe(400);
    expect(json.body).toMatchObject({ error: { code: 'invalid_body' } });
    expect(await rows()).toBe(before);
    expect(await wishlistOf(client)).toEqual([first.id]);
  });

  it("never reaches someone else's wishlist", async () => {
    const { client: alice } = await signedInClient(t.url, 'Alice');
    const { client: bob } = await signedInClient(t.url, 'Bob');
    const bobId = ((await bob.get('/api/auth/get-session')).body as { user: { id: string } }).user.id;
    await bob.form('/wishlist', { intent: 'add', productId: second.id });

    const removed = await alice.form('/wishlist', { intent: 'remove', productId: second.id });
    expect(removed.status).toBe(404);
    const forged = await alice.form('/wishlist', { intent: 'clear', userId: bobId });
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({
      error: { code: 'invalid_body', message: 'This field is not allowed.' },
    });
    await alice.form('/wishlist', { intent: 'clear' });
    // Without scripts too: Alice's page form removes nothing of Bob's.
    const visitor = pageVisitor(t.url, '192.0.2.61');
    for (const [name, value] of alice.cookies) visitor.client.cookies.set(name, value);
    expect((await visitor.post('/wishlist', { intent: 'remove', productId: second.id })).status).toBe(302);

    expect(await wishlistOf(bob)).toEqual([second.id]);
    expect(await wishlistOf(alice)).toEqual([]);
  });

  it('asks a guest with scripts to sign in, as the API did', async () => {
    const guest = pageVisitor(t.url, '192.0.2.62').client;
    const res = await guest.form('/wishlist', { intent: 'add', productId: first.id });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: { code: 'unauthorized' } });
    expect(guest.cookies.has('guest_wishlist')).toBe(false);
  });

  it('refuses a post from another site, with scripts or without, and writes nothing', async () => {
    const { client } = await signedInClient(t.url);
    await client.form('/wishlist', { intent: 'add', productId: first.id });
    const before = await rows();
    const scripted = await client.form('/wishlist', { intent: 'clear' }, { origin: 'https://evil.example' });
    expect(scripted.status).toBe(403);
    expect(scripted.body).toMatchObject({ error: { code: 'forbidden_origin' } });
    const visitor = pageVisitor(t.url, '192.0.2.63');
    for (const [name, value] of client.cookies) visitor.client.cookies.set(name, value);
    const plain = await visitor.post('/wishlist', { intent: 'clear' }, { origin: 'https://evil.example' });
    expect(plain.status).toBe(403);
    expect(await rows()).toBe(before);
    expect(await wishlistOf(client)).toEqual([first.id]);
  });
});
