import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPurchasable } from '../../app/commerce/catalogue/catalog';
import { SEED_PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import { createApp } from '../../server/app';
import { BUILD_DIR } from '../../server/server';
import { signedInClient } from '../support/accounts';
import type { TestClient } from '../support/http-client';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { addToCart } from '../support/cart';

const product = SEED_PRODUCTS.find((p) => isPurchasable(p.stock) && p.onHand >= 10 && !p.freightOnly)!;
const PAGES = ['/', `/category/${product.category}`, `/product/${product.id}`, '/search?q=walker'];

/** Names a shopper may give (1-100 characters, anything): markup, quotes, escapes, emoji. */
const NAMES = [
  'Olu',
  '</script><script>window.__owned = 1</script>',
  `"'&<>\\ \u2028\u2029 Zoë 😀 \${x} \`y\``,
  '<!-- there -->',
  '\\u003c/script\\u003e',
];

/** The page with its nonce (a fresh one per answer) replaced by one word. */
function withoutNonce(html: string): string {
  const nonce = /nonce="([^"]+)"/.exec(html)?.[1];
  expect(nonce).toBeTruthy();
  return html.replaceAll(nonce!, 'NONCE');
}

describe.each(testEngines)('signed-in catalogue pages from the cache on %s', (engine) => {
  let t: TestServer;
  let freshServer: ServerType;
  let freshUrl: string;

  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
    // The same services with every page rendered: what the cache must give byte for byte.
    const build = (await import(pathToFileURL(path.join(BUILD_DIR, 'server/index.js')).href)) as ServerBuild;
    const fresh = createApp({ services: t.server.services, build, cachePages: false });
    freshServer = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: fresh.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    const address = freshServer.address();
    freshUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => freshServer?.close(resolve));
    await t?.close();
  });

  async function page(client: TestClient, url: string, base = t.url) {
    const response = await fetch(new URL(url, base), { headers: { cookie: client.cookieHeader() } });
    return { status: response.status, etag: response.headers.get('etag'), html: await response.text() };
  }

  it('are byte for byte the page a fresh render gives, whatever the name, for every cart count', async () => {
    for (const name of NAMES) {
      const { client } = await signedInClient(t.url, name);
      for (const url of PAGES) {
        await page(client, url); // the cache's first answer, made from the render
        const cached = await page(client, url);
        const fresh = await page(client, url, freshUrl);
        expect(cached.status).toBe(200);
        expect(withoutNonce(cached.html), `${url} for ${name}`).toBe(withoutNonce(fresh.html));
        expect(cached.html).not.toMatch(/v[ns][0-9a-f]{24}/);
      }
    }
    // A count changes the page's shape ("1 item", a badge): one page per count.
    const { client } = await signedInClient(t.url, 'Ada');
    for (const quantity of [1, 2]) {
      const added = await addToCart(client, product.id, 1);
      expect(added.status).toBe(200);
      const cached = await page(client, `/category/${product.category}`);
      expect(cached.html.replaceAll('<!-- -->', '')).toContain(
        `Cart, ${quantity} ${quantity === 1 ? 'item' : 'items'}`,
      );
      const fresh = await page(client, `/category/${product.category}`, freshUrl);
      expect(withoutNonce(cached.html)).toBe(withoutNonce(fresh.html));
    }
  });

  it('never run a name as markup or script', async () => {
    const { client } = await signedInClient(t.url, NAMES[1]);
    await page(client, '/');
    const { html } = await page(client, '/');
    expect(html).toContain('Hi, <!-- -->&lt;/script&gt;&lt;script&gt;window.__owned = 1&lt;/script&gt;');
    expect(html).not.toContain('<script>window.__owned');
    // In the hydration data the name's "<" is escaped: no "</script>" can end the script.
    expect(html).toContain('\\u003c/script\\u003e\\u003cscript\\u003ewindow.__owned = 1');
  });

  it('tag each shopper apart, and send a signed-out device the guest page', async () => {
    const first = await signedInClient(t.url, 'First');
    const second = await signedInClient(t.url, 'Second');
    const url = `/product/${product.id}`;
    await page(first.client, url);
    const a = await page(first.client, url);
    const b = await page(second.client, url);
    expect(a.etag).toBeTruthy();
    expect(a.etag).not.toBe(b.etag);
    const revalidated = await fetch(new URL(url, t.url), {
      headers: { cookie: second.client.cookieHeader(), 'if-none-match': a.etag! },
    });
    expect(revalidated.status).toBe(200);
    expect(await revalidated.text()).toContain('Hi, <!-- -->Second');
    const same = await fetch(new URL(url, t.url), {
      headers: { cookie: first.client.cookieHeader(), 'if-none-match': a.etag! },
    });
    expect(same.status).toBe(304);

    const cookie = first.client.cookieHeader();
    expect((await first.client.post('/api/auth/sign-out', {})).status).toBe(200);
    const after = await fetch(new URL(url, t.url), { headers: { cookie } });
    const html = await after.text();
    expect(html).not.toContain('Hi, ');
    expect(html).toContain('Sign In');
  });

  it('show the name on a page that is not cached either (a missing product)', async () => {
    const { client } = await signedInClient(t.url, 'Grace');
    const missing = await page(client, '/product/no-such-product');
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('Hi, <!-- -->Grace');
    expect(missing.html).not.toMatch(/v[ns][0-9a-f]{24}/);
  });
});
