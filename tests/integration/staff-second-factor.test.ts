import { createEmailVerificationToken } from 'better-auth/api';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port';
import { type LocalOidcProvider, startOidcProvider, throughProvider } from '../support/oidc-provider';
import { type PageVisitor, pageVisitor } from '../support/page-visitor';
import { codeOfText, smsFiles, waitForSmsFile } from '../support/sms';
import { codeOfMail, extractLinks } from '../support/smtp-receiver';
import { softwareAuthenticator } from '../support/software-authenticator';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { secretOf, totp } from '../support/totp';

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;
const PASSWORD = 'staff-password-long-1';
let counter = 0;

/**
 * Issue 31, point 3: a staff account with two-factor on reaches /admin only after its second
 * factor, whichever way its session was made; a passkey with user verification is both factors.
 */
describe.each(testEngines)('staff sessions carry a second factor on %s', (engine) => {
  let t: TestServer;
  let provider: LocalOidcProvider;
  const oidcEmail = `oidc-staff-${engine}-${process.pid}@example.com`;
  beforeAll(async () => {
    const port = await freePort();
    provider = await startOidcProvider({
      accounts: { staffer: { email: oidcEmail, given_name: 'Olga', family_name: 'Staff' } },
      redirectUris: [`http://127.0.0.1:${port}/api/auth/callback/local-id`],
    });
    t = await startTestServer(
      engine,
      {
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
        TRUSTED_PROXIES: '127.0.0.1',
        REQUIRE_EMAIL_VERIFICATION: 'false',
        OIDC_PROVIDERS: JSON.stringify([provider.config('local-id', 'Local ID')]),
      },
      { port },
    );
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  const db = () => t.server.services.database.db as never as AnyDb;
  const visitor = () => pageVisitor(t.url, `198.51.100.${++counter % 250}`);

  /** A staff account with the authenticator app turned on through its real steps. */
  async function staffWithTotp(email = `staff-${engine}-${process.pid}-${++counter}@example.com`) {
    const v = visitor();
    const made = await v.client.post('/api/auth/sign-up/email', {
      email,
      password: PASSWORD,
      name: 'Sam Staff',
      firstName: 'Sam',
      lastName: 'Staff',
    });
    expect(made.status).toBe(200);
    expect((await v.client.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
    await sql`update "user" set role = 'staff' where email = ${email}`.execute(db());
    const enable = await v.client.post('/api/auth/two-factor/enable', { password: PASSWORD });
    expect(enable.status).toBe(200);
    const { totpURI, backupCodes } = enable.body as { totpURI: string; backupCodes: string[] };
    const secret = secretOf(totpURI);
    expect((await v.client.post('/api/auth/two-factor/verify-totp', { code: totp(secret) })).status).toBe(
      200,
    );
    return { email, secret, backupCodes, setup: v };
  }

  /** The newest session of an account, as recorded. */
  async function latestSession(email: string) {
    const row = await db()
      .selectFrom('session')
      .innerJoin('user', 'user.id', 'session.userId')
      .select(['session.signInMethod', 'session.secondFactor', 'session.secondFactorAt'])
      .where('user.email', '=', email)
      .orderBy('session.createdAt', 'desc')
      .executeTakeFirstOrThrow();
    return { ...row, secondFactorAt: row.secondFactorAt === null ? null : Number(row.secondFactorAt) };
  }

  /** /admin answers with the challenge until the code is given; then the console opens. */
  async function challengedThenAdmitted(
    v: PageVisitor,
    secret: string,
    target = '/admin/orders?status=paid',
  ) {
    const page = await v.get(target);
    expect(page.status).toBe(302);
    const challenge = `/admin/verify?redirectTo=${encodeURIComponent(target)}`;
    expect(page.headers.get('location')).toBe(challenge);
    const shown = await v.get(challenge);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('Confirm it is you');
    expect(shown.text).toContain('Authentication code');

    // A form posted to the console without it is refused, and sent to the challenge.
    const posted = await v.post('/admin/orders', { intent: 'anything' });
    expect(posted.status).toBe(302);
    expect(posted.headers.get('location')).toBe(
      `/admin/verify?redirectTo=${encodeURIComponent('/admin/orders')}`,
    );

    const wrong = await v.post(challenge, { mode: 'totp', code: totp(secret, Date.now(), 10) });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('That code is not valid');
    expect((await v.get(target)).status).toBe(302);

    const right = await v.post(challenge, { mode: 'totp', code: totp(secret) });
    expect(right.status).toBe(302);
    expect(right.headers.get('location')).toBe(target);
    expect((await v.get(target)).status).toBe(200);
  }

  /** After the first factor the sign-in stops at the code; the code makes a session the console takes. */
  async function throughSignInCode(v: PageVisitor, secret: string, answer: { body: unknown }) {
    expect(answer.body).toMatchObject({ twoFactorRedirect: true });
    expect((await v.get('/admin')).headers.get('location')).toMatch(/^\/login/);
    expect((await v.client.post('/api/auth/two-factor/verify-totp', { code: totp(secret) })).status).toBe(
      200,
    );
    expect((await v.get('/admin')).status).toBe(200);
  }

  it('turning the authenticator app on counts for the session that did it', async () => {
    const { email, setup } = await staffWithTotp();
    expect((await setup.get('/admin')).status).toBe(200);
    expect(await latestSession(email)).toMatchObject({ signInMethod: 'password', secondFactor: 'totp' });
  });

  it('password: the code at sign-in, then the console', async () => {
    const { email, secret } = await staffWithTotp();
    const v = visitor();
    await throughSignInCode(
      v,
      secret,
      await v.client.post('/api/auth/sign-in/email', { email, password: PASSWORD }),
    );
    expect(await latestSession(email)).toMatchObject({ signInMethod: 'password', secondFactor: 'totp' });
  });

  it('emailed code: the code at sign-in, then the console', async () => {
    const { email, secret } = await staffWithTotp();
    const v = visitor();
    const after = t.smtp.messages.length;
    expect(
      (await v.client.post('/api/auth/email-otp/send-verification-otp', { email, type: 'sign-in' })).status,
    ).toBe(200);
    const mail = await t.smtp.waitFor((m) => m.to.includes(email) && t.smtp.messages.indexOf(m) >= after);
    const answer = await v.client.post('/api/auth/sign-in/email-otp', { email, otp: codeOfMail(mail) });
    await throughSignInCode(v, secret, answer);
    expect(await latestSession(email)).toMatchObject({ signInMethod: 'email-code', secondFactor: 'totp' });
  });

  it('magic link through our /login/link page: the code, then the console', async () => {
    const { email, secret } = await staffWithTotp();
    const v = visitor();
    const after = t.smtp.messages.length;
    expect((await v.client.post('/api/auth/sign-in/magic-link', { email })).status).toBe(200);
    const mail = await t.smtp.waitFor((m) => m.to.includes(email) && t.smtp.messages.indexOf(m) >= after);
    const link = new URL(extractLinks(mail).find((l) => l.includes('/login/link'))!);
    const token = link.searchParams.get('token')!;
    const landed = await v.post(`${link.pathname}${link.search}`, { intent: 'magic-link', token });
    expect(landed.status).toBe(200);
    expect(landed.text).toContain('Two-factor authentication');
    await throughSignInCode(v, secret, { body: { twoFactorRedirect: true } });
    expect(await latestSession(email)).toMatchObject({ signInMethod: 'magic-link', secondFactor: 'totp' });
  });

  it('texted code: the code at sign-in, then the console', async () => {
    const { email, secret } = await staffWithTotp();
    const phoneNumber = `+1503555${String(2000 + (++counter % 1000)).slice(-4)}`;
    const on = engine === 'postgres' ? sql`true` : sql`1`;
    await sql`update "user" set "phoneNumber" = ${phoneNumber}, "phoneNumberVerified" = ${on} where email = ${email}`.execute(
      db(),
    );
    const v = visitor();
    const before = smsFiles(t.db.dir).length;
    expect((await v.client.post('/api/auth/phone-number/send-otp', { phoneNumber })).status).toBe(200);
    const code = codeOfText(await waitForSmsFile(t.db.dir, phoneNumber, before));
    const answer = await v.client.post('/api/auth/phone-number/verify', { phoneNumber, code });
    await throughSignInCode(v, secret, answer);
    expect(await latestSession(email)).toMatchObject({ signInMethod: 'sms', secondFactor: 'totp' });
  });

  it('OpenID Connect: the console asks for the code before any page or action', async () => {
    const { secret } = await staffWithTotp(oidcEmail);
    // The identity linked to the account, as "Link" on /account would (after a recent sign-in).
    const context = await t.server.services.auth.$context;
    const owner = await context.internalAdapter.findUserByEmail(oidcEmail);
    await context.internalAdapter.createAccount({
      accountId: 'staffer',
      providerId: 'local-id',
      userId: owner!.user.id,
    });
    const v = visitor();
    const start = await v.post('/login', { intent: 'oauth', provider: 'local-id' });
    expect(start.status).toBe(302);
    provider.signInAs('staffer');
    const callback = await throughProvider(start.headers.get('location')!, t.url);
    const back = await v.get(callback);
    expect(back.headers.get('location')).not.toContain('error');
    expect(await latestSession(oidcEmail)).toMatchObject({ signInMethod: 'oauth', secondFactorAt: null });
    await challengedThenAdmitted(v, secret);
    expect(await latestSession(oidcEmail)).toMatchObject({ signInMethod: 'oauth', secondFactor: 'totp' });
  });

  it('passkey: without user verification the console asks for the code; with it, it does not', async () => {
    const { email, secret, setup } = await staffWithTotp();
    const authenticator = softwareAuthenticator(t.url);
    const options = await setup.client.get('/api/auth/passkey/generate-register-options');
    expect(options.status).toBe(200);
    const registered = await setup.client.post('/api/auth/passkey/verify-registration', {
      response: authenticator.register(options.body as { challenge: string }),
    });
    expect(registered.status).toBe(200);

    const signIn = async (userVerified: boolean) => {
      const v = visitor();
      const asked = await v.client.get('/api/auth/passkey/generate-authenticate-options');
      expect(asked.status).toBe(200);
      const response = authenticator.authenticate(asked.body as { challenge: string }, userVerified);
      expect((await v.client.post('/api/auth/passkey/verify-authentication', { response })).status).toBe(200);
      return v;
    };

    const unverified = await signIn(false);
    expect(await latestSession(email)).toMatchObject({ signInMethod: 'passkey', secondFactorAt: null });
    await challengedThenAdmitted(unverified, secret);

    const verified = await signIn(true);
    expect(await latestSession(email)).toMatchObject({ signInMethod: 'passkey', secondFactor: 'passkey-uv' });
    expect((await verified.get('/admin')).status).toBe(200);
  });

  /** A session made without the second factor, as the methods above that skip it make one. */
  async function sessionWithoutSecondFactor(email: string) {
    const context = await t.server.services.auth.$context;
    const found = await context.internalAdapter.findUserByEmail(email);
    const session = await context.internalAdapter.createSession(found!.user.id);
    const v = visitor();
    v.client.cookies.set('better-auth.session_token', await signedToken(session.token));
    return v;
  }

  it('a backup code answers the challenge too, once', async () => {
    const { email, backupCodes } = await staffWithTotp();
    const challenge = '/admin/verify?redirectTo=%2Fadmin';
    const v = await sessionWithoutSecondFactor(email);
    expect((await v.get('/admin')).headers.get('location')).toBe(challenge);
    const right = await v.post(challenge, { mode: 'backup', code: backupCodes[0]! });
    expect(right.headers.get('location')).toBe('/admin');
    expect((await v.get('/admin')).status).toBe(200);
    expect(await latestSession(email)).toMatchObject({ signInMethod: 'other', secondFactor: 'backup-code' });

    const again = await sessionWithoutSecondFactor(email);
    expect((await again.post(challenge, { mode: 'backup', code: backupCodes[0]! })).status).toBe(400);
    expect((await again.get('/admin')).status).toBe(302);
  });

  it('wrong codes at the challenge are limited', async () => {
    const { email } = await staffWithTotp();
    const v = await sessionWithoutSecondFactor(email);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await v.post('/admin/verify?redirectTo=%2Fadmin', { mode: 'totp', code: '000000' })).status,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('an email-verification session, if one is made, is asked for the code', async () => {
    const { email, secret } = await staffWithTotp();
    const { auth } = t.server.services;
    const context = await auth.$context;
    // An address not yet confirmed (a link opened for a confirmed one signs nobody in).
    const off = engine === 'postgres' ? sql`false` : sql`0`;
    await sql`update "user" set "emailVerified" = ${off} where email = ${email}`.execute(db());
    const token = await createEmailVerificationToken(context.secret, email);
    const response = await auth.api.verifyEmail({ query: { token }, asResponse: true });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='));
    // No session at all for staff from a verification link (issue 31, point 2): nothing to ask.
    if (!cookie) return;
    const v = visitor();
    v.client.cookies.set('better-auth.session_token', cookie.split(';')[0]!.split('=').slice(1).join('='));
    expect(await latestSession(email)).toMatchObject({
      signInMethod: 'email-verification',
      secondFactorAt: null,
    });
    await challengedThenAdmitted(v, secret);
  });

  async function signedToken(token: string) {
    const { serializeSignedCookie } = await import('better-call');
    const context = await t.server.services.auth.$context;
    const line = await serializeSignedCookie('x', token, context.secret);
    return line.split(';')[0]!.slice(2);
  }
});
