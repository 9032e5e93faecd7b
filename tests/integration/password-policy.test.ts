import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPasswordHasher } from '../../server/auth/password';
import { PASSWORD_TOO_COMMON, PASSWORD_TOO_SHORT } from '../../app/lib/password-rules';
import { createClient } from '../support/http-client';
import { pageVisitor } from '../support/page-visitor';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

const GOOD = 'walnut-ledger-47';
let counter = 0;

/** Passwords of at least 10 characters, not on the list of common ones, wherever one is set. */
describe.each(testEngines)('the password rule on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false', TRUSTED_PROXIES: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  const ip = () => `203.0.113.${(++counter % 250) + 1}`;
  const client = () => createClient(t.url, { headers: { 'x-forwarded-for': ip() } });
  const newEmail = () => `policy-${engine}-${process.pid}-${++counter}@example.com`;
  const signUp = (email: string, password: string) =>
    client().post('/api/auth/sign-up/email', {
      email,
      password,
      name: 'Pat Policy',
      firstName: 'Pat',
      lastName: 'Policy',
    });
  const db = () =>
    t.server.services.database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const userCount = async (email: string) =>
    (await db().selectFrom('user').select('id').where('email', '=', email).execute()).length;

  it('refuses a short or common password at sign-up, in the forms words, and makes no account', async () => {
    const short = newEmail();
    const shortAnswer = await signUp(short, 'k7#Qz!p2w');
    expect(shortAnswer.status).toBe(400);
    expect(shortAnswer.body).toMatchObject({ code: 'PASSWORD_TOO_SHORT', message: PASSWORD_TOO_SHORT });
    const common = newEmail();
    // On the list as "password123": the check ignores letter case.
    const commonAnswer = await signUp(common, 'Password123');
    expect(commonAnswer.status).toBe(400);
    expect(commonAnswer.body).toMatchObject({ code: 'PASSWORD_TOO_COMMON', message: PASSWORD_TOO_COMMON });
    expect(await userCount(short)).toBe(0);
    expect(await userCount(common)).toBe(0);

    const good = newEmail();
    expect((await signUp(good, GOOD)).status).toBe(200);
    expect(await userCount(good)).toBe(1);
  });

  it('says so on the registration page without JavaScript', async () => {
    const visitor = pageVisitor(t.url, ip());
    const email = newEmail();
    const res = await visitor.post('/signup', {
      intent: 'sign-up',
      email,
      password: 'qwertyuiop',
      firstName: 'Pat',
      lastName: 'Policy',
    });
    expect(res.status).toBe(400);
    expect(res.text).toContain(PASSWORD_TOO_COMMON);
    expect(await userCount(email)).toBe(0);
  });

  it('refuses a common new password on a change, and the old one still works', async () => {
    const email = newEmail();
    expect((await signUp(email, GOOD)).status).toBe(200);
    const owner = client();
    expect((await owner.post('/api/auth/sign-in/email', { email, password: GOOD })).status).toBe(200);
    const change = await owner.post('/api/auth/change-password', {
      currentPassword: GOOD,
      newPassword: '1234567890',
    });
    expect(change.status).toBe(400);
    expect(change.body).toMatchObject({ message: PASSWORD_TOO_COMMON });
    expect((await client().post('/api/auth/sign-in/email', { email, password: GOOD })).status).toBe(200);
  });

  it('lets an account made under the old 6-character rule sign in with its password', async () => {
    const email = newEmail();
    expect((await signUp(email, GOOD)).status).toBe(200);
    // As an account registered before the rule changed: a 6-character password, hashed as then.
    const [user] = await db().selectFrom('user').select('id').where('email', '=', email).execute();
    const hash = await createPasswordHasher({ concurrency: 1 }).hash('abc123');
    await db()
      .updateTable('account')
      .set({ password: hash })
      .where('userId', '=', String(user?.id))
      .where('providerId', '=', 'credential')
      .execute();
    const signIn = await client().post('/api/auth/sign-in/email', { email, password: 'abc123' });
    expect(signIn.status).toBe(200);
  });
});
