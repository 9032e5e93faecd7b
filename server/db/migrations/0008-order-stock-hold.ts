import { type Kysely, sql } from 'kysely';

/**
 * An order's units are taken from stock while its payment is with the processor, and stay taken
 * once it is paid (docs/decisions/0017). `stock_held` says the order holds them: a declined
 * payment gives them back, and so does a sweep for an attempt that died holding them (its
 * payment lock ran out), found through a partial index of unpaid orders holding units.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('stock_held', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Partial: paid orders keep their units (stock_held stays 1) and pile up for ever; the sweep
  // looks only at unpaid ones, which this index alone holds.
  await db.schema
    .createIndex('orders_unpaid_stock_held_idx')
    .on('orders')
    .column('locked_until')
    .where(sql.ref('stock_held'), '=', 1)
    .where(sql.ref('status'), '!=', 'paid')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_unpaid_stock_held_idx').execute();
  await db.schema.alterTable('orders').dropColumn('stock_held').execute();
}
