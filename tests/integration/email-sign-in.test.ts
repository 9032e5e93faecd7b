import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type TestClient } from '../support/http-client';
import { pageVisitor } from '../support/page-visitor';
import { codeOfMail, extractLinks } from '../support/smtp-receiver';
import { testEngines, timeLike } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { secretOf, totp } from '../support/totp';

let ipCounter = 0;
/** Each test its own client address (the server trusts the loopback proxy), so limits stay apart. */
function freshIp() {
  ipCounter += 1;
  return `203.0.113.${ipCounter}`;
}

function clientAt(url: string, ip = freshIp()): TestClient {
  return createClient(url, { headers: { 'x-forwarded-for': ip } });
}

const codeOf = codeOfMail;

describe.each(testEngines)('sign-in by emailed code or link on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(engine, {
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      TRUSTED_PROXIES: '127.0.0.1',
    });
  });
  afterAll(async () => t.close());

  const mailTo = (email: string, subject: (s: string) => boolean, after = 0) =>
    t.smtp.waitFor((m) => m.to.includes(email) && subject(m.subject) && t.smtp.messages.indexOf(m) >= after);

  async function requestCode(client: TestClient, email: string) {
    const after = t.smtp.messages.length;
    const sent = await client.post('/api/auth/email-otp/send-verification-otp', { email, type: 'sign-in' });
    expect(sent.status).toBe(200);
    const mail = await mailTo(email, (s) => s.includes('sign-in code'), after);
    return codeOf(mail);
  }

  /** Moves every pending code and link past its expiry, in the stored value's own type. */
  async function expireVerifications() {
    const db = t.server.services.database.db as never as Kysely<Record<string, Record<string, unknown>>>;
    const rows = await db.selectFrom('verification').select(['id', 'expiresAt']).execute();
    for (const row of rows) {
      await db
        .updateTable('verification')
        .set({ expiresAt: timeLike(row.expiresAt, Date.now() - 1000) })
        .where('id', '=', row.id as string)
        .execute();
    }
  }

  it('a code signs a new address in once, makes its account with empty names, and works only once', async () => {
    const email = `code-new-${engine}@example.com`;
    const client = clientAt(t.url);
    const code = await requestCode(client, email);
    expect(code).toMatch(/^\d{6}$/);

    const signIn = await client.post('/api/auth/sign-in/email-otp', { email, otp: code });
    expect(signIn.status).toBe(200);
    expect(signIn.body).toMatchObject({ user: { email, firstName: '', lastName: '', emailVerified: true } });
    const session = await client.get('/api/auth/get-session?disableCookieCache=true');
    expect(session.body).toMatchObject({ user: { email } });

    const again = await clientAt(t.url).post('/api/auth/sign-in/email-otp', { email, otp: code });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
  });

  it('an expired code is refused', async () => {
    const email = `code-expired-${engine}@example.com`;
    const client = clientAt(t.url);
    const code = await requestCode(client, email);
    await expireVerifications();
    const signIn = await client.post('/api/auth/sign-in/email-otp', { email, otp: code });
    expect(signIn.status).toBe(400);
    expect(signIn.body).toMatchObject({ code: 'OTP_EXPIRED' });
    expect((await client.get('/api/auth/get-session?disableCookieCache=true')).body).toBeNull();
  });

  it('the answer to "send me a code" is the same for an address with or without an account', async () => {
    const known = `code-known-${engine}@example.com`;
    const registered = await clientAt(t.url).post('/api/auth/sign-up/email', {
      email: known,
      password: 'password-123',
      name: 'Known Person',
      firstName: 'Known',
      lastName: 'Person',
    });
    expect(registered.status).toBe(200);
    const a = await clientAt(t.url).post('/api/auth/email-otp/send-verification-otp', {
      email: known,
      type: 'sign-in',
    });
    const b = await clientAt(t.url).post('/api/auth/email-otp/send-verification-otp', {
      email: `code-unknown-${engine}@example.com`,
      type: 'sign-in',
    });
    expect(a.status).toBe(b.status);
    expect(a.body).toEqual(b.body);
    const linkA = await clientAt(t.url).post('/api/auth/sign-in/magic-link', { email: known });
    const linkB = await clientAt(t.url).post('/api/auth/sign-in/magic-link', {
      email: `link-unknown-${engine}@example.com`,
    });
    expect(linkA.status).toBe(linkB.status);
    expect(linkA.body).toEqual(linkB.body);
  });

  it('limits wrong codes per address (429 with Retry-After) even from many clients', async () => {
    const email = `code-guess-${engine}@example.com`;
    await requestCode(clientAt(t.url), email);
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 6; i++) {
      last = await clientAt(t.url).post('/api/auth/sign-in/email-otp', { email, otp: String(100000 + i) });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 5).every((s) => s !== 200 && s !== 429)).toBe(true);
    expect(statuses[5]).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits wrong codes per client address across many addresses', async () => {
    const client = clientAt(t.url);
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 11; i++) {
      last = await client.post('/api/auth/sign-in/email-otp', {
        email: `spray-${i}-${engine}@example.com`,
        otp: '123456',
      });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 10)).not.toContain(429);
    expect(statuses[10]).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('three wrong tries end a code: the right one no longer works', async () => {
    const email = `code-burnt-${engine}@example.com`;
    const code = await requestCode(clientAt(t.url), email);
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 3; i++) {
      expect(
        (await clientAt(t.url).post('/api/auth/sign-in/email-otp', { email, otp: wrong })).status,
      ).not.toBe(200);
    }
    const right = await clientAt(t.url).post('/api/auth/sign-in/email-otp', { email, otp: code });
    expect(right.status).not.toBe(200);
  });

  it('a link opens our page (not the API), signs in once, and keeps where the visitor was going', async () => {
    const email = `link-${engine}@example.com`;
    const client = clientAt(t.url);
    const after = t.smtp.messages.length;
    const sent = await client.post('/api/auth/sign-in/magic-link', { email, callbackURL: '/cart' });
    expect(sent.status).toBe(200);
    const mail = await mailTo(email, (s) => s === 'Sign in to MediSupply', after);
    const link = extractLinks(mail).find((l) => l.includes('/login/link'));
    expect(link, 'sign-in link').toBeTruthy();
    const url = new URL(link!);
    expect(url.origin).toBe(t.url);
    expect(url.searchParams.get('redirectTo')).toBe('/cart');
    const token = url.searchParams.get('token')!;

    // Opening the page (as a mail scanner would) spends nothing.
    expect((await createClient(t.url).get(`${url.pathname}${url.search}`)).status).toBe(200);

    // The library's GET is closed (a cross-site link must not sign anyone in): 404.
    expect((await clientAt(t.url).get(`/api/auth/magic-link/verify?token=${token}`)).status).toBe(404);

    // The page's button posts the token to the page's action, which signs in once.
    const browser = pageVisitor(t.url, freshIp());
    const verify = await browser.post(`${url.pathname}${url.search}`, { intent: 'magic-link', token });
    expect(verify.status, verify.text).toBeLessThan(400);
    expect((await browser.client.get('/api/auth/get-session?disableCookieCache=true')).body).toMatchObject({
      user: { email },
    });

    const replay = pageVisitor(t.url, freshIp());
    expect((await replay.post(`${url.pathname}${url.search}`, { intent: 'magic-link', token })).status).toBe(
      400,
    );
    expect((await replay.client.get('/api/auth/get-session?disableCookieCache=true')).body).toBeNull();
  });

  it('an expired link is refused', async () => {
    const email = `link-expired-${engine}@example.com`;
    const after = t.smtp.messages.length;
    await clientAt(t.url).post('/api/auth/sign-in/magic-link', { email });
    const mail = await mailTo(email, (s) => s === 'Sign in to MediSupply', after);
    const token = new URL(extractLinks(mail).find((l) => l.includes('/login/link'))!).searchParams.get(
      'token',
    )!;
    await expireVerifications();
    const visitor = pageVisitor(t.url, freshIp());
    expect((await visitor.post('/login/link', { intent: 'magic-link', token })).status).toBe(400);
    expect((await visitor.client.get('/api/auth/get-session?disableCookieCache=true')).body).toBeNull();
  });

  it('refuses a callbackURL on another site', async () => {
    const res = await clientAt(t.url).post('/api/auth/sign-in/magic-link', {
      email: `link-evil-${engine}@example.com`,
      callbackURL: 'https://evil.example/steal',
    });
    expect(res.status).toBe(403);
  });

  it('an account with two-factor on is asked for its second factor after a code', async () => {
    const email = `code-2fa-${engine}@example.com`;
    const owner = clientAt(t.url);
    const first = await owner.post('/api/auth/sign-in/email-otp', {
      email,
      otp: await requestCode(owner, email),
    });
    expect(first.status).toBe(200);
    const password = 'password-123';
    // A passwordless account sets a password first (two-factor asks for it).
    const setPassword = await t.server.services.auth.api.setPassword({
      body: { newPassword: password },
      headers: new Headers({ cookie: owner.cookieHeader() }),
    });
    expect(setPassword).toMatchObject({ status: true });
    const enable = await owner.post('/api/auth/two-factor/enable', { password });
    const secret = secretOf((enable.body as { totpURI: string }).totpURI);
    expect((await owner.post('/api/auth/two-factor/verify-totp', { code: totp(secret) })).status).toBe(200);

    const device = clientAt(t.url);
    const code = await requestCode(device, email);
    const signIn = await device.post('/api/auth/sign-in/email-otp', { email, otp: code });
    expect(signIn.body).toMatchObject({ twoFactorRedirect: true });
    expect((await device.get('/api/auth/get-session?disableCookieCache=true')).body).toBeNull();
    expect((await device.post('/api/auth/two-factor/verify-totp', { code: totp(secret) })).status).toBe(200);
    expect((await device.get('/api/auth/get-session?disableCookieCache=true')).body).toMatchObject({
      user: { email },
    });
  });
});
