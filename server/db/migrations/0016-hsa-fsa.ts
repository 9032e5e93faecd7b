import { type Kysely, sql } from 'kysely';
import { columnTypes } from './engine';

/**
 * HSA and FSA: products that plans pay for only with a letter of medical necessity (the
 * dual-purpose lift chairs and exercise equipment), and each order line's eligibility as it
 * was when bought, for the itemised receipt. Lines bought before take their product's flags.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  const no = types.postgres ? false : 0;
  await db.schema
    .alterTable('products')
    .addColumn('hsa_fsa_letter', types.boolean, (c) => c.notNull().defaultTo(no))
    .execute();
  await sql`update products set hsa_fsa_letter = ${types.postgres ? sql`true` : sql`1`}
    where hsa_fsa_eligible = ${types.postgres ? sql`true` : sql`1`}
      and subcategory_id in ('power-lift-chairs', 'exercise-rehab')`.execute(db);
  await db.schema
    .alterTable('order_items')
    .addColumn('hsa_fsa', 'varchar(20)', (c) => c.notNull().defaultTo('not-eligible'))
    .execute();
  const yes = types.postgres ? sql`true` : sql`1`;
  await sql`update order_items set hsa_fsa = coalesce((
      select case when p.hsa_fsa_letter = ${yes} then 'with-letter'
                  when p.hsa_fsa_eligible = ${yes} then 'eligible'
                  else 'not-eligible' end
      from products p where p.id = order_items.product_id), 'not-eligible')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_items').dropColumn('hsa_fsa').execute();
  await db.schema.alterTable('products').dropColumn('hsa_fsa_letter').execute();
}
