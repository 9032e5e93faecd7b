import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../support/http-client';
import { extractLinks } from '../support/smtp-receiver';
import { smsFiles } from '../support/sms';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

const PASSWORD = 'password-123';
let counter = 0;
const next = () => `${process.pid}-${++counter}`;

describe.each(testEngines)('codes reach their owner; a reset ends every session on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false', TRUSTED_PROXIES: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  const clientAt = () =>
    createClient(t.url, { headers: { 'x-forwarded-for': `198.20.0.${++counter % 250}` } });

  async function account() {
    const email = `owner-${next()}@example.com`;
    const body = { email, password: PASSWORD, name: 'Kim Doe', firstName: 'Kim', lastName: 'Doe' };
    expect((await clientAt().post('/api/auth/sign-up/email', body)).status).toBe(200);
    const signedIn = async () => {
      const client = clientAt();
      expect((await client.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
      return client;
    };
    return { email, signedIn };
  }

  const mailsTo = async (email: string, subject: RegExp) => {
    await t.settled();
    return t.smtp.messages.filter((m) => m.to.includes(email) && subject.test(m.subject));
  };

  it('mails a code of every type, though only sign-in codes can be asked for over HTTP', async () => {
    const { email } = await account();
    const { auth } = t.server.services;
    for (const type of ['email-verification', 'forget-password'] as const) {
      await auth.api.sendVerificationOTP({ body: { email, type } });
    }
    const mails = await mailsTo(email, /code/);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Your email confirmation code for MediSupply',
      'Your password reset code for MediSupply',
    ]);
    for (const mail of mails) {
      expect(mail.text).toMatch(/: \d{6}/);
      expect(mail.subject).not.toMatch(/\d{6}/);
    }
  });

  it('texts a password-reset code to a verified number', async () => {
    const { signedIn } = await account();
    const client = await signedIn();
    const me = (await client.get('/api/auth/get-session')).body as { user: { id: string } };
    const phoneNumber = `+1777${String(process.pid % 1000).padStart(3, '0')}${String(++counter).padStart(4, '0')}`;
    const db = t.server.services.database.db as never as Kysely<Record<string, Record<string, unknown>>>;
    await db
      .updateTable('user')
      .set({ phoneNumber, phoneNumberVerified: engine === 'sqlite' ? 1 : true })
      .where('id', '=', me.user.id)
      .execute();
    await t.server.services.auth.api.requestPasswordResetPhoneNumber({ body: { phoneNumber } });
    await t.settled();
    const texts = smsFiles(t.db.dir).filter((m) => m.to === phoneNumber);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toMatch(/password reset code: \d{6}/);
  });

  it('a reset by link ends every session and mails the owner that the password changed', async () => {
    const { email, signedIn } = await account();
    const phone = await signedIn();
    const laptop = await signedIn();
    const asked = await clientAt().post('/api/auth/request-password-reset', {
      email,
      redirectTo: '/reset-password',
    });
    expect(asked.status).toBe(200);
    const [mail] = await mailsTo(email, /^Reset your password$/);
    // The mail opens our page, the token in its query (a GET there makes no session).
    const link = extractLinks(mail!).find((l) => l.includes('/reset-password?'))!;
    const token = new URL(link).searchParams.get('token')!;
    const reset = await clientAt().post('/api/auth/reset-password', {
      token,
      newPassword: 'a-new-password-7',
    });
    expect(reset.status).toBe(200);
    for (const device of [phone, laptop]) {
      expect((await device.get('/api/auth/get-session?disableCookieCache=true')).body).toBeNull();
    }
    expect(await mailsTo(email, /^Your password was changed$/)).toHaveLength(1);
  });

  it('a reset by emailed code (its endpoint closed, called on the server) does the same', async () => {
    const { email, signedIn } = await account();
    const device = await signedIn();
    const { auth } = t.server.services;
    await auth.api.sendVerificationOTP({ body: { email, type: 'forget-password' } });
    const [mail] = await mailsTo(email, /password reset code/);
    const otp = /: (\d{6})/.exec(mail!.text)![1]!;
    await auth.api.resetPasswordEmailOTP({ body: { email, otp, password: 'a-new-password-8' } });
    expect((await device.get('/api/auth/get-session?disableCookieCache=true')).body).toBeNull();
    expect(await mailsTo(email, /^Your password was changed$/)).toHaveLength(1);
  });
});
