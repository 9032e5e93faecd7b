import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmEmail } from '../support/confirm-email';
import { createClient } from '../support/http-client';
import { extractLinks } from '../support/smtp-receiver';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { secretOf, totp } from '../support/totp';

const PASSWORD = 'correct-horse-1';

describe.each(testEngines)('accounts on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(engine, { LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' });
  });
  afterAll(async () => t.close());

  async function register(email: string, firstName = 'Ada') {
    const client = createClient(t.url);
    const res = await client.post('/api/auth/sign-up/email', {
      email,
      password: PASSWORD,
      name: `${firstName} Lovelace`,
      firstName,
      lastName: 'Lovelace',
      callbackURL: '/',
    });
    expect(res.status).toBe(200);
    const mail = await t.smtp.waitFor(
      (m) => m.to.includes(email) && m.subject === 'Confirm your email address',
    );
    const link = extractLinks(mail).find((l) => l.includes('/verify-email?token='));
    expect(link, 'confirmation link').toBeTruthy();
    return { client, link: link! };
  }

  it('refuses a name longer than the forms allow, posted to the API directly, and stores nothing', async () => {
    const email = `long-name-${engine}@example.com`;
    const bodies = [
      { name: 'Ada Lovelace', firstName: 'A'.repeat(101), lastName: 'Lovelace' },
      { name: 'Ada Lovelace', firstName: 'Ada', lastName: 'L'.repeat(101) },
      { name: 'N'.repeat(5_000), firstName: 'Ada', lastName: 'Lovelace' },
    ];
    for (const names of bodies) {
      const res = await createClient(t.url).post('/api/auth/sign-up/email', {
        email,
        password: PASSWORD,
        ...names,
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'FIELD_TOO_LONG' });
    }
    const db = t.server.services.database.db as unknown as Kysely<{ user: { email: string } }>;
    expect(await db.selectFrom('user').select('email').where('email', '=', email).execute()).toEqual([]);
  });

  it('registers, refuses sign-in until confirmed, confirms by the mailed link and signs in', async () => {
    const email = `ada-${engine}@example.com`;
    const { client, link } = await register(email);
    expect(link.startsWith(t.url)).toBe(true);

    const early = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(early.status).toBe(403);
    expect(early.body).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });

    // Opening the link changes nothing (login CSRF); the page's button confirms and signs in.
    expect((await client.get(link.replace(t.url, ''))).status).toBe(200);
    expect((await client.get('/api/auth/get-session?disableCookieCache=true')).body).toBeNull();
    const confirm = await confirmEmail(client, link);
    expect(confirm.status).toBe(302);
    const me = await client.get('/api/auth/get-session?disableCookieCache=true');
    expect(me.body).toMatchObject({
      user: { email, firstName: 'Ada', lastName: 'Lovelace', emailVerified: true },
    });

    const other = createClient(t.url);
    const signIn = await other.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(signIn.status).toBe(200);
    const cookie = [...other.cookies.keys()].find((name) => name.includes('session_token'));
    expect(cookie).toBeTruthy();
    expect(signIn.headers.getSetCookie().join(';')).toMatch(/HttpOnly/i);
    expect(signIn.headers.getSetCookie().join(';')).toMatch(/SameSite=Lax/i);

    // A wrong password and an unknown email get the same answer.
    const wrong = await createClient(t.url).post('/api/auth/sign-in/email', { email, password: 'nope-nope' });
    const unknown = await createClient(t.url).post('/api/auth/sign-in/email', {
      email: `x-${email}`,
      password: 'nope-nope',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
  });

  it('limits password guessing per email: the sixth attempt in a minute gets 429', async () => {
    const email = `target-${engine}@example.com`;
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 6; i++) {
      last = await createClient(t.url).post('/api/auth/sign-in/email', { email, password: `guess-${i}-x` });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses[5]).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last!.body).toMatchObject({
      error: {
        code: 'rate_limited',
        message: expect.stringMatching(/^Too many attempts\. Try again in \d+ seconds\.$/),
      },
    });
  });

  it('resets a forgotten password by mail without revealing who has an account, ending other sessions', async () => {
    const email = `grace-${engine}@example.com`;
    const { client, link } = await register(email, 'Grace');
    await confirmEmail(client, link);
    expect((await client.get('/api/auth/get-session?disableCookieCache=true')).body).toMatchObject({
      user: { email },
    });

    const anon = createClient(t.url);
    const known = await anon.post('/api/auth/request-password-reset', {
      email,
      redirectTo: '/reset-password',
    });
    const unknown = await anon.post('/api/auth/request-password-reset', {
      email: `nobody-${email}`,
      redirectTo: '/reset-password',
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);

    const mail = await t.smtp.waitFor((m) => m.to.includes(email) && m.subject === 'Reset your password');
    // The mail opens our page directly; the page's form posts the new password with the token.
    const location = new URL(extractLinks(mail).find((l) => l.includes('/reset-password?token='))!);
    expect(location.origin).toBe(t.url);
    const token = location.searchParams.get('token')!;

    const reset = await anon.post('/api/auth/reset-password', { newPassword: 'a-new-secret-2', token });
    expect(reset.status).toBe(200);
    expect((await client.get('/api/auth/get-session?disableCookieCache=true')).body).toBeNull();
    const again = await anon.post('/api/auth/reset-password', { newPassword: 'another-one-3', token });
    expect(again.status).toBe(400);
    expect(
      (await createClient(t.url).post('/api/auth/sign-in/email', { email, password: 'a-new-secret-2' }))
        .status,
    ).toBe(200);
  });

  it('turns on two-factor, then asks for a code (or a backup code) at sign-in, and needs a code to turn it off', async () => {
    const email = `alan-${engine}@example.com`;
    const { client, link } = await register(email, 'Alan');
    await confirmEmail(client, link);

    const enable = await client.post('/api/auth/two-factor/enable', { password: PASSWORD });
    expect(enable.status).toBe(200);
    const { totpURI, backupCodes } = enable.body as { totpURI: string; backupCodes: string[] };
    const secret = secretOf(totpURI);
    expect(backupCodes.length).toBeGreaterThan(0);
    expect((await client.post('/api/auth/two-factor/verify-totp', { code: totp(secret) })).status).toBe(200);

    const device = createClient(t.url);
    const first = await device.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(first.body).toMatchObject({ twoFactorRedirect: true });
    expect((await device.get('/api/auth/get-session?disableCookieCache=true')).body).toBeNull();
    expect((await device.post('/api/auth/two-factor/verify-totp', { code: '000000' })).status).toBe(401);
    const verified = await device.post('/api/auth/two-factor/verify-totp', { code: totp(secret) });
    expect(verified.status).toBe(200);
    expect((await device.get('/api/auth/get-session?disableCookieCache=true')).body).toMatchObject({
      user: { email, twoFactorEnabled: true },
    });

    const backup = createClient(t.url);
    await backup.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(
      (await backup.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] })).status,
    ).toBe(200);

    expect((await device.post('/api/auth/two-factor/disable', { password: PASSWORD })).status).toBe(400);
    expect(
      (await device.post('/api/auth/two-factor/disable', { password: PASSWORD, code: '123456' })).status,
    ).toBe(400);
    const off = await device.post('/api/auth/two-factor/disable', { password: PASSWORD, code: totp(secret) });
    expect(off.status).toBe(200);
    expect(
      (await createClient(t.url).post('/api/auth/sign-in/email', { email, password: PASSWORD })).body,
    ).not.toMatchObject({ twoFactorRedirect: true });
  });

  it('lists sessions and signs out everywhere; cross-site requests are refused', async () => {
    const email = `hedy-${engine}@example.com`;
    const { client, link } = await register(email, 'Hedy');
    await confirmEmail(client, link);
    const laptop = createClient(t.url);
    await laptop.post('/api/auth/sign-in/email', { email, password: PASSWORD });

    // The session endpoints of the library are closed over HTTP (docs/security.md): the account
    // page lists and ends sessions through its own actions.
    expect((await client.get('/api/auth/list-sessions')).status).toBe(404);
    expect((await client.post('/api/auth/revoke-sessions', {})).status).toBe(404);
    const me = (await client.get('/api/auth/get-session?disableCookieCache=true')).body as {
      user: { id: string };
    };
    const db = t.server.services.database.db as never as Kysely<Record<string, Record<string, unknown>>>;
    const sessions = await db.selectFrom('session').select('id').where('userId', '=', me.user.id).execute();
    expect(sessions.length).toBe(2);

    const signOutEverywhere = (origin: string) =>
      fetch(new URL('/account', t.url), {
        method: 'POST',
        headers: {
          cookie: client.cookieHeader(),
          origin,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ intent: 'sign-out-everywhere' }),
        redirect: 'manual',
      });
    expect((await signOutEverywhere('http://evil.example')).status).toBe(403);
    expect((await laptop.get('/api/auth/get-session?disableCookieCache=true')).body).toMatchObject({
      user: { email },
    });

    expect((await laptop.get('/account')).status).toBe(200);
    expect((await signOutEverywhere(t.url)).status).toBeLessThan(400);
    expect((await laptop.get('/api/auth/get-session?disableCookieCache=true')).body).toBeNull();
    // The account page checks the database, not the cookie cache: the laptop is out at once.
    const account = await laptop.get('/account');
    expect(account.status).toBe(302);
    expect(account.headers.get('location')).toBe('/login?redirectTo=%2Faccount');
    expect((await client.get('/api/auth/get-session?disableCookieCache=true')).body).toBeNull();
  });
});
