import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newHealthDataKey } from '../../app/lib/health-data/health-data-keys.server';
import { addToCart } from '../support/cart';
import { CARDS, cardPayment, pay, startCheckout } from '../support/checkout';
import { freePort } from '../support/free-port';
import { createClient, type TestClient } from '../support/http-client';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { createTestDatabase, testEngines, type TestDatabase } from '../support/test-database';
import { waitUntil } from '../support/wait-until';
import {
  type Certificate,
  NGINX,
  postFrom,
  type RunningNginx,
  selfSignedCertificate,
  startNginx,
} from './nginx-support';
import { readEvents } from './restart-support';
import { PASSWORD, PRODUCT_A } from './support';

const SECRET = 'nginx-proxy-test-secret-that-is-long-enough';
const METRICS_TOKEN = 'nginx-proxy-test-metrics-token-0123456789abcdef';
/** A promptly delivered event arrives in well under this; a buffering proxy holds it for the 25 s ping. */
const EVENT_DEADLINE_MS = 10_000;

if (!NGINX && !process.env.CI) {
  console.warn(
    'nginx-proxy.test.ts skipped: nginx is not installed (apt-get install nginx; .ci/run installs it in CI)',
  );
}

/**
 * deploy/nginx/store.conf in front of the compiled store, as an operator runs it: TLS ends at
 * nginx (a self-signed certificate here), the store sees plain http from loopback and trusts
 * X-Forwarded-For from it only. In CI a missing nginx fails the test rather than skipping it.
 */
describe.skipIf(!NGINX && !process.env.CI).each(testEngines)('the store behind nginx on %s', (engine) => {
  let dir: string;
  let testDb: TestDatabase;
  let store: ServerProcess;
  let nginx: RunningNginx;
  let certificate: Certificate;
  let origin: string;
  let httpPort: number;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'store-nginx-'));
    testDb = createTestDatabase(engine);
    certificate = selfSignedCertificate(dir);
    // fetch (this process's) trusts the test's certificate, as a browser told of it would.
    tls.setDefaultCACertificates([...tls.getCACertificates('default'), certificate.pem]);
    const httpsPort = await freePort();
    httpPort = await freePort();
    origin = `https://127.0.0.1:${httpsPort}`;
    store = await startServerProcess({
      DATABASE_URL: testDb.url,
      DATA_DIR: testDb.dir,
      APP_URL: origin,
      AUTH_SECRET: SECRET,
      // A production store on https is given its key, as its secret (docs/security.md).
      HEALTH_DATA_KEY: newHealthDataKey('ops1'),
      PAYMENT_PROVIDER: 'test',
      REQUIRE_EMAIL_VERIFICATION: 'false',
      TRUSTED_PROXIES: '127.0.0.1',
      METRICS_TOKEN,
    });
    const storePort = Number(new URL(store.url).port);
    nginx = startNginx(dir, { storePort, httpsPort, httpPort, certificate });
    await waitUntil(
      async () => (await fetch(`${origin}/api/health`).catch(() => undefined))?.status === 200,
      `nginx to answer on ${origin}:\n${nginx.output()}`,
      30_000,
    );
  });
  afterAll(async () => {
    await nginx?.stop();
    if (store && store.child.exitCode === null) {
      store.child.kill('SIGTERM');
      await store.exited;
    }
    await testDb?.cleanup();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function signedInShopper(): Promise<{ client: TestClient; cookies: string[] }> {
    const client = createClient(origin);
    const email = `proxy-${engine}-${Date.now()}@example.com`;
    const signUp = { email, password: PASSWORD, name: 'Pat Proxy', firstName: 'Pat', lastName: 'Proxy' };
    expect((await client.post('/api/auth/sign-up/email', signUp)).status).toBe(200);
    const signIn = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(signIn.status, signIn.text).toBe(200);
    return { client, cookies: signIn.headers.getSetCookie() };
  }

  it('serves the storefront and the health check over https, and sends http to https', async () => {
    const page = await fetch(`${origin}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('</html>');
    // The store knows it is served over https (APP_URL): HSTS comes from it, through nginx.
    expect(page.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(page.headers.get('server')).toBe('nginx');

    const health = await fetch(`${origin}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });

    const plain = await fetch(`http://127.0.0.1:${httpPort}/cart?x=1`, { redirect: 'manual' });
    expect(plain.status).toBe(301);
    expect(plain.headers.get('location')).toBe('https://127.0.0.1/cart?x=1');
  });

  it('signs in with Secure cookies, and refuses a post from another site', async () => {
    const { client, cookies } = await signedInShopper();
    expect(cookies.length).toBeGreaterThan(0);
    for (const line of cookies) {
      expect(line.startsWith('__Secure-'), line).toBe(true);
      expect(line).toMatch(/;\s*Secure/i);
    }
    const session = (await client.get('/api/auth/get-session')).body as { user: { email: string } };
    expect(session.user.email).toMatch(/^proxy-/);

    const foreign = { origin: 'https://attacker.example' };
    expect((await addToCart(client, PRODUCT_A.id, 1, foreign)).status).toBe(403);
    const sameSite = await addToCart(client, PRODUCT_A.id, 1);
    expect(sameSite.status, sameSite.text).toBe(200);
  });

  it('takes a checkout paid with the test card', async () => {
    const { client } = await signedInShopper();
    expect((await addToCart(client, PRODUCT_A.id, 2)).status).toBe(200);
    const { status, session } = await startCheckout(client, {});
    expect(status).toBe(201);
    const paid = await pay(client, session.orderId, cardPayment(CARDS.visa));
    expect(paid.status, paid.text).toBe(200);
  });

  it('passes each cart event through as the store sends it (no buffering)', async () => {
    const { client } = await signedInShopper();
    const controller = new AbortController();
    // A buffering proxy holds back even the answer's headers: fail with that, not a timeout.
    const noHeaders = setTimeout(
      () => controller.abort(new Error('no answer from the event stream: nginx buffers it')),
      EVENT_DEADLINE_MS,
    );
    const stream = await fetch(`${origin}/api/cart/events`, {
      headers: { cookie: client.cookieHeader() },
      signal: controller.signal,
    }).finally(() => clearTimeout(noHeaders));
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const seen: string[] = [];
    const reading = readEvents(stream.body!, (event) => seen.push(event.event));
    await waitUntil(() => seen.includes('ready'), 'the stream to say ready', EVENT_DEADLINE_MS);
    expect((await addToCart(client, PRODUCT_A.id, 1)).status).toBe(200);
    await waitUntil(() => seen.includes('changed'), 'the change to come through nginx', EVENT_DEADLINE_MS);
    controller.abort();
    await reading;
  });

  it('does not expose /metrics, even to the scraper token', async () => {
    const bearer = { authorization: `Bearer ${METRICS_TOKEN}` };
    // The store answers the token directly: the 404s below are nginx's.
    expect((await fetch(`${store.url}/metrics`, { headers: bearer })).status).toBe(200);
    for (const pathname of ['/metrics', '/metrics/', '//metrics', '/%6Detrics', '/metrics?format=text']) {
      const res = await fetch(`${origin}${pathname}`, { headers: bearer });
      expect(res.status, pathname).toBe(404);
      expect(await res.text(), pathname).not.toContain('process_cpu');
    }
  });

  it("counts rate limits per client address: nginx's, not one the client made up", async () => {
    const signIn = (n: number, headers: Record<string, string> = {}, from = '127.0.0.1') =>
      postFrom(
        from,
        `${origin}/api/auth/sign-in/email`,
        { email: `nobody-${engine}-${n}@example.com`, password: 'wrong-password-1' },
        { origin, ...headers },
        certificate.pem,
      );
    // 20 sign-in attempts per address a minute (server/auth/endpoint-table.ts); one address's
    // requests (127.0.0.1, earlier tests' included) reach the limit.
    let statuses: number[] = [];
    for (let n = 0; n < 25 && !statuses.includes(429); n++) statuses = [...statuses, await signIn(n)];
    expect(statuses).toContain(429);
    // A made-up X-Forwarded-For does not make another client: nginx replaces it.
    expect(await signIn(100, { 'x-forwarded-for': '203.0.113.7' })).toBe(429);
    // Another address through the same nginx is another client: the store took the forwarded
    // address, not the socket's (which is nginx's 127.0.0.1 for both).
    expect(await signIn(101, {}, '127.0.0.2')).toBe(401);
  });
});
