import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { CampaignTable, DatabaseSchema } from '#server/db/schema';
import type { AppServices } from '#server/types';
import { type Actor, recordAudit } from '~/console/audit.server';
import { CAMPAIGN_QUEUE } from './campaign-queue.server';
import type { CampaignInput } from './campaign.schema';

type Db = Kysely<DatabaseSchema>;
export type Campaign = Selectable<CampaignTable>;

export class CampaignError extends Error {}

export interface CampaignProgress {
  total: number;
  sent: number;
  failed: number;
  skipped: number;
  /** Waiting or being sent. */
  pending: number;
}

export async function listCampaigns(db: Db): Promise<Campaign[]> {
  return db.selectFrom('campaigns').selectAll().orderBy('created_at', 'desc').limit(200).execute();
}

export async function findCampaign(db: Db, id: string): Promise<Campaign | undefined> {
  return db.selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function createCampaign(db: Db, actor: Actor, input: CampaignInput): Promise<string> {
  const id = randomUUID();
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('campaigns')
      .values({
        id,
        ...input,
        status: 'draft',
        created_by: actor.email,
        created_at: now,
        updated_at: now,
        started_at: null,
        finished_at: null,
        recipients: 0,
      })
      .execute();
    await recordAudit(trx, actor, {
      action: 'campaign.create',
      targetType: 'campaign',
      targetId: id,
      after: input,
    });
  });
  return id;
}

/** Only a draft can change: what was sent stays as it was sent. */
export async function updateCampaign(db: Db, actor: Actor, id: string, input: CampaignInput): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('campaigns')
      .select(['subject', 'body', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!before) throw new CampaignError('This campaign no longer exists.');
    if (before.status !== 'draft') throw new CampaignError('This campaign has been sent and cannot change.');
    await trx
      .updateTable('campaigns')
      .set({ ...input, updated_at: Date.now() })
      .where('id', '=', id)
      .where('status', '=', 'draft')
      .execute();
    await recordAudit(trx, actor, {
      action: 'campaign.update',
      targetType: 'campaign',
      targetId: id,
      before: { subject: before.subject, body: before.body },
      after: input,
    });
  });
}

/**
 * Starts sending: in one transaction the campaign leaves draft (once: a second click finds it
 * sending), every confirmed subscriber becomes a recipient row, and the sending job is queued.
 * Returns the number of recipients.
 */
export async function startCampaign(
  services: Pick<AppServices, 'database' | 'jobs'>,
  actor: Actor,
  id: string,
) {
  const { db } = services.database;
  return db.transaction().execute(async (trx) => {
    const now = Date.now();
    const moved = await trx
      .updateTable('campaigns')
      .set({ status: 'sending', started_at: now, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'draft')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) {
      const exists = await trx
        .selectFrom('campaigns')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirst();
      throw new CampaignError(
        exists ? 'This campaign is already being sent.' : 'This campaign no longer exists.',
      );
    }
    await trx
      .insertInto('campaign_recipients')
      .columns(['campaign_id', 'subscriber_id', 'email', 'state', 'attempts'])
      .expression((eb) =>
        eb
          .selectFrom('newsletter_subscribers')
          .select([
            eb.val(id).as('campaign_id'),
            'id as subscriber_id',
            'email',
            eb.val('pending').as('state'),
            eb.val(0).as('attempts'),
          ])
          .where('confirmed_at', 'is not', null)
          .where('unsubscribed_at', 'is', null),
      )
      .execute();
    const { n } = await trx
      .selectFrom('campaign_recipients')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('campaign_id', '=', id)
      .executeTakeFirstOrThrow();
    const recipients = Number(n);
    await trx.updateTable('campaigns').set({ recipients }).where('id', '=', id).execute();
    await recordAudit(trx, actor, {
      action: 'campaign.send',
      targetType: 'campaign',
      targetId: id,
      after: { recipients },
    });
    await services.jobs.send(CAMPAIGN_QUEUE, { campaignId: id }, { trx });
    return recipients;
  });
}

export async function campaignProgress(db: Db, id: string): Promise<CampaignProgress> {
  const rows = await db
    .selectFrom('campaign_recipients')
    .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
    .where('campaign_id', '=', id)
    .groupBy('state')
    .execute();
  const count = (state: string) => Number(rows.find((row) => row.state === state)?.n ?? 0);
  const progress = { sent: count('sent'), failed: count('failed'), skipped: count('skipped') };
  const pending = count('pending') + count('sending');
  return { ...progress, pending, total: progress.sent + progress.failed + progress.skipped + pending };
}
