import type { Kysely } from 'kysely';

/**
 * Orders and what was bought, as a snapshot: names and prices are copied from the catalogue
 * when the order is created, so a later catalogue change never rewrites an order.
 *
 * `payment_attempts` makes paying idempotent: one row per (order, idempotency key) holding the
 * first result, and `orders.locked_by` lets only one attempt at a time talk to the processor.
 * No card number, CVV or bank account number is ever stored: brand and last four only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('reference', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('email', 'text')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('payment_method', 'varchar(16)', (c) => c.notNull())
    .addColumn('subtotal', 'integer', (c) => c.notNull())
    .addColumn('shipping', 'integer', (c) => c.notNull())
    .addColumn('discount', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('promo_code', 'varchar(32)')
    .addColumn('card_brand', 'varchar(16)')
    .addColumn('card_last4', 'varchar(4)')
    .addColumn('bank_last4', 'varchar(4)')
    .addColumn('transaction_id', 'varchar(64)')
    .addColumn('locked_by', 'varchar(40)')
    .addColumn('locked_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('orders_user_created_idx')
    .on('orders')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('orders_email_status_idx').on('orders').columns(['email', 'status']).execute();

  await db.schema
    .createTable('order_items')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('order_id', 'varchar(40)', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'varchar(120)', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('unit_price', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('line_total', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_items_order_idx')
    .on('order_items')
    .columns(['order_id', 'position'])
    .execute();

  await db.schema
    .createTable('payment_attempts')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('order_id', 'varchar(40)', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'varchar(80)', (c) => c.notNull())
    // HMAC of the request body under the server secret: tells a retry from a different request
    // without keeping anything from which a card number could be recovered.
    .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('transaction_id', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .addUniqueConstraint('payment_attempts_order_key_unique', ['order_id', 'idempotency_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_attempts').execute();
  await db.schema.dropTable('order_items').execute();
  await db.schema.dropTable('orders').execute();
}
