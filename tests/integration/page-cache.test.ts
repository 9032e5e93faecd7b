import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/test-server';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET without a client that decodes for us: the bytes as the server sent them. */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

function nonceOf(res: RawResponse): string {
  const csp = String(res.headers['content-security-policy'] ?? '');
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce, 'a CSP nonce').toBeTruthy();
  return nonce ?? '';
}

describe('anonymous page cache and static files', () => {
  let app: TestServer;

  beforeAll(async () => {
    app = await startTestServer('sqlite', { REQUIRE_EMAIL_VERIFICATION: 'false' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('serves the same page with a fresh nonce each time, gzip spliced around it', async () => {
    const pages: string[] = [];
    const etags = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await rawGet(`${app.url}/category/mobility`, { 'accept-encoding': 'gzip' });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers.vary).toBe('Cookie, Accept-Encoding');
      etags.add(String(res.headers.etag));
      const html = gunzipSync(res.body).toString();
      const nonce = nonceOf(res);
      const tags = html.match(/nonce="[^"]*"/g) ?? [];
      expect(tags.length).toBeGreaterThan(2);
      for (const tag of tags) expect(tag).toBe(`nonce="${nonce}"`);
      pages.push(html.split(nonce).join('NONCE'));
    }
    expect(new Set(pages).size).toBe(1);
    expect(etags.size).toBe(1);
    const plain = await rawGet(`${app.url}/category/mobility`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString().split(nonceOf(plain)).join('NONCE')).toBe(pages[0]);
  });

  it('answers a matching If-None-Match with 304 and no new policy for the stored page', async () => {
    const first = await rawGet(`${app.url}/product/cruiser-iii-lightweight-wheelchair`);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const again = await rawGet(`${app.url}/product/cruiser-iii-lightweight-wheelchair`, {
      'if-none-match': etag,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['content-security-policy']).toBeUndefined();
    expect(again.headers['x-content-type-options']).toBe('nosniff');
    const stale = await rawGet(`${app.url}/product/cruiser-iii-lightweight-wheelchair`, {
      'if-none-match': 'W/"old"',
    });
    expect(stale.status).toBe(200);
  });

  it('gives a signed-in visitor the cached page with their name, never to anyone else', async () => {
    await rawGet(`${app.url}/category/mobility`);
    const { client } = await signedInClient(app.url, 'Rosalind');
    const mine = await client.get('/category/mobility');
    expect(mine.status).toBe(200);
    expect(mine.text).toContain('Rosalind');
    // Cached (tagged), for this visitor: the tag names them (signed-in-page-cache.test.ts).
    expect(mine.headers.get('etag')).toMatch(/^W\/"/);
    expect(mine.headers.get('cache-control')).toBe('private, no-cache');
    const anonymous = await rawGet(`${app.url}/category/mobility`);
    expect(anonymous.body.toString()).not.toContain('Rosalind');
    expect(anonymous.headers.etag).not.toBe(mine.headers.get('etag'));
  });

  it('leaves pages that say no-store, and unknown pages, uncached', async () => {
    const cart = await rawGet(`${app.url}/cart`);
    expect(cart.status).toBe(200);
    expect(cart.headers.etag).toBeUndefined();
    expect(cart.headers['cache-control']).toBe('no-store');
    const missing = await rawGet(`${app.url}/product/no-such-product`);
    expect(missing.status).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
  });

  it('sends the build’s precompressed copies and revalidates by ETag', async () => {
    const dir = path.resolve('build/client/assets');
    const script = readdirSync(dir).find((f) => f.endsWith('.js'));
    const original = readFileSync(path.join(dir, script ?? ''));
    const br = await rawGet(`${app.url}/assets/${script}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.body).equals(original)).toBe(true);
    const gzip = await rawGet(`${app.url}/assets/${script}`, { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gzip.body).equals(original)).toBe(true);
    const plain = await rawGet(`${app.url}/assets/${script}`);
    expect(plain.body.equals(original)).toBe(true);
    const revalidated = await rawGet(`${app.url}/assets/${script}`, {
      'if-none-match': String(br.headers.etag),
    });
    expect(revalidated.status).toBe(304);
    expect((await rawGet(`${app.url}/assets/no-such-file.js`)).status).toBe(404);
    expect((await rawGet(`${app.url}/assets/..%2f..%2fpackage.json`)).status).toBe(404);
  });
});
