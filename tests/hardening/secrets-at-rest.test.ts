import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineQueue } from '../../server/jobs/queue';
import { jobSchemaName } from '../../server/jobs/pg-boss-queue';
import { createLogger } from '../../server/logger';
import { mailQueue } from '../../server/mail/outbox';
import { createClient, type TestClient } from '../support/http-client';
import { codeOfText, smsFiles, waitForSmsFile } from '../support/sms';
import { codeOfMail, extractLinks, type ReceivedMail } from '../support/smtp-receiver';
import { postForm, staffClient, type TestStaff } from '../support/staff';
import { testEngines } from '../support/test-database';
import { logSink } from '../support/log-sink';
import { startTestServer, type TestServer } from '../support/test-server';
import { secretOf, totp } from '../support/totp';

const PASSWORD = 'Quiet-harbour-lantern-917';
const NEW_PASSWORD = 'Amber-orchard-compass-642';
let counter = 0;

/** A secret as a value of its own: a code is not the middle of a timestamp, a hash or an id. */
function foundIn(text: string, secrets: string[]): string[] {
  return secrets.filter((secret) =>
    /^\d+$/.test(secret)
      ? new RegExp(`(?<![0-9A-Za-z])${secret}(?![0-9A-Za-z])`).test(text)
      : text.includes(secret),
  );
}

/**
 * A sign-in suite (password reset by link, emailed code, magic link, email verification link,
 * texted code, two-factor code by text) against a store whose real logger writes to a buffer;
 * then every code, token and link those mails and texts carried is looked for in the log, in
 * every row of every table (the job queue's included) and on the jobs console: none is there.
 */
describe.each(testEngines)('no secret at rest or in logs on %s', (engine) => {
  let t: TestServer;
  let staff: TestStaff;
  const logs: string[] = [];
  /** Codes, tokens and whole links, as the mails and texts carried them. */
  const secrets: string[] = [];
  const clientAt = () =>
    createClient(t.url, { headers: { 'x-forwarded-for': `198.51.100.${1 + (++counter % 250)}` } });
  const unique = (name: string) => `${name}-${engine}-${process.pid}-${++counter}@example.com`;
  const phone = () => `+1503555${String(1000 + ((process.pid * 7 + ++counter) % 9000)).padStart(4, '0')}`;

  /** The mail of that subject (another, e.g. "Your password was changed", may come first). */
  async function mailTo(email: string, after: number, subject = ''): Promise<ReceivedMail> {
    return t.smtp.waitFor(
      (m) => m.to.includes(email) && m.subject.includes(subject) && t.smtp.messages.indexOf(m) >= after,
    );
  }

  function keepLink(link: string) {
    secrets.push(link);
    const url = new URL(link);
    const token = url.searchParams.get('token');
    if (token) secrets.push(token);
    const inPath = /\/reset-password\/([^/?#]+)/.exec(url.pathname)?.[1];
    if (inPath) secrets.push(inPath);
  }

  async function textedCode(client: TestClient, phoneNumber: string, send: () => Promise<unknown>) {
    const after = smsFiles(t.db.dir).length;
    await send();
    const code = codeOfText(await waitForSmsFile(t.db.dir, phoneNumber, after));
    expect(code).toMatch(/^\d{6}$/);
    secrets.push(code);
    return code;
  }

  beforeAll(async () => {
    const sink = logSink(logs);
    t = await startTestServer(
      engine,
      { REQUIRE_EMAIL_VERIFICATION: 'false', TRUSTED_PROXIES: '127.0.0.1' },
      // The store's own logger (its redaction and serializers), at every level, into the buffer.
      { logger: createLogger({ level: 'trace', pretty: false, destination: sink }) },
    );
    staff = await staffClient(t, 'staff');

    // Email verification link (sent on sign-up), then the account signs in with its password.
    const email = unique('secrets');
    const owner = clientAt();
    let after = t.smtp.messages.length;
    await owner.post('/api/auth/sign-up/email', {
      email,
      password: PASSWORD,
      name: 'Sam Secret',
      firstName: 'Sam',
      lastName: 'Secret',
    });
    const verifyLink = extractLinks(await mailTo(email, after)).find((l) => l.includes('verify-email'));
    expect(verifyLink, 'verification link').toBeTruthy();
    keepLink(verifyLink!);
    // The link opens our page; its button confirms (a POST).
    expect((await clientAt().get(verifyLink!.replace(t.url, ''))).status).toBe(200);
    const confirmed = await postForm(t, null, '/verify-email', {
      token: new URL(verifyLink!).searchParams.get('token')!,
    });
    expect(confirmed.status).toBeLessThan(400);

    // Password reset by link: the mail opens our page (the token in its query); the library's
    // old link of a mail sent before (the token in its path) redirects there; the form posts it.
    after = t.smtp.messages.length;
    await clientAt().post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    const resetLink = extractLinks(await mailTo(email, after)).find((l) => l.includes('/reset-password?'));
    expect(resetLink, 'reset link').toBeTruthy();
    keepLink(resetLink!);
    const token = new URL(resetLink!).searchParams.get('token')!;
    expect((await clientAt().get(resetLink!.replace(t.url, ''))).status).toBe(200);
    const landing = await clientAt().get(`/api/auth/reset-password/${token}`);
    expect(landing.status).toBe(302);
    const reset = await clientAt().post('/api/auth/reset-password', { newPassword: NEW_PASSWORD, token });
    expect(reset.status).toBe(200);

    // Emailed sign-in code.
    const coder = clientAt();
    after = t.smtp.messages.length;
    await coder.post('/api/auth/email-otp/send-verification-otp', { email, type: 'sign-in' });
    const code = codeOfMail(await mailTo(email, after, 'sign-in code'));
    expect(code).toMatch(/^\d{6}$/);
    secrets.push(code);
    expect((await coder.post('/api/auth/sign-in/email-otp', { email, otp: code })).status).toBe(200);

    // Magic link, spent by the button of our page.
    after = t.smtp.messages.length;
    await clientAt().post('/api/auth/sign-in/magic-link', { email });
    const magicLink = extractLinks(await mailTo(email, after, 'Sign in to')).find((l) =>
      l.includes('/login/link'),
    );
    expect(magicLink, 'sign-in link').toBeTruthy();
    keepLink(magicLink!);
    const pressed = await postForm(t, null, '/login/link', {
      intent: 'magic-link',
      token: new URL(magicLink!).searchParams.get('token')!,
    });
    expect(pressed.status).toBeLessThan(400);

    // A texted code signs a new number in.
    const texter = clientAt();
    const newNumber = phone();
    const smsCode = await textedCode(texter, newNumber, () =>
      texter.post('/api/auth/phone-number/send-otp', { phoneNumber: newNumber }),
    );
    expect(
      (await texter.post('/api/auth/phone-number/verify', { phoneNumber: newNumber, code: smsCode })).status,
    ).toBe(200);

    // Two-factor by text: a mobile added to the account, two-factor on, then a sign-in's code.
    const signedIn = clientAt();
    expect((await signedIn.post('/api/auth/sign-in/email', { email, password: NEW_PASSWORD })).status).toBe(
      200,
    );
    const mobile = phone();
    const added = await textedCode(signedIn, mobile, () =>
      signedIn.post('/api/auth/phone-number/send-otp', { phoneNumber: mobile }),
    );
    const verified = await signedIn.post('/api/auth/phone-number/verify', {
      phoneNumber: mobile,
      code: added,
      updatePhoneNumber: true,
      disableSession: true,
    });
    expect(verified.status).toBe(200);
    const enable = await signedIn.post('/api/auth/two-factor/enable', { password: NEW_PASSWORD });
    const secret = secretOf((enable.body as { totpURI: string }).totpURI);
    expect((await signedIn.post('/api/auth/two-factor/verify-totp', { code: totp(secret) })).status).toBe(
      200,
    );
    const device = clientAt();
    expect(
      (await device.post('/api/auth/sign-in/email', { email, password: NEW_PASSWORD })).body,
    ).toMatchObject({ twoFactorRedirect: true });
    const second = await textedCode(device, mobile, () => device.post('/api/auth/two-factor/send-otp', {}));
    expect((await device.post('/api/auth/two-factor/verify-otp', { code: second })).status).toBe(200);

    // An unused code is still at rest (its row waits for its owner): it must not be readable.
    const spare = clientAt();
    after = t.smtp.messages.length;
    await spare.post('/api/auth/email-otp/send-verification-otp', { email, type: 'sign-in' });
    secrets.push(codeOfMail(await mailTo(email, after, 'sign-in code')));
    const spareNumber = phone();
    await textedCode(spare, spareNumber, () =>
      spare.post('/api/auth/phone-number/send-otp', { phoneNumber: spareNumber }),
    );
    after = t.smtp.messages.length;
    await clientAt().post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    keepLink(extractLinks(await mailTo(email, after, 'Reset')).find((l) => l.includes('/reset-password?'))!);
    await t.settled();
  }, 120_000);
  afterAll(async () => t.close());

  it('collected a code, token or link of every kind', () => {
    // 4 links (and their tokens), 4 emailed or texted codes used, 2 spare codes.
    expect(secrets.filter((s) => /^\d{6}$/.test(s)).length).toBe(6);
    expect(secrets.filter((s) => s.startsWith('http')).length).toBe(4);
  });

  it('keeps them out of the log, and the log keeps the reset path with its token redacted', () => {
    const log = logs.join('');
    expect(log).toContain('/api/auth/reset-password/<redacted>');
    expect(log).toContain('"kind":"sign-in code"');
    expect(foundIn(log, secrets)).toEqual([]);
  });

  it('keeps them out of every row of every table, the job queue included', async () => {
    const { db, postgres } = t.server.services.database;
    const schemas = postgres ? [postgres.schema ?? 'public', jobSchemaName(postgres.schema)] : [];
    const tables = postgres
      ? (
          await sql<{ schema: string; name: string }>`select table_schema as schema, table_name as name
            from information_schema.tables where table_schema = any(${schemas})`.execute(db)
        ).rows
      : (
          await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db)
        ).rows.map((row) => ({ schema: undefined, name: row.name }));
    expect(tables.map((table) => table.name)).toEqual(
      expect.arrayContaining(['verification', 'job_contents']),
    );
    if (postgres) expect(tables.map((table) => table.name)).toContain('job');
    for (const { schema, name } of tables) {
      const table = schema ? sql.table(`${schema}.${name}`) : sql.table(name);
      const rows = await sql<Record<string, unknown>>`select * from ${table}`.execute(db);
      expect(foundIn(JSON.stringify(rows.rows), secrets), name).toEqual([]);
    }
    // Every mail and text was delivered: nothing of what they said is left.
    const left = await db.selectFrom('job_contents').select('id').execute();
    expect(left).toEqual([]);
  });

  it('shows staff a mail’s kind and recipient on the jobs console, never what it said', async () => {
    for (const view of ['done', 'queued', 'running', 'failed']) {
      const page = await staff.client.get(`/admin/jobs?view=${view}`);
      expect(page.status).toBe(200);
      expect(foundIn(page.text, secrets), view).toEqual([]);
      if (view === 'done') {
        expect(page.text).toContain('(sign-in code)');
        expect(page.text).toContain('(password reset)');
        expect(page.text).not.toContain('Your MediSupply sign-in code');
      }
    }
  });

  it('audits a retry from the console in the same transaction, and refuses one of a job not failed', async () => {
    const { jobs, database } = t.server.services;
    const failing = defineQueue<{ n: number }>('test.always-fails', {
      retryLimit: 0,
      retryDelaySeconds: 1,
      retryDelayMaxSeconds: 1,
      expireInSeconds: 30,
      keepFinishedSeconds: 600,
    });
    await jobs.work(failing, async () => {
      throw new Error('This job always fails.');
    });
    const id = await jobs.send(failing, { n: 1 });
    expect(id).toBeTruthy();
    await t.settled();
    const listed = await jobs.list({ states: ['failed'], queue: failing.name, limit: 5, offset: 0 });
    expect(listed.jobs.map((job) => job.id)).toContain(id);

    const audits = () =>
      database.db
        .selectFrom('audit_log')
        .select(['action', 'actor_id', 'target_type', 'target_id'])
        .where('target_id', '=', id!)
        .execute();
    const retried = await postForm(t, staff.client, '/admin/jobs', {
      intent: 'retry',
      id: id!,
      queue: failing.name,
    });
    expect(retried.status).toBe(200);
    expect(await audits()).toEqual([
      { action: 'job.retry', actor_id: staff.id, target_type: 'job', target_id: id },
    ]);
    await t.settled();
    // A job that is not failed (a delivered mail) is not retried, and nothing is audited.
    const sent = await jobs.list({ states: ['completed'], queue: 'mail', limit: 1, offset: 0 });
    const done = sent.jobs[0]!.id;
    const refused = await postForm(t, staff.client, '/admin/jobs', {
      intent: 'retry',
      id: done,
      queue: 'mail',
    });
    expect(refused.status).toBe(409);
    expect(
      await database.db.selectFrom('audit_log').select('id').where('target_id', '=', done).execute(),
    ).toEqual([]);
    await t.settled();
  });
  it('still sends a mail queued by the release before, which held its content in the job', async () => {
    const { jobs, env } = t.server.services;
    const to = unique('legacy');
    await jobs.send(mailQueue(env), {
      to,
      subject: 'Queued before the upgrade',
      text: 'Sent after it.',
      html: '<p>Sent after it.</p>',
    } as never);
    const mail = await t.smtp.waitFor((m) => m.to.includes(to));
    expect(mail.subject).toBe('Queued before the upgrade');
    await t.settled();
  });
});
