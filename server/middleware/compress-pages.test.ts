import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppBindings } from '../types';
import { compressPages, gzipPage } from './compress-pages';

const CSS = `body{color:red}${'.a{margin:0}'.repeat(300)}`;

describe('gzipPage', () => {
  it('decodes to the page, with the stylesheet anywhere in it or nowhere (gunzip checks CRC and size)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 1500 }),
        fc.string({ unit: 'binary', maxLength: 1500 }),
        fc.boolean(),
        (before, after, withCss) => {
          const html = Buffer.from(withCss ? `${before}${CSS}${after}` : `${before}${after}`);
          expect(gunzipSync(gzipPage(html, CSS)).equals(html)).toBe(true);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('decodes a page given no stylesheet', () => {
    const html = Buffer.from('<p>Hello</p>'.repeat(500));
    expect(gunzipSync(gzipPage(html)).toString()).toBe(html.toString());
  });
});

/** A server whose handler renders `html` in one go (as app/entry.server.tsx tells it) unless `streamed`. */
function server(html: string, options: { streamed?: boolean; headers?: Record<string, string> } = {}) {
  const app = new Hono<AppBindings>();
  app.use(compressPages());
  app.get('*', (c) => {
    const response = new Response(html, {
      headers: { 'Content-Type': 'text/html; charset=utf-8', ...options.headers },
    });
    if (!options.streamed) c.set('wholePage', { response, html: Buffer.from(html), staticText: CSS });
    return response;
  });
  return app;
}

const page = `<html><head><style>${CSS}</style></head><body>${'<p>Order MS-1</p>'.repeat(200)}</body></html>`;

describe('compressPages', () => {
  it('gzips a whole page in one go, saying so and varying on Accept-Encoding', async () => {
    const res = await server(page).request('/account', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    expect(res.headers.get('Vary')).toBe('Accept-Encoding');
    expect(res.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(page);
  });

  it('sends the page as it is to a client that takes no gzip', async () => {
    for (const accept of ['identity', 'br', 'gzip;q=0']) {
      const res = await server(page).request('/account', { headers: { 'Accept-Encoding': accept } });
      expect(res.headers.get('Content-Encoding')).toBeNull();
      expect(await res.text()).toBe(page);
    }
  });

  it('still compresses a streamed page (no whole page told of)', async () => {
    const res = await server(page, { streamed: true }).request('/account', {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(page);
  });

  it('leaves a page whose body something replaced after the render to the stream (it is not the page told of)', async () => {
    const app = new Hono<AppBindings>();
    app.use(compressPages());
    // As the page cache does for a signed-in shopper: the rendered page, with a name put in.
    app.use(async (c, next) => {
      await next();
      const text = await c.res.text();
      c.res = new Response(text.replace('MS-1', 'MS-2'), c.res);
    });
    app.get('*', (c) => {
      const response = new Response(page, { headers: { 'Content-Type': 'text/html' } });
      c.set('wholePage', { response, html: Buffer.from(page), staticText: CSS });
      return response;
    });
    const res = await app.request('/account', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(page.replace('MS-1', 'MS-2'));
  });

  it('does not transform a response that asks not to be', async () => {
    const res = await server(page, { headers: { 'Cache-Control': 'no-transform' } }).request('/account', {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(await res.text()).toBe(page);
  });
});
