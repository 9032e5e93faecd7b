import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../server/env';
import { type RunningServer, startServer } from '../../server/server';
import { createTestDatabase, type TestDatabase, testEngines } from '../support/test-database';

const DRAIN_MS = 2_000;

describe.each(testEngines)('HTTP server on %s', (engine) => {
  let testDb: TestDatabase;
  let server: RunningServer;
  let slowStarted: () => void = () => undefined;

  beforeAll(async () => {
    testDb = createTestDatabase(engine);
    const env = parseEnv({
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: testDb.url,
      DATA_DIR: testDb.dir,
      LOG_LEVEL: 'silent',
      // Long enough to ask the draining server a few things before its listener closes.
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    });
    server = await startServer(env, {
      // A deliberately slow route, to watch a shutdown wait for a request in flight.
      extendApi: (api) =>
        api.get('/test/slow', async (c) => {
          slowStarted();
          await new Promise((resolve) => setTimeout(resolve, 1_500));
          return c.json({ finished: true });
        }),
    });
  });

  afterAll(async () => {
    await server.shutdown('test end');
    await testDb.cleanup();
  });

  it('answers the health check once the database answers', async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown API paths with the JSON error shape', async () => {
    const res = await fetch(`${server.url}/api/nope`, { method: 'POST' });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({
      error: { code: 'not_found', message: 'No API route matches POST /api/nope' },
    });
  });

  it('renders the home page with landmarks and the security headers', async () => {
    const res = await fetch(`${server.url}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en"/);
    for (const landmark of ['<header', '<nav', '<main id="main-content"', '<footer'])
      expect(html).toContain(landmark);
    expect(html).toContain('Skip to main content');

    const csp = res.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
      expect(csp).toContain(directive);
    }
    // Every script tag carries this response's nonce.
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);

    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('permissions-policy')).toContain('camera=()');
    expect(res.headers.get('strict-transport-security')).toBeNull(); // http only here
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('uses a fresh nonce for every response', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${server.url}/`);
      await res.arrayBuffer();
      nonces.add(/'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1] ?? '');
    }
    expect(nonces.size).toBe(5);
  });

  it('answers unknown pages with 404 and the not-found page', async () => {
    const res = await fetch(`${server.url}/no-such-page`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('Oops! Page not found');
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Return to Home<\/a>/);
  });

  it('compresses HTML and serves hashed assets as immutable', async () => {
    // fetch() decodes the body itself; the header shows what travelled on the wire.
    const page = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers.get('content-encoding')).toBe('gzip');
    const html = await page.text();
    // The styles are inline (docs/performance.md); the scripts and fonts are hashed files.
    // A module of the page, wherever the page names it (a preload, or a boot's list: ADR 0068).
    const asset = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const res = await fetch(`${server.url}${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
  });

  it('drains on shutdown: health 503 at once, still serving, then requests in flight finish and it stops accepting', async () => {
    const started = new Promise<void>((resolve) => (slowStarted = resolve));
    const slow = fetch(`${server.url}/api/test/slow`);
    await started;
    const signalled = performance.now();
    const stopping = server.shutdown('SIGTERM');
    // The balancer's health check sees the 503 while the instance still answers everyone else,
    // telling them not to send more on this connection.
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ error: { code: 'shutting_down' } });
    const page = await fetch(`${server.url}/no-such-page`);
    expect(page.status).toBe(404);
    expect(page.headers.get('connection')).toBe('close');
    await page.arrayBuffer();
    const res = await slow;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ finished: true });
    await stopping;
    expect(performance.now() - signalled).toBeGreaterThanOrEqual(DRAIN_MS - 50);
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  });
});
