import { type Kysely, sql } from 'kysely';
import { columnTypes } from './engine';

/**
 * Prescriptions (docs/decisions/0025): each order line says whether its product needed one
 * when bought (lines bought before take their product's flag), and an order that holds such a
 * line keeps the buyer's prescription (an uploaded file, or the prescriber's name and phone)
 * and its review by staff. The file lives in the database, like product images, so every
 * instance serves it and a database backup holds it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  const blob = types.postgres ? 'bytea' : 'blob';
  const no = types.postgres ? false : 0;
  const yes = types.postgres ? sql`true` : sql`1`;
  await db.schema
    .alterTable('order_items')
    .addColumn('prescription_required', types.boolean, (c) => c.notNull().defaultTo(no))
    .execute();
  await sql`update order_items set prescription_required = ${yes}
    where product_id in (select id from products where prescription_required = ${yes})`.execute(db);

  await db.schema
    .createTable('prescriptions')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('order_id', 'varchar(36)', (c) =>
      c.notNull().unique().references('orders.id').onDelete('cascade'),
    )
    // 'upload' (a file) or 'prescriber' (name and phone, for staff to call).
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(200)')
    .addColumn('content_type', 'varchar(40)')
    .addColumn('size', 'integer')
    .addColumn('bytes', blob as 'text')
    .addColumn('prescriber_name', 'varchar(120)')
    .addColumn('prescriber_phone', 'varchar(40)')
    // 'submitted', then 'approved' or 'rejected' by staff.
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('reviewed_by', 'varchar(255)')
    .addColumn('reviewed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('prescriptions').execute();
  await db.schema.alterTable('order_items').dropColumn('prescription_required').execute();
}
