import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPurchasable } from '../../app/commerce/catalogue/catalog';
import { SEED_PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import { CARDS, cardPayment, pay, startCheckout, TEST_ADDRESS } from '../support/checkout';
import { confirmEmail } from '../support/confirm-email';
import { createClient } from '../support/http-client';
import { codeOfMail, extractLinks } from '../support/smtp-receiver';
import { type PageVisitor, pageVisitor } from '../support/page-visitor';
import { testEngines, timeLike } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { addToCart } from '../support/cart';

const PASSWORD = 'security-password-1';
const product = SEED_PRODUCTS.find((p) => isPurchasable(p.stock) && p.price < 10_000)!;
let counter = 0;

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

describe.each(testEngines)('confirming it is you, your data and deleting the account on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(engine, {
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      REQUIRE_EMAIL_VERIFICATION: 'false',
      TRUSTED_PROXIES: '127.0.0.1',
    });
  });
  afterAll(async () => t.close());

  const db = () => t.server.services.database.db as unknown as AnyDb;

  /** A signed-in visitor (a page client) with a password account of its own. */
  async function member(): Promise<{ v: PageVisitor; email: string }> {
    counter += 1;
    const email = `security-${engine}-${counter}@example.com`;
    const v = pageVisitor(t.url, `198.51.100.${counter}`);
    const signUp = await v.client.post('/api/auth/sign-up/email', {
      email,
      password: PASSWORD,
      name: 'Sam Secure',
      firstName: 'Sam',
      lastName: 'Secure',
    });
    expect(signUp.status).toBe(200);
    expect((await v.client.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
    return { v, email };
  }

  /** As if the visitor signed in 11 minutes ago and confirmed nothing since. */
  async function ageSessions(email: string) {
    const user = await db()
      .selectFrom('user')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const rows = await db()
      .selectFrom('session')
      .select(['id', 'createdAt'])
      .where('userId', '=', user.id)
      .execute();
    const then = Date.now() - 11 * 60_000;
    for (const row of rows) {
      await db()
        .updateTable('session')
        .set({ createdAt: timeLike(row.createdAt, then), reauthenticatedAt: null })
        .where('id', '=', row.id as string)
        .execute();
    }
    return user.id as string;
  }

  it('a session signed in more than 10 minutes ago must confirm before changing how it signs in', async () => {
    const { v, email } = await member();
    await ageSessions(email);

    const api = await v.client.post('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'another-password-2',
    });
    expect(api.status).toBe(403);
    expect(api.body).toMatchObject({ code: 'REAUTHENTICATION_REQUIRED' });
    expect((await v.client.post('/api/auth/two-factor/enable', { password: PASSWORD })).status).toBe(403);

    const page = await v.post('/account', {
      intent: 'password',
      currentPassword: PASSWORD,
      password: 'another-password-2',
      confirm: 'another-password-2',
    });
    expect(page.status).toBe(403);
    expect(page.text).toContain('Confirm it is you');

    // The page shows "Confirm it is you" in place of the settings.
    const account = await v.get('/account');
    expect(account.text).toContain('Confirm it is you');
    expect(account.text).not.toContain('Delete my account');

    const wrong = await v.post('/account', { intent: 'reauth-password', password: 'not-my-password' });
    expect(wrong.status).toBe(400);
    const right = await v.post('/account', { intent: 'reauth-password', password: PASSWORD });
    expect(right.status).toBe(302);
    expect(right.headers.get('location')).toBe('/account#security');
    expect((await v.get('/account')).text).toContain('Delete my account');

    const changed = await v.client.post('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'another-password-2',
    });
    expect(changed.status).toBe(200);
  });

  it('confirms with a code emailed to the account, which then cannot sign in anywhere', async () => {
    const { v, email } = await member();
    await ageSessions(email);
    const before = t.smtp.messages.length;
    const sent = await v.post('/account', { intent: 'reauth-send-code' });
    expect(sent.status).toBe(200);
    const mail = await t.smtp.waitFor(
      (m) =>
        m.to.includes(email) && m.subject.includes('sign-in code') && t.smtp.messages.indexOf(m) >= before,
    );
    const code = codeOfMail(mail);
    expect(
      (await v.post('/account', { intent: 'reauth-code', code: code === '000000' ? '111111' : '000000' }))
        .status,
    ).toBe(400);
    const confirmed = await v.post('/account', { intent: 'reauth-code', code });
    expect(confirmed.status).toBe(302);
    expect((await v.client.post('/api/auth/two-factor/enable', { password: PASSWORD })).status).toBe(200);

    const elsewhere = await createClient(t.url).post('/api/auth/sign-in/email-otp', { email, otp: code });
    expect(elsewhere.status).not.toBe(200);
  });

  it('changes the email by a link sent to the new address, after a recent sign-in, telling nothing of a taken one', async () => {
    const { v, email } = await member();
    const newEmail = `changed-${engine}-${counter}@example.com`;
    const before = t.smtp.messages.length;
    const asked = await v.post('/account', { intent: 'email-change', email: newEmail });
    expect(asked.status).toBe(200);
    expect(asked.text).toContain(`We sent a link to ${newEmail}.`);
    const mail = await t.smtp.waitFor(
      (m) =>
        m.to.includes(newEmail) &&
        m.subject === 'Confirm your new email address' &&
        t.smtp.messages.indexOf(m) >= before,
    );
    const link = extractLinks(mail).find((l) => l.includes('/verify-email?token='))!;
    const emailOf = async () =>
      (
        await db()
          .selectFrom('user')
          .select('email')
          .where('email', 'in', [email, newEmail])
          .executeTakeFirstOrThrow()
      ).email;
    expect(await emailOf()).toBe(email);
    expect((await v.get(link.replace(t.url, ''))).status).toBe(200);
    expect(await emailOf()).toBe(email);
    const opened = await confirmEmail(v.client, link, { 'x-forwarded-for': v.ip });
    expect(opened.status).toBe(302);
    expect(opened.location).toBe('/account');
    expect(await emailOf()).toBe(newEmail);

    const other = await member();
    const sentBefore = t.smtp.messages.length;
    const taken = await other.v.post('/account', { intent: 'email-change', email: newEmail });
    expect(taken.status).toBe(200);
    expect(taken.text).toContain(`We sent a link to ${newEmail}.`);
    await t.settled();
    expect(t.smtp.messages.slice(sentBefore).filter((m) => m.to.includes(newEmail))).toEqual([]);

    await ageSessions(other.email);
    const stale = await other.v.post('/account', { intent: 'email-change', email: `x-${newEmail}` });
    expect(stale.status).toBe(403);
    // The library's own endpoint is closed over HTTP (docs/security.md): only the page changes it.
    expect((await other.v.client.post('/api/auth/change-email', { newEmail: `y-${newEmail}` })).status).toBe(
      404,
    );
  });

  it('limits password guesses when confirming (429 with Retry-After)', async () => {
    const { v, email } = await member();
    await ageSessions(email);
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 6; i++) {
      last = await v.post('/account', { intent: 'reauth-password', password: `guess-${i}-password` });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 5).every((s) => s === 400)).toBe(true);
    expect(statuses[5]).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('downloads everything the store holds about the person, and only theirs', async () => {
    const { v, email } = await member();
    await addToCart(v.client, product.id, 1);
    const { session } = await startCheckout(v.client, {});
    expect((await pay(v.client, session.orderId, cardPayment(CARDS.visa, email))).status).toBe(200);
    await v.client.form('/wishlist', { intent: 'add', productId: product.id });
    await createClient(t.url).form('/newsletter', { email });

    const download = await v.get('/account/data');
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="medisupply-my-data-/);
    expect(download.headers.get('cache-control')).toBe('no-store');
    const data = JSON.parse(download.text);
    expect(data.profile).toMatchObject({ email, firstName: 'Sam', lastName: 'Secure' });
    expect(data.signInMethods).toEqual([expect.objectContaining({ method: 'password' })]);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({
      payment: 'paid',
      paidWith: { last4: '4242' },
      shipTo: { name: TEST_ADDRESS.recipientName, zip: TEST_ADDRESS.zip },
      items: [expect.objectContaining({ productId: product.id, quantity: 1 })],
    });
    expect(data.wishlist).toEqual([expect.objectContaining({ productId: product.id })]);
    expect(data.newsletter).toMatchObject({ email });
    expect(download.text).not.toMatch(/password-1|4242424242424242|"token"/);

    const guest = pageVisitor(t.url, '198.51.100.250');
    const refused = await guest.get('/account/data');
    expect(refused.status).toBe(302);
    expect(refused.headers.get('location')).toContain('/login');
  });

  it('deletes the account after a confirmation: orders kept without the person, the rest gone, a mail sent', async () => {
    const { v, email } = await member();
    await addToCart(v.client, product.id, 2);
    const { session } = await startCheckout(v.client, {});
    expect((await pay(v.client, session.orderId, cardPayment(CARDS.visa, email))).status).toBe(200);
    await v.client.form('/wishlist', { intent: 'add', productId: product.id });
    await addToCart(v.client, product.id, 1);
    // Checked: the deletion below must have these rows to remove.
    expect((await createClient(t.url).form('/newsletter', { email })).status).toBe(200);
    const contact = await pageVisitor(t.url, '198.51.100.251').post('/contact', {
      name: 'Sam Secure',
      email,
      message: 'Do you deliver to Bend?',
    });
    expect(contact.status).toBe(200);
    const userId = await ageSessions(email);
    const paidOrder = await db()
      .selectFrom('orders')
      .select(['total', 'subtotal'])
      .where('id', '=', session.orderId)
      .executeTakeFirstOrThrow();

    const stale = await v.post('/account', { intent: 'delete-account', confirm: 'yes' });
    expect(stale.status).toBe(403);
    expect(
      await db().selectFrom('user').select('id').where('id', '=', userId).executeTakeFirst(),
    ).toBeTruthy();

    expect((await v.post('/account', { intent: 'reauth-password', password: PASSWORD })).status).toBe(302);
    const unticked = await v.post('/account', { intent: 'delete-account' });
    expect(unticked.status).toBe(400);
    expect(unticked.text).toContain('Tick the box to confirm that you want to delete your account.');

    const oldCookies = v.client.cookieHeader();
    const before = t.smtp.messages.length;
    const deleted = await v.post('/account', { intent: 'delete-account', confirm: 'yes' });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get('location')).toBe('/?account=deleted');
    expect([...v.client.cookies.keys()].some((name) => name.includes('session_token'))).toBe(false);

    const mail = await t.smtp.waitFor(
      (m) =>
        m.to.includes(email) &&
        m.subject === 'Your MediSupply account was deleted' &&
        t.smtp.messages.indexOf(m) >= before,
    );
    expect(mail.text).toContain('your order stays in our books without your name');

    expect(
      await db().selectFrom('user').select('id').where('id', '=', userId).executeTakeFirst(),
    ).toBeUndefined();
    for (const table of ['session', 'account']) {
      expect(await db().selectFrom(table).select('id').where('userId', '=', userId).execute()).toEqual([]);
    }
    for (const table of ['cart_items', 'wishlist_items', 'addresses']) {
      expect(await db().selectFrom(table).select('id').where('user_id', '=', userId).execute()).toEqual([]);
    }
    expect(
      await db().selectFrom('newsletter_subscribers').select('id').where('email', '=', email).execute(),
    ).toEqual([]);
    expect(
      await db().selectFrom('contact_messages').select('id').where('email', '=', email).execute(),
    ).toEqual([]);

    const order = await db()
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', session.orderId)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      user_id: null,
      email: null,
      ship_name: null,
      ship_line1: null,
      ship_phone: null,
      ship_city: TEST_ADDRESS.city,
      ship_state: TEST_ADDRESS.state,
      ship_zip: TEST_ADDRESS.zip,
      status: 'paid',
      ...paidOrder,
    });

    // The old cookies sign nothing in; the password no longer works.
    const replay = await createClient(t.url).request('/api/auth/get-session?disableCookieCache=true', {
      headers: { cookie: oldCookies },
    });
    expect(replay.body).toBeNull();
    expect(
      (await createClient(t.url).post('/api/auth/sign-in/email', { email, password: PASSWORD })).status,
    ).toBe(401);
  });

  it('refuses Better Auth’s own delete endpoint: deleting goes through the page, which keeps the orders', async () => {
    const { v } = await member();
    const res = await v.client.post('/api/auth/delete-user', { password: PASSWORD });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect((await v.client.get('/api/auth/get-session?disableCookieCache=true')).body).not.toBeNull();
  });
});
