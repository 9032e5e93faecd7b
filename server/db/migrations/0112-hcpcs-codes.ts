import type { Kysely } from 'kysely';

/**
 * HCPCS codes (issue 35, point 1): the Level II code an insurer is billed under (one letter and
 * four digits, E0601) and the store's default modifier for it (two characters, NU for new
 * equipment), on the product staff edit and, as they were when bought, on each order line for
 * the receipt. Empty (null) for products no plan pays for; lines bought before have none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['products', 'order_items']) {
    await db.schema.alterTable(table).addColumn('hcpcs_code', 'varchar(5)').execute();
    await db.schema.alterTable(table).addColumn('hcpcs_modifier', 'varchar(2)').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['order_items', 'products']) {
    await db.schema.alterTable(table).dropColumn('hcpcs_modifier').execute();
    await db.schema.alterTable(table).dropColumn('hcpcs_code').execute();
  }
}
