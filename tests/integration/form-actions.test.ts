import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../support/http-client';
import { type PageVisitor, pageVisitor } from '../support/page-visitor';
import { extractLinks } from '../support/smtp-receiver';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { secretOf, totp } from '../support/totp';

const PASSWORD = 'form-password-1';
const STAFF = 'staff-forms@medisupply.test';
let counter = 0;

/**
 * The page forms as a browser without JavaScript sends them: urlencoded POSTs to the page's
 * own URL, answered with a redirect or the page rendered with the answer.
 */
describe.each(testEngines)('page forms without JavaScript on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    // X-Forwarded-For is believed from loopback: each test is a client of its own address.
    t = await startTestServer(engine, {
      REQUIRE_EMAIL_VERIFICATION: 'false',
      STORE_EMAIL: STAFF,
      TRUSTED_PROXIES: '127.0.0.1',
    });
  });
  afterAll(async () => t.close());

  type Visitor = PageVisitor;
  const visitor = () => pageVisitor(t.url, `198.51.100.${++counter}`);

  async function account(firstName = 'Nora') {
    const email = `form-${engine}-${++counter}@example.com`;
    const res = await createClient(t.url).request('/api/auth/sign-up/email', {
      method: 'POST',
      body: { email, password: PASSWORD, name: `${firstName} Tester`, firstName, lastName: 'Tester' },
      headers: { 'x-forwarded-for': `192.0.2.${++counter}` },
    });
    expect(res.status).toBe(200);
    return email;
  }

  /** The header's greeting (React puts a comment between its two text parts). */
  const greets = (html: string, name: string) => new RegExp(`Hi, (<!-- -->)?${name}<`).test(html);
  const signedIn = (v: Visitor) =>
    [...v.client.cookies.keys()].some((name) => name.includes('session_token'));

  it('signs in: a redirect to where the visitor was heading, with the session cookie', async () => {
    const email = await account();
    const v = visitor();
    const res = await v.post('/login?redirectTo=%2Faccount', {
      intent: 'sign-in',
      email,
      password: PASSWORD,
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/account');
    expect(res.headers.getSetCookie().join(';')).toMatch(/session_token=.*HttpOnly/i);
    const page = await v.get('/account');
    expect(page.status).toBe(200);
    expect(page.text).toSatisfy((html: string) => greets(html, 'Nora'));
  });

  it('answers a refused or malformed sign-in with the page and the same messages as the forms', async () => {
    const email = await account();
    const v = visitor();
    const wrong = await v.post('/login', { intent: 'sign-in', email, password: 'wrong-password' });
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain('Invalid email or password');
    // What was typed stays, except the password.
    expect(wrong.text).toContain(`value="${email}"`);
    expect(wrong.text).not.toContain('wrong-password');
    expect(signedIn(v)).toBe(false);

    // A form the page does not have: the error page, nothing else.
    expect((await v.post('/login', { intent: 'make-admin', email })).status).toBe(400);

    const malformed = await v.post('/signup', { intent: 'sign-in', email: 'nobody', password: '' });
    expect(malformed.status).toBe(400);
    expect(malformed.text).toContain('Please enter a valid email address');
    expect(malformed.text).toContain('Enter your password');
  });

  it('counts sign-ins through the page and the API against one limit per email', async () => {
    const email = await account();
    for (let i = 0; i < 3; i++) {
      const res = await createClient(t.url).post('/api/auth/sign-in/email', {
        email,
        password: `guess-${i}-x`,
      });
      expect(res.status).toBe(401);
    }
    for (let i = 0; i < 2; i++) {
      const res = await visitor().post('/login', { intent: 'sign-in', email, password: `page-${i}-x` });
      expect(res.status).toBe(401);
    }
    // The sixth attempt in a minute, from yet another address and with the right password.
    const refused = await visitor().post('/login', { intent: 'sign-in', email, password: PASSWORD });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.text).toMatch(/Too many attempts\. Try again in \d+ seconds\./);
    const api = await createClient(t.url).post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(api.status).toBe(429);
  });

  it('counts sign-ins from one address through the API and the page together', async () => {
    const v = visitor();
    // Twenty attempts through the API (malformed: cheap to refuse, but counted all the same).
    for (let i = 0; i < 20; i++) {
      const res = await v.client.request('/api/auth/sign-in/email', {
        method: 'POST',
        body: {},
        headers: { 'x-forwarded-for': v.ip },
      });
      expect(res.status).toBe(400);
    }
    const email = await account();
    const refused = await v.post('/login', { intent: 'sign-in', email, password: PASSWORD });
    expect(refused.status).toBe(429);
    expect(signedIn(v)).toBe(false);
  });

  it('refuses every page form posted from another site, and changes nothing', async () => {
    const email = await account();
    const v = visitor();
    const cases: [string, Record<string, string>][] = [
      ['/login', { intent: 'sign-in', email, password: PASSWORD }],
      [
        '/signup',
        { intent: 'sign-up', email: `evil-${email}`, password: PASSWORD, firstName: 'E', lastName: 'V' },
      ],
      ['/contact', { name: 'Evil', email: 'evil@example.com', message: 'Sent from another site.' }],
      ['/account', { intent: 'sign-out-everywhere' }],
      ['/newsletter', { email: 'evil@example.com' }],
    ];
    for (const [path, fields] of cases) {
      const refusedHeaders: Record<string, string>[] = [
        { origin: 'http://evil.example' },
        // No Origin, but the browser says the request is cross-site.
        { 'sec-fetch-site': 'cross-site' },
      ];
      for (const headers of refusedHeaders) {
        const res = await v.post(path, fields, { origin: null, headers });
        expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
        expect(res.text).toBe('This request came from another site and was refused.');
      }
    }
    expect(signedIn(v)).toBe(false);
    const stored = await t.server.services.database.db
      .selectFrom('contact_messages')
      .select('id')
      .where('email', '=', 'evil@example.com')
      .execute();
    expect(stored).toEqual([]);
    // A form from this site, with no Origin at all (an old browser), still works.
    const plain = await v.post('/login', { intent: 'sign-in', email, password: PASSWORD }, { origin: null });
    expect(plain.status).toBe(302);
  });

  it('registers, then opens the sign-in tab with the email filled in', async () => {
    const v = visitor();
    const email = `new-${engine}-${++counter}@example.com`;
    const res = await v.post('/signup', {
      intent: 'sign-up',
      firstName: 'Ines',
      lastName: 'Novak',
      email,
      password: PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.text).toContain(
      'Registration successful. Please check your email to confirm your account, then sign in.',
    );
    expect(res.text).toMatch(/aria-selected="true"[^>]*>Sign In</);
    const mail = await t.smtp.waitFor(
      (m) => m.to.includes(email) && m.subject === 'Confirm your email address',
    );
    expect(extractLinks(mail).some((l) => l.startsWith(`${t.url}/verify-email?token=`))).toBe(true);
  });

  it('asks for the second factor, and signs in with a code from the app', async () => {
    const email = await account('Tomas');
    const owner = createClient(t.url);
    await owner.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    const enable = await owner.post('/api/auth/two-factor/enable', { password: PASSWORD });
    const secret = secretOf((enable.body as { totpURI: string }).totpURI);
    expect((await owner.post('/api/auth/two-factor/verify-totp', { code: totp(secret) })).status).toBe(200);

    const v = visitor();
    const first = await v.post('/login?redirectTo=%2Faccount', {
      intent: 'sign-in',
      email,
      password: PASSWORD,
    });
    expect(first.status).toBe(200);
    expect(first.text).toContain('Two-factor authentication');
    expect(first.text).toContain('Authentication code');
    expect(signedIn(v)).toBe(false);

    const wrong = await v.post('/login?redirectTo=%2Faccount', {
      intent: 'two-factor',
      mode: 'totp',
      code: '000000',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain('Authentication code');

    const backup = await v.post('/login', { intent: 'two-factor', mode: 'backup', switch: '1' });
    expect(backup.text).toContain('Backup code');

    const verified = await v.post('/login?redirectTo=%2Faccount', {
      intent: 'two-factor',
      mode: 'totp',
      code: totp(secret),
    });
    expect(verified.status).toBe(302);
    expect(verified.headers.get('location')).toBe('/account');
    expect((await v.get('/account')).text).toSatisfy((html: string) => greets(html, 'Tomas'));
  });

  it('mails a reset link and sets the new password through the reset page', async () => {
    const email = await account();
    const v = visitor();
    const asked = await v.post('/login', { intent: 'forgot-password', email });
    expect(asked.status).toBe(200);
    expect(asked.text).toContain(
      'If an account exists for that email, we sent a link to reset your password.',
    );
    const mail = await t.smtp.waitFor((m) => m.to.includes(email) && m.subject === 'Reset your password');
    const link = extractLinks(mail).find((l) => l.includes('/reset-password?token='))!;
    const token = new URL(link).searchParams.get('token')!;

    const mismatch = await v.post(`/reset-password?token=${token}`, {
      intent: 'reset-password',
      token,
      password: 'brand-new-2',
      confirm: 'brand-new-3',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.text).toContain('Passwords do not match');

    const fields = { intent: 'reset-password', token, password: 'brand-new-2', confirm: 'brand-new-2' };
    const reset = await v.post(`/reset-password?token=${token}`, fields);
    expect(reset.status).toBe(200);
    expect(reset.text).toContain('Your password has been reset. Please sign in.');
    const again = await v.post(`/reset-password?token=${token}`, fields);
    expect(again.text).toContain('This reset link is invalid or has expired.');
    const signIn = await createClient(t.url).post('/api/auth/sign-in/email', {
      email,
      password: 'brand-new-2',
    });
    expect(signIn.status).toBe(200);
  });

  it('changes the name and the password on /account, back on the page with the new session', async () => {
    const email = await account('Olga');
    const v = visitor();
    await v.post('/login', { intent: 'sign-in', email, password: PASSWORD });
    const laptop = createClient(t.url);
    await laptop.post('/api/auth/sign-in/email', { email, password: PASSWORD });

    const invalid = await v.post('/account', { intent: 'profile', firstName: ' ', lastName: 'Tester' });
    expect(invalid.status).toBe(400);
    expect(invalid.text).toContain('First name is required');

    const saved = await v.post('/account', { intent: 'profile', firstName: 'Olivia', lastName: 'Tester' });
    expect(saved.status).toBe(302);
    expect(saved.headers.get('location')).toBe('/account');
    const page = await v.get('/account');
    expect(page.text).toContain('Profile updated');
    expect(page.text).toSatisfy((html: string) => greets(html, 'Olivia'));
    // The notice is shown once.
    expect((await v.get('/account')).text).not.toContain('Profile updated');

    const wrong = await v.post('/account', {
      intent: 'password',
      currentPassword: 'not-my-password',
      password: 'changed-pass-4',
      confirm: 'changed-pass-4',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('aria-invalid="true"');

    const changed = await v.post('/account', {
      intent: 'password',
      currentPassword: PASSWORD,
      password: 'changed-pass-4',
      confirm: 'changed-pass-4',
    });
    expect(changed.status).toBe(302);
    const after = await v.get('/account');
    expect(after.status).toBe(200);
    expect(after.text).toContain('Password changed. Your other devices were signed out.');
    expect((await laptop.get('/api/auth/get-session?disableCookieCache=true')).body).toBeNull();
  });

  it('signs out everywhere and goes home signed out', async () => {
    const email = await account();
    const v = visitor();
    await v.post('/login', { intent: 'sign-in', email, password: PASSWORD });
    const res = await v.post('/account', { intent: 'sign-out-everywhere' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    expect(signedIn(v)).toBe(false);
    expect((await v.get('/account')).status).toBe(302);
  });
});
