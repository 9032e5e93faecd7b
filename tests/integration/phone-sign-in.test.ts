import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type TestClient } from '../support/http-client';
import { pageVisitor } from '../support/page-visitor';
import {
  codeOfText,
  type SmsProviderStandIn,
  smsFiles,
  startSmsProvider,
  waitForSmsFile,
} from '../support/sms';
import { testEngines, timeLike } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { secretOf, totp } from '../support/totp';

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;
let counter = 0;

/** A fresh mobile number in the 555-01xx range kept for fiction, one per call. */
function phone() {
  counter += 1;
  return `+1503555${String(1000 + counter).slice(-4)}`;
}

describe.each(testEngines)('signing in with a mobile number on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(engine, {
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      TRUSTED_PROXIES: '127.0.0.1',
      REQUIRE_EMAIL_VERIFICATION: 'false',
    });
  });
  afterAll(async () => t.close());

  const clientAt = () =>
    createClient(t.url, { headers: { 'x-forwarded-for': `203.0.113.${100 + (++counter % 150)}` } });

  async function textedCode(client: TestClient, phoneNumber: string) {
    const after = smsFiles(t.db.dir).length;
    const sent = await client.post('/api/auth/phone-number/send-otp', { phoneNumber });
    expect(sent.status).toBe(200);
    return codeOfText(await waitForSmsFile(t.db.dir, phoneNumber, after));
  }

  it('a code texted to a new number signs in once and makes an account without a real email', async () => {
    const phoneNumber = phone();
    const client = clientAt();
    const code = await textedCode(client, phoneNumber);
    expect(code).toMatch(/^\d{6}$/);
    const text = smsFiles(t.db.dir).find((m) => m.to === phoneNumber)!;
    expect(text.body).toContain(`@${new URL(t.url).host} #${code}`);

    const verified = await client.post('/api/auth/phone-number/verify', { phoneNumber, code });
    expect(verified.status).toBe(200);
    const session = await client.get('/api/auth/get-session?disableCookieCache=true');
    expect(session.body).toMatchObject({
      user: {
        phoneNumber,
        phoneNumberVerified: true,
        firstName: '',
        email: expect.stringMatching(/@phone\.medisupply\.invalid$/),
      },
    });

    const replay = await clientAt().post('/api/auth/phone-number/verify', { phoneNumber, code });
    expect(replay.status).toBeGreaterThanOrEqual(400);

    // Signing in again with the same number reaches the same account.
    const again = clientAt();
    const second = await textedCode(again, phoneNumber);
    expect((await again.post('/api/auth/phone-number/verify', { phoneNumber, code: second })).status).toBe(
      200,
    );
    const other = await again.get('/api/auth/get-session?disableCookieCache=true');
    expect((other.body as { user: { id: string } }).user.id).toBe(
      (session.body as { user: { id: string } }).user.id,
    );
  });

  it('an expired code is refused', async () => {
    const phoneNumber = phone();
    const client = clientAt();
    const code = await textedCode(client, phoneNumber);
    const db = t.server.services.database.db as unknown as AnyDb;
    const rows = await db
      .selectFrom('verification')
      .select(['id', 'expiresAt'])
      .where('identifier', 'like', `%${phoneNumber}%`)
      .execute();
    expect(rows.length).toBe(1);
    await db
      .updateTable('verification')
      .set({ expiresAt: timeLike(rows[0]!.expiresAt, Date.now() - 1000) })
      .where('id', '=', rows[0]!.id as string)
      .execute();
    expect((await client.post('/api/auth/phone-number/verify', { phoneNumber, code })).status).toBe(400);
  });

  it('the same answer for numbers with and without an account; wrong codes limited per number (429)', async () => {
    const known = phone();
    const owner = clientAt();
    await owner.post('/api/auth/phone-number/verify', {
      phoneNumber: known,
      code: await textedCode(owner, known),
    });
    const a = await clientAt().post('/api/auth/phone-number/send-otp', { phoneNumber: known });
    const b = await clientAt().post('/api/auth/phone-number/send-otp', { phoneNumber: phone() });
    expect(a.status).toBe(200);
    expect(a.body).toEqual(b.body);

    const target = phone();
    await textedCode(clientAt(), target);
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 6; i++) {
      last = await clientAt().post('/api/auth/phone-number/verify', {
        phoneNumber: target,
        code: String(200000 + i),
      });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 5)).not.toContain(429);
    expect(statuses[5]).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses a number that is not a phone number, and sends nothing', async () => {
    const before = smsFiles(t.db.dir).length;
    const res = await clientAt().post('/api/auth/phone-number/send-otp', { phoneNumber: '12345' });
    expect(res.status).toBe(400);
    await t.settled();
    expect(smsFiles(t.db.dir).length).toBe(before);
  });

  it('a verified mobile is a second factor beside the authenticator app', async () => {
    const email = `phone-2fa-${engine}@example.com`;
    const password = 'phone-password-1';
    const owner = clientAt();
    await owner.post('/api/auth/sign-up/email', {
      email,
      password,
      name: 'Pat Phone',
      firstName: 'Pat',
      lastName: 'Phone',
    });
    expect((await owner.post('/api/auth/sign-in/email', { email, password })).status).toBe(200);
    const phoneNumber = phone();
    const code = await textedCode(owner, phoneNumber);
    const added = await owner.post('/api/auth/phone-number/verify', {
      phoneNumber,
      code,
      updatePhoneNumber: true,
      disableSession: true,
    });
    expect(added.status).toBe(200);
    const enable = await owner.post('/api/auth/two-factor/enable', { password });
    const secret = secretOf((enable.body as { totpURI: string }).totpURI);
    expect((await owner.post('/api/auth/two-factor/verify-totp', { code: totp(secret) })).status).toBe(200);

    const device = clientAt();
    expect((await device.post('/api/auth/sign-in/email', { email, password })).body).toMatchObject({
      twoFactorRedirect: true,
    });
    const after = smsFiles(t.db.dir).length;
    expect((await device.post('/api/auth/two-factor/send-otp', {})).status).toBe(200);
    const second = codeOfText(await waitForSmsFile(t.db.dir, phoneNumber, after));
    expect(
      (
        await device.post('/api/auth/two-factor/verify-otp', {
          code: second === '000000' ? '111111' : '000000',
        })
      ).status,
    ).toBe(401);
    expect((await device.post('/api/auth/two-factor/verify-otp', { code: second })).status).toBe(200);
    expect((await device.get('/api/auth/get-session?disableCookieCache=true')).body).toMatchObject({
      user: { email },
    });

    // The same through the sign-in page, without scripts: "Text me a code instead", then the code.
    const page = pageVisitor(t.url, `198.51.100.${200 + (counter % 50)}`);
    const first = await page.post('/login?redirectTo=%2Faccount', { intent: 'sign-in', email, password });
    expect(first.text).toContain('Text me a code instead');
    const before = smsFiles(t.db.dir).length;
    const texted = await page.post('/login?redirectTo=%2Faccount', {
      intent: 'two-factor',
      mode: 'sms',
      send: '1',
    });
    expect(texted.status).toBe(200);
    expect(texted.text).toContain('We texted a 6-digit code to the mobile number on your account.');
    const pageCode = codeOfText(await waitForSmsFile(t.db.dir, phoneNumber, before));
    const done = await page.post('/login?redirectTo=%2Faccount', {
      intent: 'two-factor',
      mode: 'sms',
      code: pageCode,
    });
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/account');
  });

  it('adding a number to an account needs a recent sign-in', async () => {
    const email = `phone-stale-${engine}@example.com`;
    const client = clientAt();
    await client.post('/api/auth/sign-up/email', {
      email,
      password: 'phone-password-2',
      name: 'Old Session',
      firstName: 'Old',
      lastName: 'Session',
    });
    await client.post('/api/auth/sign-in/email', { email, password: 'phone-password-2' });
    const db = t.server.services.database.db as unknown as AnyDb;
    const user = await db
      .selectFrom('user')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const sessions = await db
      .selectFrom('session')
      .select(['id', 'createdAt'])
      .where('userId', '=', user.id as string)
      .execute();
    for (const row of sessions) {
      await db
        .updateTable('session')
        .set({ createdAt: timeLike(row.createdAt, Date.now() - 11 * 60_000) })
        .where('id', '=', row.id as string)
        .execute();
    }
    const phoneNumber = phone();
    const code = await textedCode(client, phoneNumber);
    const added = await client.post('/api/auth/phone-number/verify', {
      phoneNumber,
      code,
      updatePhoneNumber: true,
      disableSession: true,
    });
    expect(added.status).toBe(403);
    expect(added.body).toMatchObject({ code: 'REAUTHENTICATION_REQUIRED' });
    // update-user is closed over HTTP (the account page changes the number through its action).
    const removed = await client.post('/api/auth/update-user', { phoneNumber: null });
    expect(removed.status).toBe(404);
  });
});

describe('text messages through a Twilio-compatible provider', () => {
  let t: TestServer;
  let provider: SmsProviderStandIn;
  beforeAll(async () => {
    provider = await startSmsProvider();
    t = await startTestServer('sqlite', {
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      SMS_URL: provider.url,
      SMS_ACCOUNT_SID: 'AC0123456789',
      SMS_AUTH_TOKEN: 'secret-token',
      SMS_FROM: '+15035550100',
    });
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  it('posts each text to the Messages resource with Basic auth, and tries again while the provider is away', async () => {
    provider.failNext(1);
    const phoneNumber = '+15035550188';
    expect((await createClient(t.url).post('/api/auth/phone-number/send-otp', { phoneNumber })).status).toBe(
      200,
    );
    const deadline = Date.now() + 30_000;
    while (provider.received.length === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(provider.received).toHaveLength(1);
    const [message] = provider.received;
    expect(message).toMatchObject({ account: 'AC0123456789', to: phoneNumber, from: '+15035550100' });
    expect(message!.authorization).toBe(
      `Basic ${Buffer.from('AC0123456789:secret-token').toString('base64')}`,
    );
    expect(codeOfText(message!)).toMatch(/^\d{6}$/);
    expect(smsFiles(t.db.dir)).toEqual([]);
  });
});
