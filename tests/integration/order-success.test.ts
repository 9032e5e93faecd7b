import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_PRODUCTS as PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import { signedInClient } from '../support/accounts';
import { cardPayment, pay, startCheckout } from '../support/checkout';
import { createClient, type TestClient } from '../support/http-client';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { addToCart } from '../support/cart';

const product = PRODUCTS.find((p) => p.stock !== 'Out of Stock' && p.price < 10_000)!;
const NOT_FOUND = 'Order not found';

describe.each(testEngines)('the order confirmation page on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
  });
  afterAll(async () => t.close());

  /** A guest order paid by `client`; returns its confirmation address. */
  async function guestOrder(client: TestClient) {
    const { session } = await startCheckout(client, { items: [{ productId: product.id, quantity: 2 }] });
    const paid = await pay(client, session.orderId, cardPayment());
    expect(paid.status).toBe(200);
    return { session, paid, url: (paid.body as { url: string }).url };
  }

  it('shows a guest the order they paid, from the HttpOnly cookie of the pay answer', async () => {
    const buyer = createClient(t.url);
    const { session, paid, url } = await guestOrder(buyer);
    const cookie = paid.headers.getSetCookie().find((c) => c.startsWith('order_access='));
    expect(cookie).toMatch(/; Path=\/; Max-Age=86400; HttpOnly; SameSite=Lax$/);
    // The token is not the reference, nor anything else the page or the address shows.
    expect(cookie).toMatch(new RegExp(`^order_access=${session.reference}:[A-Za-z0-9_-]{43};`));

    const page = await buyer.get(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.text).toContain('Thank You for Your Order!');
    expect(page.text).toContain(session.reference);
    expect(page.text).toContain('Payment Successful');
    expect(page.text).toContain('Visa ending in 4242');
    expect(page.text).toContain(`2 x ${product.name}`);
    expect(page.text).not.toContain(NOT_FOUND);
  });

  it('says no such order for an unknown or malformed reference, with a 404 and onward links', async () => {
    const visitor = createClient(t.url);
    for (const ref of ['MS-ZZZZZZZZ', 'not-a-reference', '']) {
      const page = await visitor.get(
        `/order-success?order_ref=${encodeURIComponent(ref)}&payment_method=card`,
      );
      expect(page.status).toBe(404);
      expect(page.text).toContain(NOT_FOUND);
      expect(page.text).not.toContain('Payment Successful');
      expect(page.text).toContain('href="/category/featured"');
      expect(page.text).toContain('Continue Shopping');
      expect(page.text).toContain('Return to Home');
    }
  });

  it("never shows a guest's order by its reference alone, nor to a forged or another order's token", async () => {
    const buyer = createClient(t.url);
    const first = await guestOrder(buyer);
    const stranger = createClient(t.url);
    const byReference = await stranger.get(first.url);
    expect(byReference.status).toBe(404);
    expect(byReference.text).not.toContain(product.name);

    // The token of one order opens that order only.
    const other = createClient(t.url);
    const second = await guestOrder(other);
    const stolen = other.cookies.get('order_access')!.split(':')[1];
    stranger.cookies.set('order_access', `${first.session.reference}:${stolen}`);
    expect((await stranger.get(first.url)).status).toBe(404);
    stranger.cookies.set('order_access', `${first.session.reference}:${'A'.repeat(43)}`);
    expect((await stranger.get(first.url)).status).toBe(404);
    expect((await other.get(second.url)).status).toBe(200);

    // One browser keeps its earlier orders viewable after paying another.
    const again = await guestOrder(buyer);
    expect((await buyer.get(again.url)).status).toBe(200);
    expect((await buyer.get(first.url)).status).toBe(200);
  });

  it("shows an account's order to its account only, by the session", async () => {
    const { client: owner } = await signedInClient(t.url, 'Olive');
    await addToCart(owner, product.id, 1);
    const { session } = await startCheckout(owner, { items: [] });
    const paid = await pay(owner, session.orderId, cardPayment());
    expect(paid.status).toBe(200);
    // An account's order needs no browser token.
    expect(paid.headers.getSetCookie().some((c) => c.startsWith('order_access='))).toBe(false);
    const url = (paid.body as { url: string }).url;

    const mine = await owner.get(url);
    expect(mine.status).toBe(200);
    expect(mine.text).toContain(`1 x ${product.name}`);

    const { client: someoneElse } = await signedInClient(t.url, 'Sam');
    expect((await someoneElse.get(url)).status).toBe(404);
    expect((await createClient(t.url).get(url)).status).toBe(404);
  });

  it('does not show an order that is not paid', async () => {
    const buyer = createClient(t.url);
    const { session } = await startCheckout(buyer, { items: [{ productId: product.id, quantity: 1 }] });
    const declined = await pay(buyer, session.orderId, cardPayment('4000000000000002'));
    expect(declined.status).toBe(402);
    expect(declined.headers.getSetCookie()).toEqual([]);
    expect((await buyer.get(session.url)).status).toBe(404);
  });
});
