import { createRequire } from 'node:module';
import { Writable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPurchasable } from '../../app/commerce/catalogue/catalog';
import { SEED_PRODUCTS as PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import { createClient } from '../support/http-client';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { PASSWORD } from './support';

/** The part of autocannon's API this test uses (the package ships no types). */
interface SoakRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: SoakRequest) => SoakRequest;
}
interface SoakResult {
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  timeout: number;
  requests: SoakRequest[];
}) => Promise<SoakResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const DURATION_S = Number(process.env.SOAK_SECONDS ?? 30);
const USERS = 20;
const browse = PRODUCTS.filter((p) => isPurchasable(p.stock)).slice(0, 30);

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
function heapMb(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

/**
 * Soak: 100 connections for 30 s of mixed browsing and cart writes from 20 accounts on
 * SQLite (and PostgreSQL when TEST_DATABASE_URL is set). Zero errors and zero non-2xx (so no
 * SQLITE_BUSY or pool timeout reached anyone), and the heap is
 * back near where it started once the run is over.
 */
describe.each(testEngines)('soak under autocannon on %s', (engine) => {
  let t: TestServer;
  const logs: string[] = [];
  const cookies: string[] = [];
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        if (chunk.includes('"level":50') || chunk.includes('SQLITE_BUSY')) logs.push(chunk.toString());
        done();
      },
    });
    t = await startTestServer(
      engine,
      { REQUIRE_EMAIL_VERIFICATION: 'false', TRUSTED_PROXIES: '127.0.0.1' },
      { logger: pino({ level: 'warn' }, sink) },
    );
    for (let i = 0; i < USERS; i++) {
      const client = createClient(t.url);
      // Each account from its own address behind the proxy: sign-ups are limited per address.
      const headers = { 'x-forwarded-for': `100.64.0.${i + 1}` };
      const email = `soak-${i}-${Date.now()}@example.com`;
      const body = { email, password: PASSWORD, name: 'S K', firstName: 'Soak', lastName: 'Test' };
      await client.request('/api/auth/sign-up/email', { method: 'POST', body, headers });
      const signIn = await client.request('/api/auth/sign-in/email', {
        method: 'POST',
        body: { email, password: PASSWORD },
        headers,
      });
      expect(signIn.status).toBe(200);
      cookies.push(client.cookieHeader());
    }
  });
  afterAll(async () => t?.close());

  const withUser = (request: SoakRequest): SoakRequest => ({
    ...request,
    headers: { ...request.headers, cookie: pick(cookies), origin: new URL(t.url).origin },
  });

  // The cart page's form as its script posts it (docs/decisions/0045).
  const FORM_HEADERS = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  const mix = (): SoakRequest[] => [
    { method: 'GET', path: '/', setupRequest: (r) => r },
    { method: 'GET', setupRequest: (r) => ({ ...r, path: `/product/${pick(browse).id}` }) },
    { method: 'GET', path: '/search?q=wheelchair' },
    { method: 'GET', path: '/api/cart', setupRequest: withUser },
    {
      method: 'POST',
      path: '/cart',
      headers: FORM_HEADERS,
      setupRequest: (r) =>
        withUser({
          ...r,
          body: new URLSearchParams({ intent: 'add', productId: pick(browse).id }).toString(),
        }),
    },
    { method: 'GET', path: '/api/cart/count', setupRequest: withUser },
    {
      // The heart as the page's script posts it (docs/decisions/0045).
      method: 'POST',
      path: '/wishlist',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      setupRequest: (r) =>
        withUser({
          ...r,
          body: new URLSearchParams({ intent: 'add', productId: pick(browse).id }).toString(),
        }),
    },
    { method: 'POST', path: '/cart', headers: FORM_HEADERS, body: 'intent=clear', setupRequest: withUser },
  ];

  it(
    `100 connections for ${DURATION_S} s: no errors, no SQLITE_BUSY, memory back near its start`,
    { timeout: (DURATION_S + 60) * 1000 },
    async () => {
      // Warm-up: caches, JIT and pools reach their working size before the baseline.
      await autocannon({ url: t.url, connections: 20, duration: 3, timeout: 30, requests: mix() });
      const startHeap = heapMb();
      const result = await autocannon({
        url: t.url,
        connections: 100,
        duration: DURATION_S,
        timeout: 30,
        requests: mix(),
      });
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const endHeap = heapMb();
      console.log(
        `soak (${engine}): ${result.requests.total} requests, ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors}, non-2xx ${result.non2xx}, heap ${startHeap.toFixed(1)} -> ${endHeap.toFixed(1)} MB`,
      );
      expect(result.requests.total).toBeGreaterThan(0);
      expect(result.errors).toBe(0);
      expect(result.timeouts).toBe(0);
      expect(result.non2xx, JSON.stringify(result.statusCodeStats)).toBe(0);
      expect(logs).toEqual([]);
      // Near its start: a leak of even 1 KB per request would add tens of MB over the run.
      expect(endHeap).toBeLessThan(startHeap * 1.2 + 10);
    },
  );
});
