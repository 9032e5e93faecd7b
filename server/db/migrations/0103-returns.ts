import { type Kysely, sql } from 'kysely';

/**
 * Returns within the 30-day guarantee (issue 33, point 4; docs/decisions/0053):
 * - `returns`: one request of a shopper's, numbered R-XXXXXX, with its reason, note and the time
 *   of each step (requested, approved or refused, received, refunded);
 * - `return_lines`: the order lines and units it sends back, what staff did with each on receipt
 *   (restock or write-off) and the cents refunded for it.
 * The units a line may still send back are checked in the request's transaction (the order's row
 * locked first on PostgreSQL), not by a constraint: they depend on the other returns' states.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('returns')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('number', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('order_id', 'varchar(40)', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('status', 'varchar(16)', (c) =>
      c.notNull().check(sql`status in ('requested', 'approved', 'refused', 'received', 'refunded')`),
    )
    .addColumn('reason', 'varchar(24)', (c) => c.notNull())
    .addColumn('note', 'varchar(1000)', (c) => c.notNull())
    // The request form's key: the same form sent twice is one return.
    .addColumn('request_key', 'varchar(80)', (c) => c.notNull().unique())
    .addColumn('refusal_reason', 'varchar(600)')
    .addColumn('refund_amount', 'integer')
    // The idempotency key of the refund under way or done: one refund per return.
    .addColumn('refund_key', 'varchar(80)')
    .addColumn('refund_shipping', 'integer')
    .addColumn('requested_at', 'bigint', (c) => c.notNull())
    .addColumn('approved_at', 'bigint')
    .addColumn('refused_at', 'bigint')
    .addColumn('received_at', 'bigint')
    .addColumn('refunded_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // The order page's returns, and the console's queue by status, oldest first.
  await db.schema.createIndex('returns_order_idx').on('returns').column('order_id').execute();
  await db.schema
    .createIndex('returns_status_idx')
    .on('returns')
    .columns(['status', 'requested_at'])
    .execute();
  await db.schema
    .createTable('return_lines')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('return_id', 'varchar(40)', (c) => c.notNull().references('returns.id').onDelete('cascade'))
    .addColumn('order_item_id', 'varchar(40)', (c) =>
      c.notNull().references('order_items.id').onDelete('cascade'),
    )
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('outcome', 'varchar(16)', (c) => c.check(sql`outcome in ('restock', 'write_off')`))
    .addColumn('refund_amount', 'integer')
    .addUniqueConstraint('return_lines_return_item', ['return_id', 'order_item_id'])
    .execute();
  await db.schema.createIndex('return_lines_item_idx').on('return_lines').column('order_item_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('return_lines').execute();
  await db.schema.dropTable('returns').execute();
}
