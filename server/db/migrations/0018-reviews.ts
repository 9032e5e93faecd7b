import { type Kysely, sql } from 'kysely';

/**
 * Reviews by buyers whose order was delivered (docs/decisions/0027). One per account and
 * product; the order is the proof of purchase. Staff publish or reject each one; only
 * published reviews reach the storefront.
 *
 * The products gain the figures of their published reviews, kept by the code that publishes
 * and unpublishes them (in the same transaction): the catalogue's read model shows them in
 * place of the seed's rating and count from the first published review on, with no query on
 * the listings. Number 0017 is another feature's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reviews')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('product_id', 'varchar(120)', (c) => c.notNull().references('products.id').onDelete('cascade'))
    // The account's reviews go with the account (the erasure also recounts the products first).
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('order_id', 'varchar(40)', (c) => c.notNull().references('orders.id'))
    .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn('title', 'varchar(100)')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'published', 'rejected')`),
    )
    /** Why staff rejected it: shown to its writer. */
    .addColumn('moderation_reason', 'varchar(600)')
    .addColumn('moderated_by', 'text')
    .addColumn('moderated_at', 'bigint')
    .addColumn('published_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('reviews_user_product_unique', ['user_id', 'product_id'])
    .execute();
  // A product page: its published reviews, newest first.
  await db.schema
    .createIndex('reviews_product_status_published_idx')
    .on('reviews')
    .columns(['product_id', 'status', 'published_at'])
    .execute();
  // The console's queue: pending (or published, rejected) reviews, newest first.
  await db.schema
    .createIndex('reviews_status_created_idx')
    .on('reviews')
    .columns(['status', 'created_at'])
    .execute();

  await db.schema
    .alterTable('products')
    .addColumn('verified_review_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('verified_rating_total', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('verified_rating_total').execute();
  await db.schema.alterTable('products').dropColumn('verified_review_count').execute();
  await db.schema.dropTable('reviews').execute();
}
