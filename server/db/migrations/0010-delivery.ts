import type { Kysely } from 'kysely';

/**
 * Where an order goes and what its delivery and tax cost.
 *
 * `addresses` is a signed-in shopper's address book: one row per saved address, at most one of
 * them the default (`is_default` 1, an integer on both engines like `orders.stock_held`; the
 * address book keeps it at one, in a transaction).
 *
 * The order copies its address, not a reference to the book: editing or deleting a saved
 * address later never rewrites where an order was sent. Tax is stored with the rate it was
 * worked out at (thousandths of a percent), so the order still adds up if the table changes.
 * Existing (earlier) orders keep no address: the columns are nullable, shipping option
 * 'standard' and tax 0, which is what they were.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('addresses')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('recipient_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('line1', 'varchar(100)', (c) => c.notNull())
    .addColumn('line2', 'varchar(100)', (c) => c.notNull())
    .addColumn('city', 'varchar(60)', (c) => c.notNull())
    .addColumn('state', 'varchar(2)', (c) => c.notNull())
    .addColumn('zip', 'varchar(10)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('addresses_user_created_idx')
    .on('addresses')
    .columns(['user_id', 'created_at'])
    .execute();

  const orderColumns: [string, string][] = [
    ['ship_name', 'varchar(100)'],
    ['ship_line1', 'varchar(100)'],
    ['ship_line2', 'varchar(100)'],
    ['ship_city', 'varchar(60)'],
    ['ship_state', 'varchar(2)'],
    ['ship_zip', 'varchar(10)'],
    ['ship_phone', 'varchar(20)'],
  ];
  for (const [name, type] of orderColumns) {
    await db.schema
      .alterTable('orders')
      .addColumn(name, type as 'text')
      .execute();
  }
  await db.schema
    .alterTable('orders')
    .addColumn('shipping_option', 'varchar(16)', (c) => c.notNull().defaultTo('standard'))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('tax', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('tax_rate', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'tax_rate',
    'tax',
    'shipping_option',
    'ship_phone',
    'ship_zip',
    'ship_state',
    'ship_city',
    'ship_line2',
    'ship_line1',
    'ship_name',
  ]) {
    await db.schema.alterTable('orders').dropColumn(name).execute();
  }
  await db.schema.dropTable('addresses').execute();
}
