import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_PRODUCTS as PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import { signedInClient } from '../support/accounts';
import { freePort } from '../support/free-port';
import type { TestClient } from '../support/http-client';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

const PAGES = [
  '/',
  `/product/${PRODUCTS[0]!.id}`,
  '/category/all',
  '/search?q=wheelchair',
  '/about',
  '/login',
  '/signup',
  '/reset-password',
  '/cart',
  '/wishlist',
  '/quick-order',
  '/order-success?order_ref=MS-ABCDEFGH&payment_method=card',
  '/account',
  '/no-such-page',
];
/** Pages of one's own account or payment: never stored by a browser or a shared cache. */
const PRIVATE = [
  '/login',
  '/signup',
  '/reset-password',
  '/cart',
  '/wishlist',
  '/quick-order',
  '/order-success',
  '/account',
];

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

function checkHtmlHeaders(headers: Headers, html: string, page: string): string {
  const csp = headers.get('content-security-policy') ?? '';
  const d = directives(csp);
  const scriptSrc = d.get('script-src') ?? d.get('default-src') ?? [];
  expect(scriptSrc, page).not.toContain("'unsafe-inline'");
  expect(scriptSrc, page).not.toContain("'unsafe-eval'");
  const nonce = scriptSrc.find((v) => v.startsWith("'nonce-"))?.slice(7, -1);
  expect(nonce, page).toBeTruthy();
  expect(d.get('object-src'), page).toEqual(["'none'"]);
  expect(d.get('base-uri'), page).toEqual(["'none'"]);
  expect(d.get('frame-ancestors'), page).toEqual(["'none'"]);
  expect(headers.get('x-content-type-options'), page).toBe('nosniff');
  expect(headers.get('referrer-policy'), page).toMatch(
    /^(no-referrer|strict-origin|strict-origin-when-cross-origin|same-origin)$/,
  );
  expect(headers.get('permissions-policy'), page).toMatch(/camera=\(\)/);
  // Every inline script carries this request's nonce; none runs without it.
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    expect(tag, page).toContain(`nonce="${nonce}"`);
  }
  return nonce!;
}

describe.each(testEngines)('security headers on %s', (engine) => {
  let t: TestServer;
  let client: TestClient;
  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
    ({ client } = await signedInClient(t.url));
  });
  afterAll(async () => t.close());

  it.each(PAGES)('%s: CSP with a fresh nonce, nosniff, referrer and permissions policies', async (page) => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await client.get(page);
      expect(res.status, page).toBeLessThan(500);
      const html = res.status >= 300 && res.status < 400 ? '' : res.text;
      if (html) expect(res.headers.get('content-type'), page).toMatch(/text\/html/);
      nonces.add(checkHtmlHeaders(res.headers, html, page));
      // No HSTS over plain http: a browser would ignore it, and local runs must not pin it.
      expect(res.headers.get('strict-transport-security')).toBeNull();
      if (res.status === 200 && PRIVATE.some((p) => page.startsWith(p))) {
        expect(res.headers.get('cache-control'), page).toMatch(/no-store/);
      }
    }
    expect(nonces.size).toBe(3);
  });

  it('answers no-store on account and checkout API responses', async () => {
    for (const path of ['/api/cart', '/api/wishlist', '/api/auth/get-session']) {
      expect((await client.get(path)).headers.get('cache-control'), path).toMatch(/no-store/);
    }
    const checkout = await client.post('/api/checkout', {});
    expect(checkout.headers.get('cache-control')).toMatch(/no-store/);
  });
});

describe('security headers behind https', () => {
  let t: TestServer;
  let url: string;
  beforeAll(async () => {
    const port = String(await freePort());
    url = `http://127.0.0.1:${port}`;
    t = await startTestServer('sqlite', {
      APP_URL: `https://127.0.0.1:${port}`,
      PAYMENT_PROVIDER: 'test',
      PORT: port,
      AUTH_SECRET: 'a-test-secret-that-is-long-enough-123456',
    });
  });
  afterAll(async () => t.close());

  it('sends HSTS of at least a year on every HTML page', async () => {
    for (const page of ['/', '/login', '/cart', '/no-such-page']) {
      const res = await fetch(new URL(page, url));
      const hsts = res.headers.get('strict-transport-security') ?? '';
      const maxAge = Number(/max-age=(\d+)/.exec(hsts)?.[1] ?? 0);
      expect(maxAge, page).toBeGreaterThanOrEqual(31_536_000);
      checkHtmlHeaders(res.headers, await res.text(), page);
    }
  });
});
