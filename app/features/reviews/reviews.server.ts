import { randomUUID } from 'node:crypto';
import { FULFILMENT } from '~/commerce/order-states';
import { type Kysely } from 'kysely';
import { isPostgres } from '#server/db/database';
import type { DatabaseSchema } from '#server/db/schema';
import { PRODUCT_ID_PATTERN } from '~/commerce/catalogue/product-id';
import { isOrderReference } from '~/commerce/orders/orders.server';
import type { ReviewInput } from './review.schema';
import type { OwnReview, ReviewableLine } from './reviews';

type Db = Kysely<DatabaseSchema>;

/**
 * The buyer's side of reviews: what they may review, what they wrote, and the products'
 * figures every change of a published review keeps true.
 */

/**
 * The line a buyer may review; undefined for anything else: another's order, one not
 * delivered, a product it does not hold.
 */
export async function findReviewableLine(
  db: Db,
  userId: string,
  reference: string,
  productId: string,
): Promise<ReviewableLine | undefined> {
  // Malformed values (a hostile URL) are not found without a query (PostgreSQL refuses NUL).
  if (!isOrderReference(reference) || !PRODUCT_ID_PATTERN.test(productId)) return undefined;
  const row = await db
    .selectFrom('orders')
    .innerJoin('order_items', 'order_items.order_id', 'orders.id')
    .innerJoin('products', 'products.id', 'order_items.product_id')
    .select([
      'orders.id',
      'orders.reference',
      'order_items.product_id',
      'order_items.name',
      'order_items.image_url',
    ])
    .where('orders.reference', '=', reference)
    .where('orders.user_id', '=', userId)
    .where('orders.fulfilment', '=', FULFILMENT.delivered)
    .where('order_items.product_id', '=', productId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    orderId: row.id,
    reference: row.reference,
    productId: row.product_id,
    name: row.name,
    imageUrl: row.image_url,
  };
}

/** The account's reviews of these products (one each at most), by product id. */
export async function ownReviews(
  db: Db,
  userId: string,
  productIds: readonly string[],
): Promise<Map<string, OwnReview>> {
  const found = new Map<string, OwnReview>();
  if (productIds.length === 0) return found;
  const rows = await db
    .selectFrom('reviews')
    .select(['product_id', 'status', 'rating', 'title', 'body', 'moderation_reason'])
    .where('user_id', '=', userId)
    .where('product_id', 'in', productIds)
    .execute();
  for (const row of rows) {
    found.set(row.product_id, {
      status: row.status,
      rating: row.rating,
      title: row.title ?? '',
      body: row.body,
      reason: row.status === 'rejected' ? row.moderation_reason : null,
    });
  }
  return found;
}

/**
 * Keeps a product's published-review figures (count and stars added up) true, inside the
 * transaction that changed which of its reviews are published. On PostgreSQL the product's row
 * is locked first, so two such transactions on one product count one after the other, each
 * seeing the other's committed change; SQLite runs one writing transaction at a time anyway.
 */
export async function recountProductReviews(trx: Db, productId: string): Promise<void> {
  if (isPostgres(trx)) {
    await trx.selectFrom('products').select('id').where('id', '=', productId).forUpdate().execute();
  }
  const figures = await trx
    .selectFrom('reviews')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.sum<number | string | null>('rating').as('total'),
    ])
    .where('product_id', '=', productId)
    .where('status', '=', 'published')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('products')
    .set({ verified_review_count: Number(figures.count), verified_rating_total: Number(figures.total ?? 0) })
    .where('id', '=', productId)
    .execute();
}

/**
 * Stores the buyer's review of a line: a new one, or their earlier one of the product replaced
 * (written from any of their delivered orders), which then waits for staff again. Returns
 * whether an earlier one was replaced: if it was published, the product's figures changed.
 */
export async function saveReview(
  db: Db,
  userId: string,
  line: ReviewableLine,
  input: ReviewInput,
): Promise<{ replaced: boolean }> {
  return db.transaction().execute(async (trx) => {
    const now = Date.now();
    const text = { rating: input.rating, title: input.title || null, body: input.body };
    // Two first submissions at once: the unique (user, product) key lets one in, and the other
    // replaces it below, as a second submission would.
    const inserted = await trx
      .insertInto('reviews')
      .values({
        id: randomUUID(),
        product_id: line.productId,
        user_id: userId,
        order_id: line.orderId,
        ...text,
        status: 'pending',
        moderation_reason: null,
        moderated_by: null,
        moderated_at: null,
        published_at: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return { replaced: false };
    await trx
      .updateTable('reviews')
      .set({ ...text, status: 'pending', moderation_reason: null, updated_at: now })
      .where('user_id', '=', userId)
      .where('product_id', '=', line.productId)
      .execute();
    // Counted again whatever it was: a publication committed since this began is seen here.
    await recountProductReviews(trx, line.productId);
    return { replaced: true };
  });
}

/** The account's reviews, for the download of everything the store holds about a person. */
export async function reviewsForExport(db: Db, userId: string) {
  const rows = await db
    .selectFrom('reviews')
    .select([
      'product_id',
      'rating',
      'title',
      'body',
      'status',
      'moderation_reason',
      'created_at',
      'updated_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({
    productId: row.product_id,
    rating: row.rating,
    title: row.title,
    text: row.body,
    status: row.status,
    reasonNotPublished: row.moderation_reason,
    writtenAt: new Date(Number(row.created_at)).toISOString(),
    changedAt: new Date(Number(row.updated_at)).toISOString(),
  }));
}

/**
 * Deletes the account's reviews (erasing the account), and recounts the products whose
 * published ones went. Returns those products: their pages change once this commits.
 */
export async function eraseReviews(trx: Db, userId: string): Promise<string[]> {
  const published = await trx
    .selectFrom('reviews')
    .select('product_id')
    .where('user_id', '=', userId)
    .where('status', '=', 'published')
    .execute();
  await trx.deleteFrom('reviews').where('user_id', '=', userId).execute();
  const products = published.map((row) => row.product_id);
  for (const productId of products) await recountProductReviews(trx, productId);
  return products;
}
