import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../support/accounts';
import { startCheckout } from '../support/checkout';
import type { TestClient } from '../support/http-client';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { cartLines, PRODUCT_A, routeName, rowCounts, sendRoute, STATE_CHANGING_ROUTES } from './support';
import { addToCart } from '../support/cart';

const EVIL = 'http://evil.example';

/** CSRF: a valid session cookie sent from another site changes nothing, on every route. */
describe.each(testEngines)('cross-origin state changes on %s', (engine) => {
  let t: TestServer;
  let client: TestClient;
  let ids: { line?: string; product: string; order: string };
  // One account for every route: sign-ups are rate limited per IP.
  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
    ({ client } = await signedInClient(t.url));
    await addToCart(client, PRODUCT_A.id, 2);
    await client.form('/wishlist', { intent: 'add', productId: PRODUCT_A.id });
    const { session } = await startCheckout(client, {});
    const [line] = await cartLines(client);
    ids = { line: line?.id, product: PRODUCT_A.id, order: session.orderId };
  });
  afterAll(async () => t.close());

  it.each(STATE_CHANGING_ROUTES.map((route) => [routeName(route), route] as const))(
    '%s from evil.example -> 403, nothing written',
    async (name, route) => {
      const before = await rowCounts(t.server.services.database);
      const cookie = client.cookieHeader();

      for (const headers of [
        { origin: EVIL },
        // No Origin, but the browser says the request is cross-site.
        { 'sec-fetch-site': 'cross-site' },
      ] as Record<string, string>[]) {
        const res = await sendRoute(client, route, ids, { origin: null, headers });
        expect(res.status, `${name} ${JSON.stringify(headers)}`).toBe(403);
        expect(res.body).toMatchObject({ error: { code: 'forbidden_origin' } });
      }
      expect(client.cookieHeader()).toBe(cookie);
      expect(await rowCounts(t.server.services.database)).toEqual(before);
      // The session still works and its data is as it was.
      expect(await cartLines(client)).toMatchObject([{ product_id: PRODUCT_A.id, quantity: 2 }]);
      const me = (await client.get('/api/auth/get-session')).body as { user: { firstName: string } };
      expect(me.user.firstName).toBe('Test');
    },
  );
});
