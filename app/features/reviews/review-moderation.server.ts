import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import { type Actor, recordAudit } from '~/console/audit.server';
import type { ReviewStatus } from './reviews';
import { recountProductReviews } from './reviews.server';

interface UserNames {
  user: { id: string; firstName: string };
}
type Db = Kysely<DatabaseSchema>;

export const MODERATION_PAGE_SIZE = 25;

/** A review as staff read it before deciding. */
export interface QueuedReview {
  id: string;
  productId: string;
  productName: string;
  rating: number;
  title: string | null;
  body: string;
  firstName: string;
  reference: string;
  status: ReviewStatus;
  reason: string | null;
  /** When the buyer last wrote it; also the version a decision must have seen. */
  writtenAt: number;
  moderatedAt: number | null;
}

/** Reviews of one status, the most recently written first (an edited one is new again). */
export async function listReviews(db: Db, status: ReviewStatus, page: number) {
  const rows = await (db as unknown as Kysely<DatabaseSchema & UserNames>)
    .selectFrom('reviews')
    .innerJoin('products', 'products.id', 'reviews.product_id')
    .innerJoin('orders', 'orders.id', 'reviews.order_id')
    .innerJoin('user', 'user.id', 'reviews.user_id')
    .select([
      'reviews.id',
      'reviews.product_id',
      'products.name as product_name',
      'reviews.rating',
      'reviews.title',
      'reviews.body',
      'user.firstName',
      'orders.reference',
      'reviews.status',
      'reviews.moderation_reason',
      'reviews.updated_at',
      'reviews.moderated_at',
    ])
    .where('reviews.status', '=', status)
    .orderBy('reviews.updated_at', 'desc')
    .orderBy('reviews.id')
    .limit(MODERATION_PAGE_SIZE + 1)
    .offset((page - 1) * MODERATION_PAGE_SIZE)
    .execute();
  const reviews: QueuedReview[] = rows.slice(0, MODERATION_PAGE_SIZE).map((row) => ({
    id: row.id,
    productId: row.product_id,
    productName: row.product_name,
    rating: row.rating,
    title: row.title,
    body: row.body,
    firstName: row.firstName,
    reference: row.reference,
    status: row.status,
    reason: row.moderation_reason,
    writtenAt: Number(row.updated_at),
    moderatedAt: row.moderated_at === null ? null : Number(row.moderated_at),
  }));
  const pending = await db
    .selectFrom('reviews')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return { reviews, hasNext: rows.length > MODERATION_PAGE_SIZE, pendingCount: Number(pending.n) };
}

export class ModerationError extends Error {
  constructor(
    message: string,
    readonly code: 'not_found' | 'conflict',
  ) {
    super(message);
  }
}

export type Decision = { status: 'published' } | { status: 'rejected'; reason: string };

/**
 * Publishes or rejects a review, as the member of staff read it (`version`: when it was last
 * written): one transaction with the product's figures and the audit row. Refused if the buyer
 * changed it since, or it is already so. Returns the product, whose pages change.
 */
export async function moderateReview(
  db: Db,
  actor: Actor,
  id: string,
  version: number,
  decision: Decision,
): Promise<{ productId: string; productName: string; firstName: string }> {
  return db.transaction().execute(async (trx) => {
    const before = await (trx as unknown as Kysely<DatabaseSchema & UserNames>)
      .selectFrom('reviews')
      .innerJoin('products', 'products.id', 'reviews.product_id')
      .innerJoin('user', 'user.id', 'reviews.user_id')
      .select([
        'reviews.status',
        'reviews.updated_at',
        'reviews.product_id',
        'products.name',
        'user.firstName',
      ])
      .where('reviews.id', '=', id)
      .executeTakeFirst();
    if (!before) throw new ModerationError('This review no longer exists.', 'not_found');
    if (Number(before.updated_at) !== version) {
      throw new ModerationError(
        'The customer changed this review since the page was opened: read it again before deciding.',
        'conflict',
      );
    }
    if (before.status === decision.status) {
      const already = decision.status === 'published' ? 'published' : 'rejected';
      throw new ModerationError(`This review is already ${already}.`, 'conflict');
    }
    const now = Date.now();
    const publishing = decision.status === 'published';
    const changed = await trx
      .updateTable('reviews')
      .set({
        status: decision.status,
        moderation_reason: publishing ? null : decision.reason,
        moderated_by: actor.id,
        moderated_at: now,
        published_at: publishing ? now : null,
      })
      .where('id', '=', id)
      .where('updated_at', '=', version)
      .where('status', '=', before.status)
      .executeTakeFirst();
    // Changed between the read and the update (the buyer, or another member of staff).
    if (Number(changed.numUpdatedRows) !== 1) {
      throw new ModerationError('This review changed just now: read it again before deciding.', 'conflict');
    }
    if (publishing || before.status === 'published') await recountProductReviews(trx, before.product_id);
    await recordAudit(trx, actor, {
      action: publishing ? 'review.publish' : 'review.reject',
      targetType: 'review',
      targetId: id,
      before: { status: before.status, product: before.product_id },
      after: publishing ? { status: decision.status } : { status: decision.status, reason: decision.reason },
    });
    return { productId: before.product_id, productName: before.name, firstName: before.firstName };
  });
}
