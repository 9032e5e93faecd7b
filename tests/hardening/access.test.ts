import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../support/accounts';
import { addToCart, removeCartLine, setCartQuantity } from '../support/cart';
import { cardPayment, pay, startCheckout } from '../support/checkout';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { cartLines, PRODUCT_A, PRODUCT_B, rowCounts } from './support';

/** Object-level access: one customer can never read, change or delete another's data. */
describe.each(testEngines)('object-level access on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
  });
  afterAll(async () => t.close());

  it("answers 404 to A for B's cart line, wishlist item and order, and leaves them unchanged", async () => {
    const { client: alice } = await signedInClient(t.url, 'Alice');
    const { client: bob } = await signedInClient(t.url, 'Bob');
    await addToCart(bob, PRODUCT_A.id, 2);
    await bob.form('/wishlist', { intent: 'add', productId: PRODUCT_B.id });
    const { session } = await startCheckout(bob, {});
    expect((await pay(bob, session.orderId, cardPayment())).status).toBe(200);
    await addToCart(bob, PRODUCT_A.id, 2);
    const [bobsLine] = await cartLines(bob);
    const before = await rowCounts(t.server.services.database);

    const attempts = [
      setCartQuantity(alice, bobsLine!.id, 9),
      removeCartLine(alice, bobsLine!.id),
      alice.form('/wishlist', { intent: 'remove', productId: PRODUCT_B.id }),
      alice.get(`/account/orders/${session.reference}`),
      alice.get(`/account/orders/${session.reference.toLowerCase()}`),
      alice.get(`/account/orders/${session.reference}/receipt.pdf`),
      alice.get(`/account/orders/${session.reference}/insurance-statement.pdf`),
      pay(alice, session.orderId, cardPayment()),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('Bob');
    }
    // A's own listings stay empty; nothing of B's leaks through them.
    expect(await cartLines(alice)).toEqual([]);
    expect((await alice.get('/api/wishlist')).body).toEqual({ items: [] });
    const account = await alice.get('/account');
    expect(account.text).toContain('You have not placed any orders yet.');
    expect(account.text).not.toContain(session.reference);

    expect(await rowCounts(t.server.services.database)).toEqual(before);
    expect(await cartLines(bob)).toMatchObject([{ id: bobsLine!.id, quantity: 2 }]);
    expect((await bob.get('/api/wishlist')).body).toMatchObject({
      items: [{ product: { id: PRODUCT_B.id } }],
    });
    const bobsOrder = await bob.get(`/account/orders/${session.reference}`);
    expect(bobsOrder.status).toBe(200);
    expect(bobsOrder.text).toContain(`Order <!-- -->${session.reference}</h1>`);
    expect(bobsOrder.text).toContain('>Paid</span>');
  });

  it('refuses or ignores userId, role, emailVerified, price and status sent by a client', async () => {
    const { client, email } = await signedInClient(t.url, 'Carol');
    const { client: victim } = await signedInClient(t.url, 'Dave');
    const victimId = (await victim.get('/api/auth/get-session')).body as { user: { id: string } };

    const forged = { userId: victimId.user.id, user_id: victimId.user.id, price: 1, status: 'paid' };
    for (const res of [
      await client.form('/cart', { intent: 'add', productId: PRODUCT_A.id, quantity: 1, ...forged }),
      await client.form('/wishlist', { intent: 'add', productId: PRODUCT_A.id, userId: victimId.user.id }),
      await client.form('/cart', { intent: 'quantity', lineId: 'x', quantity: 1, price: 1 }),
      await client.post('/api/checkout', { items: [{ productId: PRODUCT_A.id, quantity: 1 }], ...forged }),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: { code: 'invalid_body' } });
    }
    expect(await cartLines(victim)).toEqual([]);

    // Better Auth ignores fields that are not declared as input: role and emailVerified stay.
    const update = await client.post('/api/auth/update-user', {
      role: 'admin',
      emailVerified: true,
      email: 'other@example.com',
      id: victimId.user.id,
      firstName: 'Carola',
    });
    expect(update.status).toBeLessThan(500);
    const session = (await client.get('/api/auth/get-session')).body as {
      user: Record<string, unknown>;
    };
    expect(session.user.email).toBe(email);
    expect(session.user.role).toBe('customer');
    expect(session.user.id).not.toBe(victimId.user.id);

    const signUp = await client.post('/api/auth/sign-up/email', {
      email: `forged-${Date.now()}@example.com`,
      password: 'password-123',
      name: 'F F',
      firstName: 'F',
      lastName: 'F',
      role: 'admin',
      emailVerified: true,
    });
    expect(signUp.status).toBeLessThan(500);
    const { rows } = await sql<{
      emailVerified: unknown;
      role: string;
    }>`select "emailVerified", role from "user" where email like 'forged-%'`.execute(
      t.server.services.database.db,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(Boolean(row.emailVerified)).toBe(false);
      expect(row.role).toBe('customer');
    }
  });
});
