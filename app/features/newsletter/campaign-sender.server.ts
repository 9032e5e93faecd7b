import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import { failureMessage } from '#server/jobs/queue';
import type { AppServices } from '#server/types';
import { campaignMail, campaignMessageId } from './campaign-mail.server';
import { CAMPAIGN_QUEUE } from './campaign-queue.server';
import { signedUnsubscribeToken } from './newsletter.server';

type Db = Kysely<DatabaseSchema>;
type Services = Pick<AppServices, 'database' | 'mailer' | 'env' | 'logger' | 'jobs'>;

/** Starts sending campaigns on this instance. */
export async function startCampaignJobs(services: Services): Promise<void> {
  await services.jobs.work(CAMPAIGN_QUEUE, ({ campaignId }, { signal }) =>
    sendCampaign(services, campaignId, signal),
  );
}

/**
 * Sends a campaign to every recipient still waiting, CAMPAIGN_RATE_PER_SECOND at most, one
 * second's batch claimed at a time. Each recipient is marked `sending` before its mail and
 * `sent` as soon as the mail server has taken it, so a run that dies resumes with the rest:
 * only a mail in flight at the moment of the crash can go twice (at-least-once, docs/decisions/0022),
 * and it goes with the same Message-ID, by which receivers and mail providers de-duplicate.
 * A mail server that refuses or is down fails the job, and the queue retries it with backoff;
 * an address the server rejects for good is marked failed and the campaign goes on.
 */
export async function sendCampaign(
  services: Services,
  campaignId: string,
  signal: AbortSignal,
): Promise<void> {
  const { db } = services.database;
  const { env, mailer, logger } = services;
  const campaign = await db
    .selectFrom('campaigns')
    .select(['subject', 'body', 'status'])
    .where('id', '=', campaignId)
    .executeTakeFirst();
  if (campaign?.status !== 'sending') return;
  // One run at a time (a singleton queue): rows left `sending` belong to a run that died.
  await db
    .updateTable('campaign_recipients')
    .set({ state: 'pending' })
    .where('campaign_id', '=', campaignId)
    .where('state', '=', 'sending')
    .execute();

  const rate = env.CAMPAIGN_RATE_PER_SECOND;
  const gapMs = 1000 / rate;
  let nextAt = Date.now();
  for (;;) {
    const batch = await claimBatch(db, campaignId, rate);
    if (batch.length === 0) break;
    const subscribed = await stillSubscribed(
      db,
      batch.map((row) => row.subscriber_id),
    );
    for (const recipient of batch) {
      signal.throwIfAborted();
      if (!subscribed.has(recipient.subscriber_id)) {
        await settle(db, campaignId, recipient.subscriber_id, { state: 'skipped' });
        continue;
      }
      const wait = nextAt - Date.now();
      if (wait > 0) await sleep(wait);
      nextAt = Math.max(nextAt + gapMs, Date.now());
      const token = signedUnsubscribeToken(env.AUTH_SECRET, recipient.subscriber_id);
      const mail = campaignMail(campaign, {
        unsubscribePage: `${env.APP_URL}/newsletter/unsubscribe?token=${token}`,
        oneClick: `${env.APP_URL}/api/newsletter/unsubscribe?token=${token}`,
      });
      try {
        const messageId = campaignMessageId(campaignId, recipient.email, env.APP_URL);
        await mailer.send({ kind: 'newsletter campaign', to: recipient.email, ...mail, messageId });
      } catch (error) {
        if (rejectedForGood(error)) {
          await settle(db, campaignId, recipient.subscriber_id, {
            state: 'failed',
            error: failureMessage(error),
          });
          continue;
        }
        // The server is away or busy: this run stops, the queue tries again later.
        await db
          .updateTable('campaign_recipients')
          .set({ error: failureMessage(error) })
          .where('campaign_id', '=', campaignId)
          .where('subscriber_id', '=', recipient.subscriber_id)
          .execute();
        throw error;
      }
      await settle(db, campaignId, recipient.subscriber_id, {
        state: 'sent',
        sent_at: Date.now(),
        error: null,
      });
    }
  }
  const now = Date.now();
  await db
    .updateTable('campaigns')
    .set({ status: 'sent', finished_at: now, updated_at: now })
    .where('id', '=', campaignId)
    .where('status', '=', 'sending')
    .execute();
  logger.info({ campaign: campaignId }, 'campaign sent');
}

async function claimBatch(db: Db, campaignId: string, size: number) {
  return db
    .updateTable('campaign_recipients')
    .set((eb) => ({ state: 'sending', attempts: eb('attempts', '+', 1) }))
    .where('campaign_id', '=', campaignId)
    .where('state', '=', 'pending')
    .where('subscriber_id', 'in', (eb) =>
      eb
        .selectFrom('campaign_recipients')
        .select('subscriber_id')
        .where('campaign_id', '=', campaignId)
        .where('state', '=', 'pending')
        .orderBy('subscriber_id')
        .limit(size),
    )
    .returning(['subscriber_id', 'email'])
    .execute()
    .then((rows) => rows.sort((a, b) => (a.subscriber_id < b.subscriber_id ? -1 : 1)));
}

/** Someone who unsubscribed after the campaign started is skipped. */
async function stillSubscribed(db: Db, ids: string[]): Promise<Set<string>> {
  const rows = await db
    .selectFrom('newsletter_subscribers')
    .select('id')
    .where('id', 'in', ids)
    .where('unsubscribed_at', 'is', null)
    .execute();
  return new Set(rows.map((row) => row.id));
}

async function settle(
  db: Db,
  campaignId: string,
  subscriberId: string,
  change: { state: 'sent' | 'failed' | 'skipped'; sent_at?: number; error?: string | null },
) {
  await db
    .updateTable('campaign_recipients')
    .set(change)
    .where('campaign_id', '=', campaignId)
    .where('subscriber_id', '=', subscriberId)
    .execute();
}

/** The server refused this address itself (5xx to RCPT TO): another try would be refused too. */
function rejectedForGood(error: unknown): boolean {
  const cause = (error as { cause?: { responseCode?: unknown; command?: unknown } }).cause;
  return (
    typeof cause?.responseCode === 'number' &&
    cause.responseCode >= 500 &&
    typeof cause.command === 'string' &&
    cause.command.startsWith('RCPT')
  );
}
