import type { Kysely } from 'kysely';
import { columnTypes } from './engine';

/**
 * How a product is delivered and taxed: freight-only products (hospital beds, lift chairs,
 * scooters, patient lifts) ship by Standard freight only; tax-exempt ones carry no sales tax.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  const no = types.postgres ? false : 0;
  await db.schema
    .alterTable('products')
    .addColumn('freight_only', types.boolean, (c) => c.notNull().defaultTo(no))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('tax_exempt', types.boolean, (c) => c.notNull().defaultTo(no))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('tax_exempt').execute();
  await db.schema.alterTable('products').dropColumn('freight_only').execute();
}
