import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES_PER_HOUR, GUESSES_PER_HOUR } from '../../server/auth/endpoint-table';
import { createClient, type TestClient, type TestResponse } from '../support/http-client';
import { codeOfMail } from '../support/smtp-receiver';
import { codeOfText, smsFiles } from '../support/sms';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { secretOf, totp } from '../support/totp';

const PASSWORD = 'password-123';
let counter = 0;
const next = () => `${process.pid}-${++counter}`;
/** Every request from a new client address: the attacker has many (the server trusts the proxy). */
const freshIp = () => `198.19.${Math.floor(counter / 250) % 250}.${(++counter % 250) + 1}`;
const clientAt = (url: string) => createClient(url, { headers: { 'x-forwarded-for': freshIp() } });

/** A wrong guess: the code is 6 random digits, so a fixed one is right once in a million. */
const WRONG = '000000';

describe.each(testEngines)('guessing codes on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false', TRUSTED_PROXIES: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  const db = () => t.server.services.database.db as never as Kysely<Record<string, Record<string, unknown>>>;

  /**
   * The per-minute windows end, the hourly ones stay: the attacker waits a minute between
   * rounds (the limiter's stored windows, moved as time would move them).
   */
  async function aMinuteLater() {
    await db()
      .updateTable('rate_limits')
      .set({ reset_at: 0 })
      .where('reset_at', '<=', Date.now() + 61_000)
      .execute();
  }

  /**
   * Rounds of "a fresh code, then 3 wrong guesses", each request from a new address, a minute
   * apart, for longer than the allowance: how many codes were issued and guesses let through.
   */
  async function attack(
    fresh: () => Promise<TestResponse>,
    guess: () => Promise<TestResponse>,
  ): Promise<{ issued: number; guessed: number }> {
    let issued = 0;
    let guessed = 0;
    for (let round = 0; round < 8; round++) {
      await aMinuteLater();
      const asked = await fresh();
      if (asked.status === 429) expect(Number(asked.headers.get('retry-after'))).toBeGreaterThan(60);
      else issued += 1;
      for (let i = 0; i < 3; i++) {
        const res = await guess();
        expect(res.status, res.text).not.toBe(200);
        if (res.status !== 429) guessed += 1;
      }
    }
    return { issued, guessed };
  }

  const mailsTo = async (email: string) => {
    await t.settled();
    return t.smtp.messages.filter((m) => m.to.includes(email));
  };
  const textsTo = async (phone: string) => {
    await t.settled();
    return smsFiles(t.db.dir).filter((m) => m.to === phone);
  };

  it('email sign-in code: 5 codes and 10 wrong guesses an hour per address, each code mailed', async () => {
    const email = `code-${next()}@example.com`;
    const result = await attack(
      () => clientAt(t.url).post('/api/auth/email-otp/send-verification-otp', { email, type: 'sign-in' }),
      () => clientAt(t.url).post('/api/auth/sign-in/email-otp', { email, otp: WRONG }),
    );
    expect(result).toEqual({ issued: CODES_PER_HOUR, guessed: GUESSES_PER_HOUR });
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(CODES_PER_HOUR);
    for (const mail of mails) expect(codeOfMail(mail)).toMatch(/^\d{6}$/);
  });

  it('email sign-in code: 3 wrong guesses spend a code; under the limit the right code still works', async () => {
    const email = `spent-${next()}@example.com`;
    const ask = async () => {
      const before = (await mailsTo(email)).length;
      expect(
        (await clientAt(t.url).post('/api/auth/email-otp/send-verification-otp', { email, type: 'sign-in' }))
          .status,
      ).toBe(200);
      return codeOfMail((await mailsTo(email))[before]!);
    };
    const spent = await ask();
    for (let i = 0; i < 3; i++)
      await clientAt(t.url).post('/api/auth/sign-in/email-otp', { email, otp: WRONG });
    const late = await clientAt(t.url).post('/api/auth/sign-in/email-otp', { email, otp: spent });
    expect(late.status).toBeGreaterThanOrEqual(400);
    expect(late.status).not.toBe(429);
    await aMinuteLater();
    // 4 wrong guesses so far; the right code of a fresh one signs in, and is not counted.
    const good = await ask();
    expect((await clientAt(t.url).post('/api/auth/sign-in/email-otp', { email, otp: good })).status).toBe(
      200,
    );
    const counted = await db()
      .selectFrom('rate_limits')
      .select('count')
      .where('key', '=', `auth:code-guesses/email-code:email:${email}`)
      .executeTakeFirstOrThrow();
    expect(Number(counted.count)).toBe(4);
  });

  it('SMS sign-in code: 5 codes and 10 wrong guesses an hour per number, each code texted', async () => {
    const phoneNumber = `+1555${String(process.pid % 1000).padStart(3, '0')}${String(++counter).padStart(4, '0')}`;
    const result = await attack(
      () => clientAt(t.url).post('/api/auth/phone-number/send-otp', { phoneNumber }),
      () => clientAt(t.url).post('/api/auth/phone-number/verify', { phoneNumber, code: WRONG }),
    );
    expect(result).toEqual({ issued: CODES_PER_HOUR, guessed: GUESSES_PER_HOUR });
    const texts = await textsTo(phoneNumber);
    expect(texts).toHaveLength(CODES_PER_HOUR);
    for (const text of texts) expect(codeOfText(text)).toMatch(/^\d{6}$/);
  });

  async function accountWithTwoFactor(): Promise<{ email: string; secret: string; userId: string }> {
    const email = `second-${next()}@example.com`;
    const client = clientAt(t.url);
    const body = { email, password: PASSWORD, name: 'Sam Doe', firstName: 'Sam', lastName: 'Doe' };
    expect((await client.post('/api/auth/sign-up/email', body)).status).toBe(200);
    expect((await client.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
    const enable = await client.post('/api/auth/two-factor/enable', { password: PASSWORD });
    const secret = secretOf((enable.body as { totpURI: string }).totpURI);
    expect((await client.post('/api/auth/two-factor/verify-totp', { code: totp(secret) })).status).toBe(200);
    const session = (await client.get('/api/auth/get-session')).body as { user: { id: string } };
    return { email, secret, userId: session.user.id };
  }

  /** A password sign-in that stops at the second factor (a fresh pending sign-in each time). */
  async function pending(email: string): Promise<TestClient> {
    const client = clientAt(t.url);
    const res = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(res.body).toMatchObject({ twoFactorRedirect: true });
    return client;
  }

  it('two-factor (TOTP and backup codes): 10 wrong guesses an hour per user across fresh sign-ins', async () => {
    const { email, secret } = await accountWithTwoFactor();
    let guessed = 0;
    for (let round = 0; round < 5; round++) {
      await aMinuteLater();
      const client = await pending(email);
      for (const path of ['verify-totp', 'verify-backup-code', 'verify-totp']) {
        const res = await client.request(`/api/auth/two-factor/${path}`, {
          method: 'POST',
          body: { code: path === 'verify-totp' ? WRONG : 'wrong-guess' },
          headers: { 'x-forwarded-for': freshIp() },
        });
        expect(res.status).not.toBe(200);
        if (res.status !== 429) guessed += 1;
      }
    }
    expect(guessed).toBe(GUESSES_PER_HOUR);
    // Spent for the hour: the right code too.
    await aMinuteLater();
    const client = await pending(email);
    expect((await client.post('/api/auth/two-factor/verify-totp', { code: totp(secret) })).status).toBe(429);
  });

  it('two-factor by text: 5 codes and 10 wrong guesses an hour per user, each code texted', async () => {
    const { email, userId } = await accountWithTwoFactor();
    const phoneNumber = `+1666${String(process.pid % 1000).padStart(3, '0')}${String(++counter).padStart(4, '0')}`;
    await db()
      .updateTable('user')
      .set({ phoneNumber, phoneNumberVerified: engine === 'sqlite' ? 1 : true })
      .where('id', '=', userId)
      .execute();
    let client: TestClient | undefined;
    const result = await attack(
      async () => {
        client = await pending(email);
        return client.post('/api/auth/two-factor/send-otp', {});
      },
      () => client!.post('/api/auth/two-factor/verify-otp', { code: WRONG }),
    );
    expect(result).toEqual({ issued: CODES_PER_HOUR, guessed: GUESSES_PER_HOUR });
    expect(await textsTo(phoneNumber)).toHaveLength(CODES_PER_HOUR);
  });

  it('a texted code (sign-in, second factor) is spent after 3 wrong guesses', async () => {
    const phoneNumber = `+1888${String(process.pid % 1000).padStart(3, '0')}${String(++counter).padStart(4, '0')}`;
    const lastCode = async (to: string) => codeOfText((await textsTo(to)).at(-1)!);
    expect((await clientAt(t.url).post('/api/auth/phone-number/send-otp', { phoneNumber })).status).toBe(200);
    const code = await lastCode(phoneNumber);
    for (let i = 0; i < 3; i++)
      await clientAt(t.url).post('/api/auth/phone-number/verify', { phoneNumber, code: WRONG });
    const late = await clientAt(t.url).post('/api/auth/phone-number/verify', { phoneNumber, code });
    expect([400, 401, 403]).toContain(late.status);

    const { email, userId } = await accountWithTwoFactor();
    const secondPhone = `+1999${String(process.pid % 1000).padStart(3, '0')}${String(++counter).padStart(4, '0')}`;
    await db()
      .updateTable('user')
      .set({ phoneNumber: secondPhone, phoneNumberVerified: engine === 'sqlite' ? 1 : true })
      .where('id', '=', userId)
      .execute();
    const client = await pending(email);
    expect((await client.post('/api/auth/two-factor/send-otp', {})).status).toBe(200);
    const second = await lastCode(secondPhone);
    for (let i = 0; i < 3; i++) await client.post('/api/auth/two-factor/verify-otp', { code: WRONG });
    expect([400, 401, 403]).toContain(
      (await client.post('/api/auth/two-factor/verify-otp', { code: second })).status,
    );
  });

  it('reset and verification links: 5 an hour per address, each mailed; link guesses limited per IP', async () => {
    const email = `links-${next()}@example.com`;
    const body = { email, password: PASSWORD, name: 'Lee Doe', firstName: 'Lee', lastName: 'Doe' };
    expect((await clientAt(t.url).post('/api/auth/sign-up/email', body)).status).toBe(200);
    let resets = 0;
    let verifications = 1; // the one registration sent
    for (let round = 0; round < 7; round++) {
      await aMinuteLater();
      const reset = await clientAt(t.url).post('/api/auth/request-password-reset', {
        email,
        redirectTo: '/reset-password',
      });
      if (reset.status === 200) resets += 1;
      const verify = await clientAt(t.url).post('/api/auth/send-verification-email', { email });
      if (verify.status === 200) verifications += 1;
    }
    expect({ resets, verifications }).toEqual({ resets: CODES_PER_HOUR, verifications: CODES_PER_HOUR });
    const mails = await mailsTo(email);
    expect(mails.filter((m) => /reset/i.test(m.subject))).toHaveLength(CODES_PER_HOUR);
    expect(mails.filter((m) => /confirm|verify/i.test(m.subject))).toHaveLength(CODES_PER_HOUR);

    // Reset tokens are long and random; one address gets 20 wrong ones an hour.
    const guesser = clientAt(t.url);
    let guessed = 0;
    for (let round = 0; round < 3; round++) {
      await aMinuteLater();
      for (let i = 0; i < 10; i++) {
        const res = await guesser.post('/api/auth/reset-password', {
          token: `guess-${i}`,
          newPassword: 'new-password-9',
        });
        if (res.status !== 429) guessed += 1;
      }
    }
    expect(guessed).toBe(20);
  });
});
