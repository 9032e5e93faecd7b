import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { campaignMessageId } from '../../app/features/newsletter/campaign-mail.server';
import { sendCampaign } from '../../app/features/newsletter/campaign-sender.server';
import { startCampaign } from '../../app/features/newsletter/campaigns.server';
import type { AppDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { parseEnv } from '../../server/env';
import { createJobQueue } from '../../server/jobs';
import { createLogger } from '../../server/logger';
import { createMailer } from '../../server/mail/mailer';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver';
import { createTestDatabase, testEngines } from '../support/test-database';

const SUBSCRIBERS = 500;
const HALF = SUBSCRIBERS / 2;
const logger = createLogger({ level: 'silent', pretty: false });
const admin = { id: 'admin-1', email: 'admin@example.com' };

/** A mail's Message-ID header, as it arrived. */
const messageIdOf = (raw: string) =>
  /^Message-ID:\s*(<[^>]+>)/im.exec(raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' '))?.[1];

/** Confirmed subscribers and a draft campaign for them; returns the campaign's id. */
async function campaignFor(database: AppDatabase, emails: string[]): Promise<string> {
  const now = Date.now();
  await database.db
    .insertInto('newsletter_subscribers')
    .values(
      emails.map((email, i) => ({
        id: randomUUID(),
        email,
        subscribed_at: now,
        confirmed_at: now,
        unsubscribed_at: null,
        confirm_token_hash: randomUUID().replaceAll('-', '') + String(i).padStart(32, '0'),
        unsubscribe_token_hash: randomUUID().replaceAll('-', '') + String(i).padStart(32, '1'),
      })),
    )
    .execute();
  const id = randomUUID();
  await database.db
    .insertInto('campaigns')
    .values({
      id,
      subject: 'Autumn news',
      body: 'New **canes** are in.',
      status: 'draft',
      created_by: admin.email,
      created_at: now,
      updated_at: now,
      started_at: null,
      finished_at: null,
      recipients: 0,
    })
    .execute();
  return id;
}

/**
 * The real server, as its own process, sends a campaign to 500 subscribers; it is killed with
 * SIGKILL after the 250th mail was accepted, just as it starts the 251st, and started again:
 * every subscriber gets the campaign exactly once, counted at a real SMTP receiver.
 */
describe.each(testEngines)('a campaign whose server is killed halfway, on %s', (engine) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  });

  it('sends a mail again after a crash between acceptance and record, with the same Message-ID', async () => {
    const testDb = createTestDatabase(engine);
    cleanups.push(() => testDb.cleanup());
    const database = testDb.open();
    cleanups.push(() => database.close());
    await migrateToLatest(database);
    const emails = ['ann@example.com', 'ben@example.com', 'cleo@example.com'];
    const campaignId = await campaignFor(database, emails);
    const smtp = await startSmtpReceiver();
    cleanups.push(() => smtp.close());
    const env = parseEnv({
      DATABASE_URL: testDb.url,
      DATA_DIR: testDb.dir,
      SMTP_URL: smtp.url,
      APP_URL: 'http://shop.medisupply.test:3999',
      AUTH_SECRET: 'a-campaign-test-secret-of-at-least-32-characters',
      CAMPAIGN_RATE_PER_SECOND: '100',
    });
    const mailer = createMailer({ env, logger });
    cleanups.push(() => mailer.close());
    const jobs = await createJobQueue(database, logger);
    cleanups.push(() => jobs.stop(1_000));
    const services = { database, mailer, env, logger, jobs };
    expect(await startCampaign({ database, jobs }, admin, campaignId)).toBe(3);
    await sendCampaign(services, campaignId, new AbortController().signal);
    expect(smtp.messages).toHaveLength(3);

    // What a crash right after the mail server took Ben's mail leaves behind: his row still
    // `sending`, the campaign unfinished. The next run sends his mail again.
    const ben = await database.db
      .selectFrom('newsletter_subscribers')
      .select('id')
      .where('email', '=', 'ben@example.com')
      .executeTakeFirstOrThrow();
    await database.db
      .updateTable('campaign_recipients')
      .set({ state: 'sending', sent_at: null })
      .where('campaign_id', '=', campaignId)
      .where('subscriber_id', '=', ben.id)
      .execute();
    await database.db
      .updateTable('campaigns')
      .set({ status: 'sending' })
      .where('id', '=', campaignId)
      .execute();
    await sendCampaign(services, campaignId, new AbortController().signal);

    const toBen = smtp.messages.filter((mail) => mail.to.includes('ben@example.com'));
    expect(toBen).toHaveLength(2);
    const [first, again] = toBen.map((mail) => messageIdOf(mail.raw));
    expect(first).toBe(campaignMessageId(campaignId, 'ben@example.com', env.APP_URL));
    expect(first).toMatch(new RegExp(`^<campaign-${campaignId}-[0-9a-f]{32}@shop\\.medisupply\\.test>$`));
    expect(again).toBe(first);
    // One per campaign and recipient: the others' differ, and no address shows in them.
    const ids = new Set(smtp.messages.map((mail) => messageIdOf(mail.raw)));
    expect(ids.size).toBe(3);
    for (const id of ids) expect(id).not.toContain('example.com');
  });

  it('resumes after a restart and mails every subscriber exactly once', async () => {
    const testDb = createTestDatabase(engine);
    cleanups.push(() => testDb.cleanup());
    const database = testDb.open();
    cleanups.push(() => database.close());
    await migrateToLatest(database);

    const now = Date.now();
    const subscribers = Array.from({ length: SUBSCRIBERS }, (_, i) => ({
      id: randomUUID(),
      email: `reader-${String(i).padStart(3, '0')}@example.com`,
      subscribed_at: now,
      confirmed_at: now,
      unsubscribed_at: null,
      confirm_token_hash: randomUUID().replaceAll('-', '') + String(i).padStart(32, '0'),
      unsubscribe_token_hash: randomUUID().replaceAll('-', '') + String(i).padStart(32, '1'),
    }));
    // Someone waiting for confirmation and someone gone: neither receives the campaign.
    const extra = [
      { email: 'unconfirmed@example.com', confirmed_at: null, unsubscribed_at: null },
      { email: 'gone@example.com', confirmed_at: now, unsubscribed_at: now },
    ].map((row, i) => ({
      ...subscribers[0]!,
      ...row,
      id: randomUUID(),
      confirm_token_hash: `x${i}`,
      unsubscribe_token_hash: `y${i}`,
    }));
    for (let i = 0; i < subscribers.length; i += 100) {
      await database.db
        .insertInto('newsletter_subscribers')
        .values(subscribers.slice(i, i + 100))
        .execute();
    }
    await database.db.insertInto('newsletter_subscribers').values(extra).execute();
    const campaignId = randomUUID();
    await database.db
      .insertInto('campaigns')
      .values({
        id: campaignId,
        subject: 'Spring mobility news',
        body: 'New **walkers** are in.\n\n[See them](https://medisupply.example/category/mobility)',
        status: 'draft',
        created_by: admin.email,
        created_at: now,
        updated_at: now,
        started_at: null,
        finished_at: null,
        recipients: 0,
      })
      .execute();
    const jobs = await createJobQueue(database, logger);
    expect(await startCampaign({ database, jobs }, admin, campaignId)).toBe(SUBSCRIBERS);
    await jobs.stop(1_000);

    let server: ServerProcess | undefined;
    let killed: Promise<unknown> | undefined;
    const smtp: SmtpReceiver = await startSmtpReceiver({
      async onMailFrom(accepted) {
        if (accepted < HALF || killed || !server) return;
        // The 251st mail is starting: the 250 before it were accepted. Kill the sender here.
        server.child.kill('SIGKILL');
        killed = server.exited;
        await killed;
        throw new Error('421 The sender is gone.');
      },
    });
    cleanups.push(() => smtp.close());
    const env = {
      DATABASE_URL: testDb.url,
      DATA_DIR: testDb.dir,
      SMTP_URL: smtp.url,
      APP_URL: 'http://127.0.0.1:3999',
      AUTH_SECRET: 'a-campaign-test-secret-of-at-least-32-characters',
      CAMPAIGN_RATE_PER_SECOND: '200',
    };
    server = await startServerProcess(env);
    cleanups.push(async () => server?.child.kill('SIGKILL'));
    await expect.poll(() => killed !== undefined, { timeout: 60_000, interval: 100 }).toBe(true);
    await killed;
    expect(smtp.messages).toHaveLength(HALF);

    server = await startServerProcess(env);
    const status = async () =>
      (
        await database.db
          .selectFrom('campaigns')
          .select('status')
          .where('id', '=', campaignId)
          .executeTakeFirst()
      )?.status;
    await expect.poll(status, { timeout: 90_000, interval: 250 }).toBe('sent');

    const perRecipient = new Map<string, number>();
    for (const mail of smtp.messages)
      for (const to of mail.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    expect(perRecipient.size).toBe(SUBSCRIBERS);
    expect([...perRecipient.values()].every((count) => count === 1)).toBe(true);
    expect(perRecipient.has('unconfirmed@example.com')).toBe(false);
    expect(perRecipient.has('gone@example.com')).toBe(false);
    const states = await database.db
      .selectFrom('campaign_recipients')
      .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
      .where('campaign_id', '=', campaignId)
      .groupBy('state')
      .execute();
    expect(states.map((row) => [row.state, Number(row.n)])).toEqual([['sent', SUBSCRIBERS]]);

    // Every mail carries the one-click unsubscribe of RFC 8058.
    const sample = smtp.messages[0]!;
    // Long header lines are folded (RFC 5322): unfold them first.
    const headers = sample.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    expect(headers).toMatch(
      /^List-Unsubscribe: <http:\/\/127\.0\.0\.1:3999\/api\/newsletter\/unsubscribe\?token=[0-9a-f-]{36}\.[\w-]{43}>/m,
    );
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(sample.html).toContain('<strong>walkers</strong>');
    await server.child.kill('SIGTERM');
  }, 180_000);
});
