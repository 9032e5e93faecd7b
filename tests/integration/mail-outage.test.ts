import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../support/http-client';
import { pageVisitor } from '../support/page-visitor';
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver';
import { startTestServer, type TestServer } from '../support/test-server';
import { testEngines } from '../support/test-database';

const OUTAGE_MS = 30_000;

/**
 * The mail server is down for 30 seconds while shoppers sign up, write to the store and join
 * the newsletter: every one of their mails arrives, once, after it comes back.
 */
describe.each(testEngines)('mail while the mail server is down for 30 s, on %s', (engine) => {
  let t: TestServer;
  let port: number;
  let smtp: SmtpReceiver | undefined;
  beforeAll(async () => {
    // A port that was just free: nothing answers there until the receiver comes back on it.
    const probe = await startSmtpReceiver();
    port = Number(new URL(probe.url).port);
    await probe.close();
    t = await startTestServer(engine, {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_RETRY_MAX_SECONDS: '4',
      REQUIRE_EMAIL_VERIFICATION: 'true',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp?.close();
  });

  it('delays every mail and loses none', async () => {
    const started = Date.now();
    const expected: string[] = [];
    for (let i = 0; i < 3; i++) {
      const email = `signup-${i}-${engine}@example.com`;
      const res = await createClient(t.url).post('/api/auth/sign-up/email', {
        email,
        password: 'password-123',
        name: 'Pat Doe',
        firstName: 'Pat',
        lastName: 'Doe',
      });
      expect(res.status).toBe(200);
      expected.push(email);
    }
    for (let i = 0; i < 3; i++) {
      const email = `reader-${i}-${engine}@example.com`;
      const res = await createClient(t.url).form('/newsletter', { email });
      expect(res.status).toBe(200);
      expected.push(email);
    }
    for (let i = 0; i < 3; i++) {
      const res = await pageVisitor(t.url, `203.0.113.${i + 1}`).post('/contact', {
        name: `Writer ${i}`,
        email: `writer-${i}@example.com`,
        message: 'Do you rent wheelchairs by the week?',
      });
      expect(res.status).toBe(200);
      expected.push(t.server.services.env.STORE_EMAIL);
    }

    // The mails are tried and put back for later, none given up.
    await expect
      .poll(async () => (await t.server.services.jobs.counts()).retry, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(expected.length);
    await sleep(Math.max(0, started + OUTAGE_MS - Date.now()));
    expect((await t.server.services.jobs.counts()).failed).toBe(0);

    smtp = await startSmtpReceiver({ port });
    const receiver = smtp;
    await expect
      .poll(() => receiver.messages.length, { timeout: 30_000, interval: 200 })
      .toBe(expected.length);
    await t.settled();
    expect(receiver.messages.map((mail) => mail.to[0]).sort()).toEqual([...expected].sort());
    const counts = await t.server.services.jobs.counts();
    expect(counts.failed).toBe(0);
    expect(counts.completed).toBeGreaterThanOrEqual(expected.length);
    // The contact messages were marked mailed once their notification went out.
    const unmailed = await t.server.services.database.db
      .selectFrom('contact_messages')
      .select('id')
      .where('mailed_at', 'is', null)
      .execute();
    expect(unmailed).toEqual([]);
  }, 120_000);
});
