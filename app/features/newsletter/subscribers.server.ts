import type { Kysely } from 'kysely';
import { containsText } from '#server/db/like';
import type { DatabaseSchema } from '#server/db/schema';
import { type Actor, recordAudit } from '~/console/audit.server';

type Db = Kysely<DatabaseSchema>;

export type SubscriberStatus = 'waiting' | 'confirmed' | 'unsubscribed';

export interface Subscriber {
  id: string;
  email: string;
  status: SubscriberStatus;
  subscribedAt: number;
  confirmedAt: number | null;
  unsubscribedAt: number | null;
}

export interface SubscriberFilter {
  q: string;
  status: SubscriberStatus | '';
  page: number;
}

export const SUBSCRIBERS_PER_PAGE = 50;

function filtered(db: Db, filter: Pick<SubscriberFilter, 'q' | 'status'>) {
  let query = db.selectFrom('newsletter_subscribers');
  if (filter.q) query = query.where(containsText('email', filter.q));
  if (filter.status === 'confirmed')
    query = query.where('confirmed_at', 'is not', null).where('unsubscribed_at', 'is', null);
  if (filter.status === 'waiting')
    query = query.where('confirmed_at', 'is', null).where('unsubscribed_at', 'is', null);
  if (filter.status === 'unsubscribed') query = query.where('unsubscribed_at', 'is not', null);
  return query;
}

const COLUMNS = ['id', 'email', 'subscribed_at', 'confirmed_at', 'unsubscribed_at'] as const;

function toSubscriber(row: {
  id: string;
  email: string;
  subscribed_at: number;
  confirmed_at: number | null;
  unsubscribed_at: number | null;
}): Subscriber {
  const status: SubscriberStatus =
    row.unsubscribed_at !== null ? 'unsubscribed' : row.confirmed_at !== null ? 'confirmed' : 'waiting';
  return {
    id: row.id,
    email: row.email,
    status,
    subscribedAt: row.subscribed_at,
    confirmedAt: row.confirmed_at,
    unsubscribedAt: row.unsubscribed_at,
  };
}

/** Those a campaign goes to: confirmed and still subscribed. */
export async function confirmedSubscriberCount(db: Db): Promise<number> {
  const row = await filtered(db, { q: '', status: 'confirmed' })
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listSubscribers(db: Db, filter: SubscriberFilter) {
  const [rows, count, confirmed] = await Promise.all([
    filtered(db, filter)
      .select(COLUMNS)
      .orderBy('subscribed_at', 'desc')
      .orderBy('id')
      .limit(SUBSCRIBERS_PER_PAGE)
      .offset((filter.page - 1) * SUBSCRIBERS_PER_PAGE)
      .execute(),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    confirmedSubscriberCount(db),
  ]);
  return { subscribers: rows.map(toSubscriber), total: Number(count.n), confirmed };
}

/** Every subscriber of the filter, a thousand at a time (for the CSV, which streams). */
export async function* allSubscribers(db: Db, filter: Pick<SubscriberFilter, 'q' | 'status'>) {
  let after = '';
  for (;;) {
    const rows = await filtered(db, filter)
      .select(COLUMNS)
      .where('id', '>', after)
      .orderBy('id')
      .limit(1000)
      .execute();
    if (rows.length > 0) yield rows.map(toSubscriber);
    const last = rows.at(-1);
    if (!last || rows.length < 1000) return;
    after = last.id;
  }
}

/**
 * Removes a subscriber on their request (the right to erasure): the row goes, and with it the
 * address from campaigns still waiting to reach it. Kept in the audit log by id only.
 */
export async function removeSubscriber(db: Db, actor: Actor, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('campaign_recipients')
      .where('subscriber_id', '=', id)
      .where('state', 'in', ['pending', 'skipped'])
      .execute();
    await trx
      .updateTable('campaign_recipients')
      .set({ email: 'removed' })
      .where('subscriber_id', '=', id)
      .execute();
    const removed = await trx.deleteFrom('newsletter_subscribers').where('id', '=', id).executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) return false;
    await recordAudit(trx, actor, { action: 'subscriber.remove', targetType: 'subscriber', targetId: id });
    return true;
  });
}
