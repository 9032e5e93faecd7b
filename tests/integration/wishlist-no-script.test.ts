import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_PRODUCTS as PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import { signedInClient } from '../support/accounts';
import type { TestClient } from '../support/http-client';
import { pageVisitor, type PageVisitor } from '../support/page-visitor';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The wishlist as a browser without scripts uses it (docs/decisions/0045): hearts and the
 * wishlist page's buttons post to /wishlist; a guest's wishlist lives in a cookie, shown by
 * every page's hearts and by the wishlist page, and joins the account at sign-in.
 */
const walker = PRODUCTS.find((p) => p.id === 'drive-medical-two-button-folding-walker-with-wheels')!;
const other = PRODUCTS.find((p) => p.id !== walker.id)!;
const WALKERS = '/category/mobility/walkers';
const productPage = (id: string) => `/product/${id}`;
/** The product page's heart says what it will do: remove once the product is in the wishlist. */
const hearted = (html: string) => html.includes('Remove from Wishlist');
type Items = { items: { product: { id: string } }[] };
const wishlistOf = async (client: TestClient) =>
  ((await client.get('/api/wishlist')).body as Items).items.map((item) => item.product.id);

describe.each(testEngines)('wishlist without scripts on %s', (engine) => {
  let t: TestServer;
  let ip = 70;
  const visitor = () => pageVisitor(t.url, `192.0.2.${++ip}`);
  const from = (v: PageVisitor, page: string, fields: Record<string, string>) =>
    v.post('/wishlist', fields, { headers: { referer: `${t.url}${page}` } });

  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false', TRUSTED_PROXIES: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  it('keeps a guest wishlist in a cookie: hearted from a page, shown everywhere, removed', async () => {
    const guest = visitor();
    expect(hearted((await guest.get(productPage(walker.id))).text)).toBe(false);

    const added = await from(guest, productPage(walker.id), { intent: 'add', productId: walker.id });
    expect(added.status).toBe(302);
    // Back where the heart was pressed, which now shows it.
    expect(added.headers.get('location')).toBe(productPage(walker.id));
    expect(guest.client.cookies.get('guest_wishlist')).toBe(walker.id);
    const page = await guest.get(productPage(walker.id));
    expect(hearted(page.text)).toBe(true);
    expect(page.text).not.toContain('Add to Wishlist');
    // A card's heart, from a listing with its query string.
    const listing = `${WALKERS}?view=list`;
    const fromCard = await from(guest, listing, { intent: 'add', productId: other.id });
    expect(fromCard.headers.get('location')).toBe(listing);
    expect(guest.client.cookies.get('guest_wishlist')).toBe(`${other.id}_${walker.id}`);
    expect((await guest.get(WALKERS)).text).toContain(`aria-label="Remove ${walker.name} from wishlist"`);

    const wishlist = await guest.get('/wishlist');
    expect(wishlist.status).toBe(200);
    expect(wishlist.text).toContain(`href="${productPage(walker.id)}"`);
    expect(wishlist.text).toContain(`href="${productPage(other.id)}"`);

    // The guest's pages are their own: another guest's are not hearted (nor cached with it).
    expect(hearted((await visitor().get(productPage(walker.id))).text)).toBe(false);

    const removed = await from(guest, '/wishlist', { intent: 'remove', productId: walker.id });
    expect(removed.headers.get('location')).toBe('/wishlist');
    expect(guest.client.cookies.get('guest_wishlist')).toBe(other.id);
    // Pressed twice (a second tab): what the shopper asked for, not an error.
    expect((await from(guest, '/wishlist', { intent: 'remove', productId: walker.id })).status).toBe(302);
    await from(guest, '/wishlist', { intent: 'clear' });
    expect(guest.client.cookies.has('guest_wishlist')).toBe(false);
    expect(hearted((await guest.get(productPage(walker.id))).text)).toBe(false);
  });

  it('goes back only to a page of this store', async () => {
    const guest = visitor();
    const back = async (referer?: string) =>
      (
        await guest.post(
          '/wishlist',
          { intent: 'add', productId: walker.id },
          { headers: referer ? { referer } : {} },
        )
      ).headers.get('location');
    expect(await back()).toBe('/wishlist');
    expect(await back('https://evil.example/product/x')).toBe('/wishlist');
    expect(await back(`${t.url}//evil.example/x`)).toBe('/wishlist');
    expect(await back(`${t.url}/api/wishlist`)).toBe('/wishlist');
    expect(await back(`${t.url}/admin/orders`)).toBe('/wishlist');
    expect(await back(`${t.url}/search?q=walker#results`)).toBe('/search?q=walker');
  });

  it('answers a refused change with the page and its message, and keeps the wishlist', async () => {
    const guest = visitor();
    await from(guest, WALKERS, { intent: 'add', productId: walker.id });
    const refusals: [Record<string, string>, number, string][] = [
      [{ intent: 'add', productId: 'no-such-product' }, 400, 'This product does not exist.'],
      [{ intent: 'add', productId: 'Not An Id' }, 400, 'Unknown product'],
      [{ intent: 'toss' }, 400, 'Unknown wishlist change.'],
      [{ intent: 'merge' }, 401, 'Please sign in to use your account wishlist.'],
    ];
    for (const [fields, status, message] of refusals) {
      const res = await guest.post('/wishlist', fields);
      expect(res.status, JSON.stringify(fields)).toBe(status);
      expect(res.text, JSON.stringify(fields)).toContain(message);
      // The page around the message still lists what is saved.
      expect(res.text).toContain(`href="${productPage(walker.id)}"`);
      expect(guest.client.cookies.get('guest_wishlist')).toBe(walker.id);
    }
    // A cookie holds so much: a full one says so rather than losing what it has.
    const full = Array.from({ length: 100 }, (_, i) => `saved-product-number-${i}-with-a-long-name`).join(
      '_',
    );
    guest.client.cookies.set('guest_wishlist', full);
    const refused = await guest.post('/wishlist', { intent: 'add', productId: walker.id });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('Your wishlist is full.');
  });

  it("writes a signed-in shopper's account wishlist, whose hearts only they see", async () => {
    const { client } = await signedInClient(t.url, 'Nora');
    const { client: someoneElse } = await signedInClient(t.url, 'Omar');
    const shopper = visitor();
    for (const [name, value] of client.cookies) shopper.client.cookies.set(name, value);

    // Rendered once for a signed-in shopper with an empty cart and wishlist (the page cache).
    expect(hearted((await shopper.get(productPage(walker.id))).text)).toBe(false);
    const added = await from(shopper, productPage(walker.id), { intent: 'add', productId: walker.id });
    expect(added.headers.get('location')).toBe(productPage(walker.id));
    expect(shopper.client.cookies.has('guest_wishlist')).toBe(false);
    expect(await wishlistOf(client)).toEqual([walker.id]);
    expect(hearted((await shopper.get(productPage(walker.id))).text)).toBe(true);
    const theirs = await someoneElse.get(productPage(walker.id));
    expect(theirs.text).toContain('Hi, <!-- -->Omar');
    expect(hearted(theirs.text)).toBe(false);

    await from(shopper, '/wishlist', { intent: 'remove', productId: walker.id });
    expect(await wishlistOf(client)).toEqual([]);
  });

  it('moves what a guest saved into the account at sign-in', async () => {
    const guest = visitor();
    await from(guest, WALKERS, { intent: 'add', productId: walker.id });
    const { client } = await signedInClient(t.url, 'Pia');
    for (const [name, value] of client.cookies) guest.client.cookies.set(name, value);

    const opened = await guest.get('/wishlist');
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/wishlist');
    expect(guest.client.cookies.has('guest_wishlist')).toBe(false);
    expect(await wishlistOf(client)).toEqual([walker.id]);
    const page = await guest.get('/wishlist');
    expect(page.status).toBe(200);
    expect(page.text).toContain(`href="${productPage(walker.id)}"`);
  });
});
