import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart } from '../support/cart';
import { createClient, type TestClient } from '../support/http-client';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { waitUntil } from '../support/wait-until';
import { PASSWORD, PRODUCT_A } from './support';

/** The public address both instances serve behind a load balancer. */
const PUBLIC_ORIGIN = 'http://store.test';
const SECRET = 'scale-out-shared-secret-that-is-long-enough';

function clientOf(url: string, cookiesFrom?: TestClient): TestClient {
  const client = createClient(url);
  for (const [name, value] of cookiesFrom?.cookies ?? []) client.cookies.set(name, value);
  return client;
}

const post = (client: TestClient, path: string, body: unknown) =>
  client.post(path, body, { origin: PUBLIC_ORIGIN });

/**
 * Two server processes on different ports, one PostgreSQL database, one secret: what a load
 * balancer in front of N instances relies on. PostgreSQL only (SQLite is one process by design).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances sharing PostgreSQL', () => {
  let testDb: TestDatabase;
  let a: ServerProcess;
  let b: ServerProcess;
  beforeAll(async () => {
    testDb = createTestDatabase('postgres');
    const env = {
      DATABASE_URL: testDb.url,
      DATA_DIR: testDb.dir,
      AUTH_SECRET: SECRET,
      APP_URL: PUBLIC_ORIGIN,
      REQUIRE_EMAIL_VERIFICATION: 'false',
      LOG_LEVEL: 'info',
    };
    // Both at once on an empty database, as after a deploy: migrations must run exactly once.
    [a, b] = await Promise.all([startServerProcess({ ...env }), startServerProcess({ ...env })]);
    expect([a.output(), b.output()].filter((o) => o.includes('database migrated'))).toHaveLength(1);
    expect(a.url).not.toBe(b.url);
  });
  afterAll(async () => {
    for (const server of [a, b]) {
      server?.child.kill('SIGTERM');
      await server?.exited;
    }
    await testDb?.cleanup();
  });

  it('a session made on one instance works on the other', async () => {
    const onA = createClient(a.url);
    const email = `scale-${Date.now()}@example.com`;
    const signUp = { email, password: PASSWORD, name: 'S O', firstName: 'Scale', lastName: 'Out' };
    expect((await post(onA, '/api/auth/sign-up/email', signUp)).status).toBe(200);
    expect((await post(onA, '/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
    const onB = clientOf(b.url, onA);
    const session = (await onB.get('/api/auth/get-session')).body as { user: { email: string } };
    expect(session.user.email).toBe(email);
    expect((await addToCart(onB, PRODUCT_A.id, 2, { origin: PUBLIC_ORIGIN })).status).toBe(200);
    expect(((await onA.get('/api/cart')).body as { count: number }).count).toBe(2);
    // Signing out on B ends the session on A too.
    expect((await post(onB, '/api/auth/sign-out', {})).status).toBe(200);
    expect((await onA.get('/api/cart')).status).toBe(401);
  });

  it("a cart change made through one reaches the other's realtime stream within 2 s", async () => {
    const onA = createClient(a.url);
    const email = `stream-${Date.now()}@example.com`;
    const signUp = { email, password: PASSWORD, name: 'S T', firstName: 'Stream', lastName: 'Test' };
    await post(onA, '/api/auth/sign-up/email', signUp);
    expect((await post(onA, '/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);

    const controller = new AbortController();
    const stream = await fetch(`${b.url}/api/cart/events`, {
      headers: { cookie: onA.cookieHeader() },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    const readUntil = async (needle: string) => {
      while (!received.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${needle}`);
        received += decoder.decode(value);
      }
    };
    await readUntil('event: ready');
    const started = performance.now();
    expect((await addToCart(onA, PRODUCT_A.id, undefined, { origin: PUBLIC_ORIGIN })).status).toBe(200);
    await readUntil('event: changed');
    const elapsed = performance.now() - started;
    controller.abort();
    expect(elapsed).toBeLessThan(2_000);
  });

  it('a promotion made in the console on one instance applies on the other within seconds', async () => {
    const onA = createClient(a.url);
    const email = `promo-${Date.now()}@example.com`;
    const signUp = { email, password: PASSWORD, name: 'P S', firstName: 'Promo', lastName: 'Staff' };
    await post(onA, '/api/auth/sign-up/email', signUp);
    expect((await post(onA, '/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
    // Staff with a second factor passed, set in the database as tests/support/staff.ts does.
    const database = testDb.open();
    await sql`update "user" set role = 'staff', "twoFactorEnabled" = true where email = ${email}`.execute(
      database.db,
    );
    await sql`update "session" set "secondFactor" = 'totp', "secondFactorAt" = ${Date.now()} where "userId" = (select id from "user" where email = ${email})`.execute(
      database.db,
    );
    await database.close();
    const onB = createClient(b.url);
    const quoteOnB = async () =>
      (
        (
          await post(onB, '/api/checkout/quote', {
            items: [{ productId: PRODUCT_A.id, quantity: 1 }],
            promoCode: 'TWOSERVERS5',
          })
        ).body as { promoCode: string | null }
      ).promoCode;
    expect(await quoteOnB()).toBeNull();
    const created = await onA.form('/admin/promotions/new', {
      intent: 'save',
      code: 'TWOSERVERS5',
      label: '5% off',
      kind: 'percent',
      value: '5',
      scope: 'all',
    });
    expect(created.status).toBe(200);
    // B hears of it on the change channel and reads the promotions again.
    await waitUntil(
      async () => (await quoteOnB()) === 'TWOSERVERS5',
      'instance B to apply TWOSERVERS5',
      5_000,
    );
  });

  it('counts rate limits across both instances (stored in the database)', async () => {
    const email = `limit-${Date.now()}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const server = i % 2 === 0 ? a : b;
      const res = await post(createClient(server.url), '/api/auth/sign-in/email', {
        email,
        password: `wrong-${i}`,
      });
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    // Five guesses per email per minute in all, not five per instance.
    expect(statuses.slice(0, 5).every((s) => s !== 429)).toBe(true);
    expect(statuses[5]).toBe(429);
  });

  it("a shop settings change announced by another instance reaches this one's pages within 5 s", async () => {
    const home = async () => (await createClient(b.url).get('/')).text;
    // Cached on B first: the change must purge its page cache as well as its settings.
    expect(await home()).toContain('Free shipping on orders of $499 or more');
    const other = testDb.open();
    try {
      // What the console's save does on A: the row, then the signal on the settings topic.
      await other.db
        .updateTable('shipping_settings')
        .set({ free_from_cents: 29_900 })
        .where('option', '=', 'standard')
        .execute();
      await sql`select pg_notify('shop_settings_changes', 'another-instance')`.execute(other.db);
    } finally {
      await other.close();
    }
    await waitUntil(
      async () => (await home()).includes('$299 or more'),
      'B to show the new threshold',
      5_000,
    );
    const quote = await createClient(b.url).post(
      '/api/checkout/quote',
      { items: [{ productId: PRODUCT_A.id, quantity: 1 }], shipping: 'standard' },
      { origin: PUBLIC_ORIGIN },
    );
    expect((quote.body as { shipping: number }).shipping).toBe(PRODUCT_A.price >= 29_900 ? 0 : 999);
  });
});
