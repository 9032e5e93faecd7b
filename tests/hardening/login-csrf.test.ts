import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port';
import { type LocalOidcProvider, startOidcProvider, throughProvider } from '../support/oidc-provider';
import { type PageVisitor, pageVisitor } from '../support/page-visitor';
import { extractLinks } from '../support/smtp-receiver';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

const PASSWORD = 'login-csrf-pass-1';
/** Another site on loopback (localhost is another site than 127.0.0.1 to a browser). */
const ATTACKER_ORIGIN = 'http://localhost:9';

let counter = 0;

/**
 * Login CSRF (issue 31, point 5): no link that another site can send a visitor's browser to
 * signs that browser into an account, and email verification never signs in staff (point 2).
 */
describe.each(testEngines)('login CSRF on %s', (engine) => {
  let t: TestServer;
  let provider: LocalOidcProvider;
  beforeAll(async () => {
    const port = await freePort();
    provider = await startOidcProvider({
      accounts: {
        mallory: { email: `mallory-oidc-${engine}@example.com`, given_name: 'Mal', family_name: 'Lory' },
      },
      redirectUris: [`http://127.0.0.1:${port}/api/auth/callback/local-id`],
    });
    t = await startTestServer(
      engine,
      {
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
        TRUSTED_PROXIES: '127.0.0.1',
        OIDC_PROVIDERS: JSON.stringify([provider.config('local-id', 'Local ID')]),
        // Never reached: the state is refused before any code would be exchanged with Apple.
        APPLE_CLIENT_ID: 'com.example.medisupply',
        APPLE_CLIENT_SECRET: 'not-a-real-apple-secret',
      },
      { port },
    );
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  const visitor = () => pageVisitor(t.url, `198.51.100.${++counter}`);
  const unique = (name: string) => `${name}-${engine}-${process.pid}-${++counter}@example.com`;
  const db = () => t.server.services.database.db;
  const whoIs = async (v: PageVisitor) =>
    (
      (await v.client.get('/api/auth/get-session?disableCookieCache=true')).body as {
        user: { email: string };
      } | null
    )?.user.email ?? null;
  const sessionsOf = async (email: string) =>
    Number(
      (
        await sql<{
          n: number | string;
        }>`select count(*) as n from "session" s join "user" u on u.id = s."userId" where u.email = ${email}`.execute(
          db(),
        )
      ).rows[0]?.n,
    );
  const verifiedOf = async (email: string) =>
    Boolean(
      (
        await sql<{ v: unknown }>`select "emailVerified" as v from "user" where email = ${email}`.execute(
          db(),
        )
      ).rows[0]?.v,
    );

  /** Registers an account; the link of its confirmation mail. */
  async function register(email: string, role: 'customer' | 'staff' | 'admin' = 'customer') {
    const v = visitor();
    const after = t.smtp.messages.length;
    const res = await v.client.post('/api/auth/sign-up/email', {
      email,
      password: PASSWORD,
      name: 'Test Person',
      firstName: 'Test',
      lastName: 'Person',
      callbackURL: '/account',
    });
    expect(res.status).toBe(200);
    if (role !== 'customer') await sql`update "user" set role = ${role} where email = ${email}`.execute(db());
    const mail = await t.smtp.waitFor(
      (m) =>
        m.to.includes(email) &&
        m.subject === 'Confirm your email address' &&
        t.smtp.messages.indexOf(m) >= after,
    );
    const link = extractLinks(mail).find((l) => l.includes('token='))!;
    return new URL(link);
  }

  /** A visitor signed in to an account of their own (confirmed through the page's button). */
  async function signedInVictim() {
    const email = unique('victim');
    const link = await register(email);
    const v = visitor();
    await v.get(`${link.pathname}${link.search}`);
    const confirmed = await v.post(`${link.pathname}${link.search}`, {
      intent: 'verify-email',
      token: link.searchParams.get('token')!,
      callbackURL: link.searchParams.get('callbackURL') ?? '',
    });
    expect(confirmed.status).toBe(302);
    expect(await whoIs(v)).toBe(email);
    return { v, email };
  }

  it('the confirmation mail links to our page; opening it, or the old API link, signs nobody in', async () => {
    const email = unique('attacker');
    const link = await register(email);
    expect(link.origin).toBe(t.url);
    expect(link.pathname).toBe('/verify-email');
    expect(link.searchParams.get('callbackURL')).toBe('/account');
    const token = link.searchParams.get('token')!;

    for (const victim of [visitor(), (await signedInVictim()).v]) {
      const before = await whoIs(victim);
      const old = await victim.get(`/api/auth/verify-email?token=${token}&callbackURL=%2Faccount`);
      expect(old.status).toBe(302);
      expect(old.headers.get('location')).toBe(`/verify-email?token=${token}&callbackURL=%2Faccount`);
      expect(old.headers.getSetCookie()).toEqual([]);
      const page = await victim.get(`${link.pathname}${link.search}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain('Confirm email address');
      expect(page.headers.getSetCookie()).toEqual([]);
      // The page's button posted from another site: refused before the action runs.
      const forged = await victim.post(
        '/verify-email',
        { intent: 'verify-email', token, callbackURL: '/account' },
        { origin: ATTACKER_ORIGIN },
      );
      expect(forged.status).toBe(403);
      expect(await whoIs(victim)).toBe(before);
    }
    expect(await verifiedOf(email)).toBe(false);
    expect(await sessionsOf(email)).toBe(0);
  });

  it('the old link keeps only a path on this site as where to go next', async () => {
    for (const target of ['//evil.example/x', 'https://evil.example/x', '/\\evil.example']) {
      const old = await visitor().get(
        `/api/auth/verify-email?token=t&callbackURL=${encodeURIComponent(target)}`,
      );
      expect(old.headers.get('location')).toBe('/verify-email?token=t');
    }
    const page = await visitor().get('/verify-email?token=t&callbackURL=https%3A%2F%2Fevil.example');
    expect(page.text).not.toContain('evil.example');
  });

  it("a customer's own press of the button confirms and signs in, and goes where the mail said", async () => {
    const email = unique('shopper');
    const link = await register(email);
    const v = visitor();
    const done = await v.post('/verify-email', {
      intent: 'verify-email',
      token: link.searchParams.get('token')!,
      callbackURL: '/account',
    });
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/account');
    expect(await whoIs(v)).toBe(email);
    expect(await verifiedOf(email)).toBe(true);

    const bad = await visitor().post('/verify-email', { intent: 'verify-email', token: 'not-a-token' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('This confirmation link is not valid or has expired.');
  });

  it.each(['staff', 'admin'] as const)(
    'a %s account is confirmed by its link but never signed in by it',
    async (role) => {
      const email = unique(role);
      const link = await register(email, role);
      const v = visitor();
      const done = await v.post('/verify-email', {
        intent: 'verify-email',
        token: link.searchParams.get('token')!,
        callbackURL: '/account',
      });
      expect(done.status).toBe(200);
      expect(done.text).toContain('Your email address is confirmed. Please sign in to continue.');
      expect(done.headers.getSetCookie().filter((c) => c.includes('session_token'))).toEqual([]);
      expect(await whoIs(v)).toBeNull();
      expect(await verifiedOf(email)).toBe(true);
      expect(await sessionsOf(email)).toBe(0);
      // Nor through the library's own endpoint, however it is reached.
      const direct = await t.server.services.auth.api
        .verifyEmail({ query: { token: link.searchParams.get('token')! }, asResponse: true })
        .catch((error: unknown) => error);
      expect(direct instanceof Response ? direct.headers.getSetCookie() : []).toEqual([]);
      expect(await sessionsOf(email)).toBe(0);
    },
  );

  it("the magic link's GET answers 404; /login/link posts only from this site", async () => {
    const email = unique('magic');
    const after = t.smtp.messages.length;
    const asked = await visitor().client.post('/api/auth/sign-in/magic-link', { email, callbackURL: '/' });
    expect(asked.status).toBe(200);
    const mail = await t.smtp.waitFor((m) => m.to.includes(email) && t.smtp.messages.indexOf(m) >= after);
    const link = new URL(extractLinks(mail).find((l) => l.includes('/login/link'))!);
    const token = link.searchParams.get('token')!;

    const { v, email: victimEmail } = await signedInVictim();
    const get = await v.get(`/api/auth/magic-link/verify?token=${token}&callbackURL=%2F`);
    expect(get.status).toBe(404);
    const forged = await v.post('/login/link', { intent: 'magic-link', token }, { origin: ATTACKER_ORIGIN });
    expect(forged.status).toBe(403);
    expect(await whoIs(v)).toBe(victimEmail);

    // The token was not spent: the owner's press of the button signs in.
    const owner = visitor();
    const signedIn = await owner.post('/login/link', { intent: 'magic-link', token });
    expect(signedIn.status).toBeLessThan(400);
    expect(await whoIs(owner)).toBe(email);
  });

  it('the reset link opens our page and makes no session', async () => {
    const { v, email } = await signedInVictim();
    const after = t.smtp.messages.length;
    await visitor().client.post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    const mail = await t.smtp.waitFor(
      (m) =>
        m.to.includes(email) && m.subject === 'Reset your password' && t.smtp.messages.indexOf(m) >= after,
    );
    const link = new URL(extractLinks(mail).find((l) => l.includes('token='))!);
    expect(link.pathname).toBe('/reset-password');
    const token = link.searchParams.get('token')!;
    const old = await visitor().get(`/api/auth/reset-password/${token}?callbackURL=%2Freset-password`);
    expect(old.status).toBe(302);
    expect(old.headers.get('location')).toBe(`/reset-password?token=${token}`);
    expect(old.headers.getSetCookie()).toEqual([]);
    expect(await whoIs(v)).toBe(email);
  });

  it("an OAuth callback made in the attacker's browser changes no other visitor's session", async () => {
    const { v: signedIn, email } = await signedInVictim();
    for (const [victim, expected] of [
      [visitor(), null],
      [signedIn, email],
    ] as const) {
      const attacker = visitor();
      const start = await attacker.post('/login', { intent: 'oauth', provider: 'local-id' });
      expect(start.status).toBe(302);
      provider.signInAs('mallory');
      // A valid code and state, bound to the attacker's browser by its state cookie.
      const callback = await throughProvider(start.headers.get('location')!, t.url);
      const opened = await victim.get(callback);
      expect(opened.status).toBe(302);
      expect(opened.headers.get('location')).toContain('error');
      expect(await whoIs(victim)).toBe(expected);
    }
    expect(await sessionsOf(`mallory-oidc-${engine}@example.com`)).toBe(0);
  });

  it("Apple's form_post callback, posted from another site without the visitor's state, changes no session", async () => {
    const { v: victim, email } = await signedInVictim();
    const attacker = visitor();
    const start = await attacker.client.post('/api/auth/sign-in/social', {
      provider: 'apple',
      callbackURL: '/',
    });
    expect(start.status).toBe(200);
    const state = new URL((start.body as { url: string }).url).searchParams.get('state')!;
    expect(state).toBeTruthy();

    const posted = await victim.post(
      '/api/auth/callback/apple',
      { state, code: 'attacker-code' },
      { origin: 'https://appleid.apple.com' },
    );
    // Exempt from the origin check; the library sends it on as a GET, which the state refuses.
    expect(posted.status).toBe(302);
    const next = new URL(posted.headers.get('location')!, t.url);
    const opened = await victim.get(`${next.pathname}${next.search}`);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toContain('error');
    expect(await whoIs(victim)).toBe(email);
  });
});
