import { type Kysely, sql } from 'kysely';
import { columnTypes } from './engine';

/**
 * What running the store needs (docs/decisions/0019):
 * - accounts get a role (customer, staff, admin);
 * - an order's delivery (`fulfilment`: unfulfilled, packed, shipped, delivered) is kept apart from
 *   its payment `status`, so the payment code's rules on `status` stay as they are; refunds are
 *   their own rows (idempotent by key) and each line counts its refunded units;
 * - `order_events` is an order's timeline (staff actions, notes, the abandoned-order sweep);
 * - `stock_movements` keeps every staff stock change with its reason;
 * - `audit_log` keeps every staff action; triggers refuse to change or delete a row on both engines;
 * - products can be unpublished and featured by staff; `media` holds uploaded images in the
 *   database, so every instance serves the same files.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  const no = types.postgres ? false : 0;
  const yes = types.postgres ? true : 1;
  const blob = types.postgres ? 'bytea' : 'blob';

  await db.schema
    .alterTable('user')
    .addColumn('role', 'varchar(16)', (c) => c.notNull().defaultTo('customer'))
    .execute();

  const orderColumns: [string, string][] = [
    ['carrier', 'varchar(40)'],
    ['tracking_number', 'varchar(60)'],
    ['packed_at', 'bigint'],
    ['shipped_at', 'bigint'],
    ['delivered_at', 'bigint'],
    ['cancelled_at', 'bigint'],
    ['cancelled_by', 'varchar(16)'],
  ];
  for (const [name, type] of orderColumns) {
    await db.schema
      .alterTable('orders')
      .addColumn(name, type as 'text')
      .execute();
  }
  await db.schema
    .alterTable('orders')
    .addColumn('fulfilment', 'varchar(16)', (c) => c.notNull().defaultTo('unfulfilled'))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('refunded_total', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('order_items')
    .addColumn('refunded_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // What the console shows of each payment attempt: the method, the card's brand and last four.
  await db.schema.alterTable('payment_attempts').addColumn('method', 'varchar(16)').execute();
  await db.schema.alterTable('payment_attempts').addColumn('card_brand', 'varchar(16)').execute();
  await db.schema.alterTable('payment_attempts').addColumn('last4', 'varchar(4)').execute();

  await db.schema
    .createTable('refunds')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('order_id', 'varchar(40)', (c) => c.notNull().references('orders.id'))
    .addColumn('idempotency_key', 'varchar(80)', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    /** JSON [{ itemId, quantity }]; empty for a refund of the whole order. */
    .addColumn('lines', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)')
    .addColumn('transaction_id', 'varchar(80)')
    .addColumn('message', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .addUniqueConstraint('refunds_order_key_unique', ['order_id', 'idempotency_key'])
    .execute();

  await db.schema
    .createTable('order_events')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('order_id', 'varchar(40)', (c) => c.notNull().references('orders.id'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_email', 'text')
    .addColumn('kind', 'varchar(24)', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_events_order_idx')
    .on('order_events')
    .columns(['order_id', 'at'])
    .execute();

  await db.schema
    .createTable('stock_movements')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('product_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('on_hand', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('order_id', 'varchar(40)')
    .execute();
  await db.schema
    .createIndex('stock_movements_product_idx')
    .on('stock_movements')
    .columns(['product_id', 'at'])
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('actor_email', 'text', (c) => c.notNull())
    .addColumn('action', 'varchar(40)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(24)', (c) => c.notNull())
    .addColumn('target_id', 'varchar(120)', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
  await db.schema
    .createIndex('audit_log_target_idx')
    .on('audit_log')
    .columns(['target_type', 'target_id'])
    .execute();
  if (types.postgres) {
    await sql`create function audit_log_is_append_only() returns trigger language plpgsql as $$
      begin raise exception 'audit_log rows cannot be changed or deleted'; end $$`.execute(db);
    await sql`create trigger audit_log_no_update before update or delete on audit_log
      for each row execute function audit_log_is_append_only()`.execute(db);
    await sql`create trigger audit_log_no_truncate before truncate on audit_log
      for each statement execute function audit_log_is_append_only()`.execute(db);
  } else {
    await sql`create trigger audit_log_no_update before update on audit_log
      begin select raise(abort, 'audit_log rows cannot be changed or deleted'); end`.execute(db);
    await sql`create trigger audit_log_no_delete before delete on audit_log
      begin select raise(abort, 'audit_log rows cannot be changed or deleted'); end`.execute(db);
  }

  await db.schema
    .alterTable('products')
    .addColumn('published', types.boolean, (c) => c.notNull().defaultTo(yes))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('is_featured', types.boolean, (c) => c.notNull().defaultTo(no))
    .execute();

  await db.schema
    .createTable('media')
    .addColumn('id', 'varchar(80)', (c) => c.primaryKey())
    .addColumn('content_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', blob as 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  // One sweep of abandoned orders at a time across every instance: a lease in the database.
  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'varchar(60)', (c) => c.primaryKey())
    .addColumn('holder', 'varchar(80)')
    .addColumn('until', 'bigint', (c) => c.notNull())
    .addColumn('last_run_at', 'bigint')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  for (const table of ['job_leases', 'media', 'audit_log', 'stock_movements', 'order_events', 'refunds']) {
    await db.schema.dropTable(table).execute();
  }
  if (types.postgres) await sql`drop function if exists audit_log_is_append_only()`.execute(db);
  await db.schema.alterTable('products').dropColumn('is_featured').execute();
  await db.schema.alterTable('products').dropColumn('published').execute();
  for (const column of ['method', 'card_brand', 'last4']) {
    await db.schema.alterTable('payment_attempts').dropColumn(column).execute();
  }
  await db.schema.alterTable('order_items').dropColumn('refunded_quantity').execute();
  for (const column of [
    'refunded_total',
    'fulfilment',
    'cancelled_by',
    'cancelled_at',
    'delivered_at',
    'shipped_at',
    'packed_at',
    'tracking_number',
    'carrier',
  ]) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
  await db.schema.alterTable('user').dropColumn('role').execute();
}
