import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_CONTENT_GONE } from '../../server/mail/outbox';
import { startSmtpReceiver } from '../support/smtp-receiver';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * A mail's content lives apart from its job (docs/decisions/0039): while the mail server is
 * away each try still has it; once the mail is given up it is deleted with it.
 */
describe.each(testEngines)('a queued mail’s content on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    // A port that was just free: nothing answers there, so every try fails at once.
    const probe = await startSmtpReceiver();
    const port = Number(new URL(probe.url).port);
    await probe.close();
    t = await startTestServer(engine, { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_MAX_SECONDS: '2' });
  });
  afterAll(async () => t.close());

  const contents = () => t.server.services.database.db.selectFrom('job_contents').select('id').execute();

  it('keeps the content for the retries of a mail that failed, and the job row names only kind and recipient', async () => {
    const email = `away-${engine}@example.com`;
    await t.server.services.mail.send({
      kind: 'sign-in code',
      to: email,
      subject: 'Your MediSupply sign-in code',
      text: 'Your code to sign in: 123987',
      html: '<p>Your code to sign in: 123987</p>',
    });
    const { jobs } = t.server.services;
    await expect
      .poll(async () => (await jobs.list({ states: ['retry'], queue: 'mail', limit: 5, offset: 0 })).jobs, {
        timeout: 20_000,
      })
      .toHaveLength(1);
    const [job] = (await jobs.list({ states: ['retry'], queue: 'mail', limit: 5, offset: 0 })).jobs;
    const data = job!.data as Record<string, unknown>;
    expect(Object.keys(data).sort()).toEqual(['content', 'kind', 'to']);
    expect(data).toMatchObject({ kind: 'sign-in code', to: email });
    expect(JSON.stringify(job)).not.toContain('123987');
    expect(await contents()).toEqual([{ id: data.content }]);
  });

  it.skipIf(engine !== 'sqlite')(
    'deletes the content when the mail is given up; a retry from the console then says why it cannot be sent',
    async () => {
      const { db } = t.server.services.database;
      const { jobs } = t.server.services;
      // The next try is the last one (the in-process queue reads the limit from the row); set
      // between two tries, while the job waits.
      const lastTry = async () => {
        const result = await db
          .updateTable('jobs')
          .set((eb) => ({ retry_limit: eb.ref('attempts'), start_after: Date.now() }))
          .where('queue', '=', 'mail')
          .where('state', '=', 'retry')
          .executeTakeFirst();
        return Number(result.numUpdatedRows);
      };
      await expect.poll(lastTry, { timeout: 20_000 }).toBe(1);
      await expect.poll(async () => (await jobs.counts()).failed, { timeout: 20_000 }).toBe(1);
      expect(await contents()).toEqual([]);
      const [failed] = (await jobs.list({ states: ['failed'], queue: 'mail', limit: 1, offset: 0 })).jobs;
      expect(await jobs.retry('mail', failed!.id)).toBe(true);
      await expect
        .poll(
          async () =>
            (await jobs.list({ states: ['failed'], queue: 'mail', limit: 1, offset: 0 })).jobs[0]?.error,
          { timeout: 20_000 },
        )
        .toBe(MAIL_CONTENT_GONE);
    },
  );
});
