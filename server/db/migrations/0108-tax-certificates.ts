import { type Kysely, sql } from 'kysely';
import { columnTypes } from './engine';

/**
 * Tax exemption certificates (issue 34; docs/decisions/0057): an organisation's resale or
 * exemption certificate for one state, uploaded by its admin, checked by staff.
 * - `tax_certificates`: the file (kept in the database as prescriptions are, migration 0017),
 *   staff's decision (the certificate's number and expiry date, or why it was refused) and when
 *   the expiry reminder went out. At most one verified certificate per organisation and state
 *   (a partial unique index): verifying a new upload removes the one it replaces.
 * - `orders.tax_certificate_number`: the certificate an order was exempted under, as it was.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  const blob = types.postgres ? 'bytea' : 'blob';
  await db.schema
    .createTable('tax_certificates')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('organisation_id', 'varchar(40)', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('state', 'varchar(2)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('bytes', blob as 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) =>
      c.notNull().check(sql`status in ('pending', 'verified', 'refused')`),
    )
    .addColumn('number', 'varchar(40)')
    // yyyy-mm-dd: the last day it exempts, in the store's calendar.
    .addColumn('expires_on', 'varchar(10)')
    .addColumn('refusal_reason', 'varchar(600)')
    .addColumn('uploaded_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('verified_by', 'varchar(255)')
    .addColumn('decided_at', 'bigint')
    .addColumn('reminder_sent_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('tax_certificates_live_idx')
    .on('tax_certificates')
    .columns(['organisation_id', 'state'])
    .unique()
    .where(sql.ref('status'), '=', 'verified')
    .execute();
  // Staff's queue: pending, oldest first.
  await db.schema
    .createIndex('tax_certificates_status_idx')
    .on('tax_certificates')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema.alterTable('orders').addColumn('tax_certificate_number', 'varchar(40)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('tax_certificate_number').execute();
  await db.schema.dropTable('tax_certificates').execute();
}
