import { type Kysely, sql } from 'kysely';

/**
 * Quotes (issue 34, point 5; docs/decisions/0059): a shopper asks for prices on a cart's lines,
 * staff answer with a unit price per line and an expiry, and the shopper accepts or declines.
 * - `quotes`: one request, numbered Q-XXXXXX, with the delivery address its shipping and tax are
 *   worked out for, its status, expiry and, once accepted, the pending order it became;
 * - `quote_lines`: product, name as asked, units, the list price then and staff's unit price;
 * - `quote_messages`: the thread, each message the shopper's or a member of staff's.
 * `orders.held_until`: an accepted quote's order keeps its units and stays payable until the
 * quote's expiry, rather than the sweep's usual hour; after it, the sweep cancels it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('quotes')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('reference', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('organisation_id', 'varchar(40)')
    .addColumn('status', 'varchar(16)', (c) =>
      c
        .notNull()
        .check(sql`status in ('requested', 'answered', 'accepted', 'expired', 'declined', 'withdrawn')`),
    )
    .addColumn('ship_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('ship_line1', 'varchar(100)', (c) => c.notNull())
    .addColumn('ship_line2', 'varchar(100)', (c) => c.notNull())
    .addColumn('ship_city', 'varchar(60)', (c) => c.notNull())
    .addColumn('ship_state', 'varchar(2)', (c) => c.notNull())
    .addColumn('ship_zip', 'varchar(10)', (c) => c.notNull())
    .addColumn('ship_phone', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('order_id', 'varchar(40)', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // The shopper's list, newest first; the console's queue by status, oldest first.
  await db.schema.createIndex('quotes_user_idx').on('quotes').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('quotes_status_idx').on('quotes').columns(['status', 'created_at']).execute();
  await db.schema
    .createTable('quote_lines')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('quote_id', 'varchar(40)', (c) => c.notNull().references('quotes.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity between 1 and 9999`))
    .addColumn('list_price', 'integer', (c) => c.notNull())
    .addColumn('quoted_price', 'integer', (c) => c.check(sql`quoted_price >= 0`))
    .addUniqueConstraint('quote_lines_quote_product', ['quote_id', 'product_id'])
    .execute();
  await db.schema
    .createTable('quote_messages')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('quote_id', 'varchar(40)', (c) => c.notNull().references('quotes.id').onDelete('cascade'))
    .addColumn('author', 'varchar(8)', (c) => c.notNull().check(sql`author in ('shopper', 'staff')`))
    .addColumn('author_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('body', 'varchar(2000)', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('quote_messages_quote_idx')
    .on('quote_messages')
    .columns(['quote_id', 'at'])
    .execute();
  await db.schema.alterTable('orders').addColumn('held_until', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('held_until').execute();
  await db.schema.dropTable('quote_messages').execute();
  await db.schema.dropTable('quote_lines').execute();
  await db.schema.dropTable('quotes').execute();
}
