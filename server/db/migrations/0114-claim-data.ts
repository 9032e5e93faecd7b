import type { Kysely } from 'kysely';

/**
 * The claim data (issue 35, points 2-4; docs/decisions/0063):
 * - on `prescriptions`, the prescriber's NPI, the diagnosis codes, the prescription's date and
 *   its length of need, each sealed like the prescriber's name (docs/decisions/0062), so `text`;
 * - `supplier_settings`, one row: the store's NPI and tax id (EIN) that insurance statements
 *   print, empty until staff enter them in the console.
 */
const CLAIM_COLUMNS = ['prescriber_npi', 'diagnosis_codes', 'prescribed_on', 'length_of_need'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of CLAIM_COLUMNS) {
    await db.schema.alterTable('prescriptions').addColumn(column, 'text').execute();
  }
  await db.schema
    .createTable('supplier_settings')
    .addColumn('id', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('npi', 'varchar(10)')
    .addColumn('tax_id', 'varchar(10)')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await (db as Kysely<{ supplier_settings: Record<string, unknown> }>)
    .insertInto('supplier_settings')
    .values({ id: 'store', npi: null, tax_id: null, updated_at: Date.now() })
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('supplier_settings').execute();
  for (const column of [...CLAIM_COLUMNS].reverse()) {
    await db.schema.alterTable('prescriptions').dropColumn(column).execute();
  }
}
