import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_LINE_QUANTITY } from '../../app/commerce/cart-limits';
import { isPurchasable } from '../../app/commerce/catalogue/catalog';
import { SEED_PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import { jobSchemaName } from '../../server/jobs/pg-boss-queue';
import { type Balancer, startBalancer } from '../support/balancer';
import { cardPayment, withAddress } from '../support/checkout';
import { freePort } from '../support/free-port';
import { createClient, type TestClient } from '../support/http-client';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { PASSWORD, PRODUCT_A, PRODUCT_B } from './support';
import { prepareStore } from '../support/stocked-store';
import { call, callForm, type Counters, sleep, unseenTimes, watch } from './rolling-clients';

/** Requests of the shoppers' mix, at least, through the balancer during the two restarts. */
const REQUESTS = 10_000;
/** Shoppers browsing and changing their carts, one request at a time each. */
const SHOPPERS = 6;
/** Shoppers whose cart is changed on one device while another holds its event stream. */
const WATCHED = 4;
/** Each instance's drain: well above the balancer's time to notice a 503 (2 checks, 100 ms apart). */
const DRAIN_MS = 2_000;
/** Load before the first restart, and between the two. */
const LOAD_BETWEEN = 1_500;
/** The longest a watched cart's change may go unseen: a reconnect (under 1 s) and a read, loaded. */
const LONGEST_UNSEEN_MS = 6_000;

const products = SEED_PRODUCTS.filter((p) => isPurchasable(p.stock) && p.onHand >= MAX_LINE_QUANTITY).slice(
  0,
  12,
);

let address = 0;
/** A client address of its own (X-Forwarded-For), so per-address limits count each shopper apart. */
const nextAddress = () => `198.18.${(++address >> 8) & 255}.${address & 255}`;

async function signedIn(url: string, name: string): Promise<TestClient> {
  const client = createClient(url, { headers: { 'x-forwarded-for': nextAddress() } });
  const email = `${name}-${Date.now()}@example.com`;
  const signUp = await client.post('/api/auth/sign-up/email', {
    email,
    password: PASSWORD,
    name: `${name} Shopper`,
    firstName: name,
    lastName: 'Shopper',
  });
  if (signUp.status !== 200) throw new Error(`sign-up: ${signUp.status} ${signUp.text}`);
  const signIn = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status} ${signIn.text}`);
  return client;
}

/**
 * A shopper's visits until told to stop: pages as a guest and signed in, the cart's form posts
 * and the cart API's reads, and every tenth visit a guest order paid by card (whose confirmation mail is a job).
 */
async function shop(url: string, shopper: TestClient, w: number, counters: Counters, stop: () => boolean) {
  const guest = createClient(url);
  for (let n = 0; !stop(); n++) {
    const product = products[(w + n) % products.length]!;
    const page = ['/', `/product/${product.id}`, '/about', `/search?q=walker`][n % 4]!;
    await call(counters, guest, 'GET', page, 200);
    const added = await callForm(counters, shopper, '/cart', 200, {
      intent: 'add',
      productId: product.id,
      quantity: 1,
    });
    await call(counters, shopper, 'GET', '/api/cart', 200);
    const line = (added?.body as { item?: { id: string } } | undefined)?.item?.id;
    if (line)
      await callForm(counters, shopper, '/cart', 200, {
        intent: 'quantity',
        lineId: line,
        quantity: 1 + (n % 4),
      });
    await call(counters, shopper, 'GET', '/api/cart/count', 200);
    await call(counters, shopper, 'GET', n % 2 ? '/cart' : `/product/${product.id}`, 200);
    if (line && n % 3 === 0)
      await callForm(counters, shopper, '/cart', 200, { intent: 'remove', lineId: line });
    if (n % 10 === w % 10) {
      const buyer = createClient(url);
      const from = { 'x-forwarded-for': nextAddress() };
      const items = [{ productId: (n % 2 ? PRODUCT_A : PRODUCT_B).id, quantity: 1 + (n % 3) }];
      const created = await call(counters, buyer, 'POST', '/api/checkout', 201, withAddress({ items }), from);
      const orderId = (created?.body as { orderId?: string } | undefined)?.orderId;
      if (orderId) {
        const email = `buyer-${orderId}@example.com`;
        const paid = await call(
          counters,
          buyer,
          'POST',
          `/api/checkout/${orderId}/pay`,
          200,
          cardPayment(undefined, email),
          from,
        );
        const reference = (paid?.body as { reference?: string } | undefined)?.reference;
        if (reference) counters.paid.push(reference);
      }
    }
  }
}

/** A watched cart: one device adds a unit every ~100 ms; `acked[v - 1]` is when unit v was answered. */
async function changeCart(client: TestClient, counters: Counters, acked: number[], stop: () => boolean) {
  for (let v = 0; !stop();) {
    const product = products[v % products.length]!;
    const added = await callForm(counters, client, '/cart', 200, {
      intent: 'add',
      productId: product.id,
      quantity: 1,
    });
    if (added) acked[v++] = Date.now();
    await sleep(100);
  }
}

/** Mail jobs by state, straight from pg-boss's table. */
async function mailJobStates(testDb: TestDatabase): Promise<Record<string, number>> {
  const database = testDb.open();
  try {
    const schema = jobSchemaName(new URL(testDb.url).searchParams.get('schema') ?? undefined);
    const rows = await sql<{ state: string; n: string }>`
      select state::text as state, count(*) as n from ${sql.table(`${schema}.job`)}
      where name = 'mail' group by state`.execute(database.db);
    return Object.fromEntries(rows.rows.map((r) => [r.state, Number(r.n)]));
  } finally {
    await database.close();
  }
}

/**
 * Two instances on one PostgreSQL database behind a balancer (tests/support/balancer.ts), each
 * restarted in turn under a shoppers' load, as a rolling deploy does (docs/decisions/0037).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a rolling restart of two instances on PostgreSQL', () => {
  let testDb: TestDatabase | undefined;
  let smtp: SmtpReceiver | undefined;
  let balancer: Balancer | undefined;
  const instances = new Map<string, ServerProcess>();
  afterAll(async () => {
    for (const server of instances.values()) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await balancer?.close();
    await smtp?.close();
    await testDb?.cleanup();
  });

  it(
    `fails none of ${REQUESTS}+ requests, hides no cart change beyond a reconnect, and runs no job twice`,
    { timeout: 240_000 },
    async () => {
      const began = Date.now();
      testDb = createTestDatabase('postgres');
      await prepareStore(testDb, [...new Set([...products, PRODUCT_A, PRODUCT_B].map((p) => p.id))]);
      smtp = await startSmtpReceiver();
      const ports = { a: await freePort(), b: await freePort() };
      balancer = await startBalancer({ a: `http://127.0.0.1:${ports.a}`, b: `http://127.0.0.1:${ports.b}` });
      const env = {
        DATABASE_URL: testDb.url,
        DATA_DIR: testDb.dir,
        AUTH_SECRET: 'rolling-restart-secret-that-is-long-enough',
        APP_URL: balancer.url,
        SMTP_URL: smtp.url,
        REQUIRE_EMAIL_VERIFICATION: 'false',
        TRUSTED_PROXIES: '127.0.0.1',
        SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
        SHUTDOWN_TIMEOUT_MS: '20000',
        DATABASE_POOL_SIZE: '5',
      };
      const start = (name: 'a' | 'b') =>
        startServerProcess({ ...env, PORT: String(ports[name]) }, 60_000).then((server) => {
          instances.set(name, server);
          return server;
        });
      await Promise.all([start('a'), start('b')]);
      await Promise.all([balancer.waitFor('a', true), balancer.waitFor('b', true)]);
      const url = balancer.url;

      const counters: Counters = { requests: 0, failures: [], paid: [] };
      const shoppers = await Promise.all(
        Array.from({ length: SHOPPERS }, (_, i) => signedIn(url, `shopper${i}`)),
      );
      const watchedDevices = await Promise.all(
        Array.from({ length: WATCHED }, (_, i) => signedIn(url, `watched${i}`)),
      );
      const watchers = await Promise.all(
        watchedDevices.map((device, i) => watch(url, device, counters, i % 2 ? 'b' : 'a')),
      );
      const setUpAt = Date.now();

      let stopping = false;
      const stop = () => stopping;
      const acked = watchedDevices.map(() => [] as number[]);
      const load = Promise.all([
        ...shoppers.map((shopper, w) => shop(url, shopper, w, counters, stop)),
        ...watchedDevices.map((device, i) => changeCart(device, counters, acked[i]!, stop)),
      ]);
      const until = async (requests: number) => {
        while (counters.requests < requests && counters.failures.length === 0) await sleep(50);
      };

      const restarts: string[] = [];
      const restart = async (name: 'a' | 'b') => {
        const old = instances.get(name)!;
        const signalled = Date.now();
        old.child.kill('SIGTERM');
        await balancer!.waitFor(name, false, 15_000);
        const outOfRotation = Date.now() - signalled;
        expect(await old.exited).toBe(0);
        const exited = Date.now() - signalled;
        expect(old.output()).toContain('shutdown complete');
        expect(old.output()).not.toContain('shutdown timeout reached');
        await start(name);
        await balancer!.waitFor(name, true, 30_000);
        restarts.push(
          `${name}: out of rotation ${outOfRotation} ms after SIGTERM, exited after ${exited} ms, back after ${Date.now() - signalled} ms`,
        );
      };
      await until(LOAD_BETWEEN);
      await restart('a');
      await until(counters.requests + LOAD_BETWEEN);
      await restart('b');
      await until(Math.max(REQUESTS, counters.requests + LOAD_BETWEEN));
      stopping = true;
      await load;
      const loadMs = Date.now() - setUpAt;

      // Every watcher ends with the cart as it is: nothing was lost for good.
      const finals = acked.map((a) => a.length);
      await expect
        .poll(() => watchers.map((w) => w.seen.at(-1)?.count), { timeout: 15_000, interval: 100 })
        .toEqual(finals);
      for (const watcher of watchers) watcher.close();

      // Each paid order's confirmation mail came, and no mail job is left to run again.
      await expect
        .poll(
          async () => {
            const states = await mailJobStates(testDb!);
            const mailed = counters.paid.filter((ref) => smtp!.messages.some((m) => m.subject.includes(ref)));
            return {
              unfinished: Object.keys(states).filter((state) => state !== 'completed'),
              mailed: mailed.length,
            };
          },
          { timeout: 30_000, interval: 250 },
        )
        .toEqual({ unfinished: [], mailed: counters.paid.length });
      const mailsPerOrder = counters.paid.map(
        (reference) => smtp!.messages.filter((m) => m.subject.includes(reference)).length,
      );

      const unseen = watchers.map((w, i) => unseenTimes(acked[i]!, w.seen));
      const longestUnseen = Math.max(...unseen.flat());
      const gaps = watchers.flatMap((w) => w.gaps);
      console.log(
        [
          `rolling restart: ${counters.requests} requests (${counters.paid.length} orders paid) in ${(loadMs / 1000).toFixed(1)} s of load, ${
            counters.failures.length
          } failed; ${balancer.retries.length} sent again by the balancer (${[...new Set(balancer.retries.map((r) => r.code))].join(', ') || 'none'})`,
          ...restarts,
          `event streams: ${watchers.map((w) => w.backends.join('>')).join(', ')}; ${watchers.reduce((n, w) => n + w.ended, 0)} ended cleanly, ${watchers.reduce((n, w) => n + w.cut, 0)} cut; reconnects took ${gaps.join(', ')} ms; a cart change went unseen for at most ${longestUnseen} ms`,
          `total ${((Date.now() - began) / 1000).toFixed(1)} s`,
        ].join('\n'),
      );

      expect(counters.failures).toEqual([]);
      // Not one request even reached a closed listener: each instance was out of rotation
      // before its drain ended (with SHUTDOWN_DRAIN_MS=0 the balancer has to send some again).
      expect(balancer.retries).toEqual([]);
      expect(counters.requests).toBeGreaterThanOrEqual(REQUESTS);
      expect(restarts).toHaveLength(2);
      // Every stream an instance held was ended by it, cleanly, and came back on the other.
      for (const watcher of watchers) {
        expect(watcher.cut).toBe(0);
        expect(watcher.ended).toBeGreaterThanOrEqual(1);
        expect(watcher.backends.length).toBe(watcher.ended + 1);
      }
      expect(longestUnseen).toBeLessThan(LONGEST_UNSEEN_MS);
      expect(counters.paid.length).toBeGreaterThan(0);
      expect(mailsPerOrder.every((n) => n === 1)).toBe(true);
    },
  );
});
