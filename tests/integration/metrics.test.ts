import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineQueue } from '../../server/jobs/queue';
import { PRODUCT_A } from '../hardening/support';
import { signedInClient } from '../support/accounts';
import { CARDS, cardPayment, pay, startCheckout } from '../support/checkout';
import { createClient } from '../support/http-client';
import { postForm, staffClient } from '../support/staff';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { addToCart } from '../support/cart';

const TOKEN = 'metrics-token-for-the-tests-0123456789abcdef';

/** A scrape, as "name{labels}" -> value (the labels as prom-client writes them). */
type Scrape = Map<string, number>;

function parse(text: string): Scrape {
  const figures = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const space = line.lastIndexOf(' ');
    figures.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return figures;
}

/** What moved between two scrapes (0 for a series that was not there before). */
const moved = (before: Scrape, after: Scrape, series: string) =>
  (after.get(series) ?? 0) - (before.get(series) ?? 0);

describe.each(testEngines)('GET /metrics on %s', (engine) => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer(engine, {
      REQUIRE_EMAIL_VERIFICATION: 'false',
      METRICS_TOKEN: TOKEN,
      // The tests' requests come from loopback, a proxy that says who the client is.
      TRUSTED_PROXIES: '127.0.0.1',
      METRICS_ALLOW: '127.0.0.1,198.51.100.0/24',
    });
  });
  afterAll(async () => t.close());

  const from = (address: string, headers: Record<string, string> = {}) =>
    fetch(`${t.url}/metrics`, { headers: { 'x-forwarded-for': address, ...headers } });

  async function scrape(): Promise<Scrape> {
    const res = await from('203.0.113.7', { authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    return parse(await res.text());
  }

  it('is the not-found page for another address without the token, or with a wrong one', async () => {
    for (const res of [
      await from('203.0.113.7'),
      await from('203.0.113.7', { authorization: 'Bearer not-the-token' }),
      await from('203.0.113.7', { authorization: TOKEN }),
    ]) {
      expect(res.status).toBe(404);
      const page = await res.text();
      expect(page).toContain('<!DOCTYPE html>');
      expect(page).not.toContain('http_request_duration_seconds');
    }
  });

  it('answers the token from anywhere, and an allowed address or range without it', async () => {
    for (const res of [
      await from('203.0.113.7', { authorization: `Bearer ${TOKEN}` }),
      await from('198.51.100.23'),
    ]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const text = await res.text();
      expect(text).toContain('# TYPE http_request_duration_seconds histogram');
      // The process's own: event-loop delay and heap.
      expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
      expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
    }
  });

  it('refuses loopback without the token behind a proxy, even when METRICS_ALLOW names it', async () => {
    // A proxy on this machine forwards every visitor from loopback: without X-Forwarded-For (or
    // saying so itself), a visitor would look like the machine's own scraper.
    for (const res of [await fetch(`${t.url}/metrics`), await from('127.0.0.1'), await from('::1')]) {
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('http_request_duration_seconds');
    }
    const withToken = await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(withToken.status).toBe(200);
  });

  it('counts requests by route pattern and status, cached pages from the fast path too', async () => {
    const before = await scrape();
    const guest = createClient(t.url);
    const page = `/product/${PRODUCT_A.id}`;
    expect((await guest.get(page)).status).toBe(200); // rendered (or cached by an earlier test)
    const hit = await guest.get(page); // from the cache, ahead of Hono
    expect(hit.status).toBe(200);
    expect((await guest.get('/api/health')).status).toBe(200);
    expect((await guest.get('/no/such/page/4711')).status).toBe(404);
    expect((await guest.get('/api/no-such-thing')).status).toBe(404);
    // A client-side navigation's loader data.
    expect((await guest.get(`${page}.data`)).status).toBe(200);
    expect((await guest.get('/_root.data')).status).toBe(200);
    const after = await scrape();

    const count = (labels: string) => moved(before, after, `http_request_duration_seconds_count{${labels}}`);
    expect(count('route="/product/:productId",method="GET",status="200"')).toBe(2);
    expect(count('route="/api/health",method="GET",status="200"')).toBe(1);
    expect(count('route="unmatched",method="GET",status="404"')).toBe(2);
    expect(count('route="/product/:productId.data",method="GET",status="200"')).toBe(1);
    expect(count('route="/_root.data",method="GET",status="200"')).toBe(1);
    // The raw path is never a label.
    expect([...after.keys()].some((series) => series.includes(PRODUCT_A.id))).toBe(false);
    expect(
      moved(
        before,
        after,
        'http_request_duration_seconds_bucket{le="+Inf",route="/api/health",method="GET",status="200"}',
      ),
    ).toBe(1);
    expect(
      moved(before, after, 'store_page_cache_hits_total{kind="product",viewer="guest"}'),
    ).toBeGreaterThanOrEqual(1);
    const lookups =
      moved(before, after, 'store_page_cache_hits_total{kind="product",viewer="guest"}') +
      moved(before, after, 'store_page_cache_misses_total{kind="product",viewer="guest"}');
    expect(lookups).toBe(2);
  });

  it('counts failed sign-ins and rate-limit refusals', async () => {
    const before = await scrape();
    const { email } = await signedInClient(t.url, 'Forgetful');
    const visitor = createClient(t.url);
    // Five tries a minute per address (server/auth/limits.ts), the sign-in above one of them: the
    // fifth is refused before Better Auth.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await visitor.post('/api/auth/sign-in/email', { email, password: 'wrong-password' })).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const after = await scrape();
    expect(moved(before, after, 'store_sign_ins_failed_total{method="password"}')).toBe(4);
    expect(moved(before, after, 'store_rate_limit_refusals_total{scope="auth"}')).toBe(1);
    expect(
      moved(
        before,
        after,
        'http_request_duration_seconds_count{route="/api/auth/*",method="POST",status="429"}',
      ),
    ).toBe(1);
  });

  it('counts orders created and paid, payments declined and refunds', async () => {
    const before = await scrape();
    const { client: shopper, email } = await signedInClient(t.url, 'Metrics');
    const items = [{ productId: PRODUCT_A.id, quantity: 1 }];

    const declined = await startCheckout(createClient(t.url), { items });
    expect(declined.status).toBe(201);
    const refused = await pay(createClient(t.url), declined.session.orderId, cardPayment(CARDS.declined));
    expect(refused.status).toBe(402);

    await addToCart(shopper, PRODUCT_A.id, 1);
    const { session } = await startCheckout(shopper, {});
    expect((await pay(shopper, session.orderId, cardPayment(undefined, email))).status).toBe(200);
    const staff = await staffClient(t, 'staff');
    const refund = { intent: 'refund', scope: 'all', key: crypto.randomUUID() };
    const path = `/admin/orders/${session.reference}`;
    expect((await postForm(t, staff.client, path, refund)).status).toBe(200);
    // The same refund again (a double click) is the first one's answer: not a second refund.
    expect((await postForm(t, staff.client, path, refund)).status).toBe(200);

    const after = await scrape();
    expect(moved(before, after, 'store_orders_created_total')).toBe(2);
    expect(moved(before, after, 'store_orders_paid_total')).toBe(1);
    expect(moved(before, after, 'store_payments_declined_total')).toBe(1);
    expect(moved(before, after, 'store_refunds_total')).toBe(1);
  });

  it('shows the job queue per queue and state, and the connection pool on PostgreSQL', async () => {
    // A queue no instance works: its job waits.
    const idle = defineQueue<{ n: number }>('metrics-test.idle', {
      retryLimit: 0,
      retryDelaySeconds: 1,
      retryDelayMaxSeconds: 1,
      expireInSeconds: 60,
      keepFinishedSeconds: 60,
    });
    await t.server.services.jobs.send(idle, { n: 1 });
    const figures = await scrape();
    expect(figures.get('store_jobs{queue="metrics-test.idle",state="created"}')).toBe(1);
    if (engine === 'postgres') {
      expect(figures.get('store_db_pool_connections')).toBeGreaterThanOrEqual(1);
      // The job workers' queries may be waiting at that moment: only that the figure is there.
      expect(figures.get('store_db_pool_waiting_queries')).toBeGreaterThanOrEqual(0);
      expect(figures.get('store_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
    } else {
      expect(figures.has('store_db_pool_connections')).toBe(false);
    }
    // SQLite with no backup yet: 0, as old as can be, which the age alert rightly calls too old
    // (tests/integration/backups.test.ts shows it set). PostgreSQL's are not ours: absent.
    expect(figures.get('store_backup_newest_timestamp_seconds')).toBe(engine === 'sqlite' ? 0 : undefined);
  });
});

describe('GET /metrics behind a proxy the store was not told of', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('sqlite', {});
  });
  afterAll(async () => t.close());

  it('refuses a forwarded request from loopback: its socket is the proxy, not the client', async () => {
    expect((await fetch(`${t.url}/metrics`)).status).toBe(200);
    const forwarded = await fetch(`${t.url}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(forwarded.status).toBe(404);
    // No token is set: no header opens it.
    const guessed = await fetch(`${t.url}/metrics`, {
      headers: { 'x-forwarded-for': '203.0.113.7', authorization: 'Bearer ' },
    });
    expect(guessed.status).toBe(404);
  });
});
