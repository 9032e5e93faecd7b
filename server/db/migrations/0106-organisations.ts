import { type Kysely, sql } from 'kysely';

/**
 * Organisation accounts (issue 34; docs/decisions/0055): a clinic, home-care agency, hospital or
 * pharmacy buying through several people.
 * - `organisations`: the application (legal name, type, address, optional NPI and tax id), staff's
 *   decision, and the buying terms staff grant (PO required, pay by invoice with net days and a
 *   credit limit);
 * - `organisation_members`: who buys for it, with a role and, for a buyer, an order limit and a
 *   monthly limit in cents; an account belongs to one organisation at most (`user_id` unique), so
 *   every order it places is the organisation's;
 * - `organisation_invitations`: an invitation by mail, kept as a hash of its token;
 * - `orders.organisation_id`, `buyer_name` and `po_number`: whose order it is, who placed it (kept
 *   as it was, so a removed member's orders still name them) and the buyer's purchase order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organisations')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('kind', 'varchar(24)', (c) =>
      c.notNull().check(sql`kind in ('clinic', 'home_care_agency', 'hospital', 'pharmacy', 'other')`),
    )
    .addColumn('line1', 'varchar(200)', (c) => c.notNull())
    .addColumn('line2', 'varchar(200)')
    .addColumn('city', 'varchar(100)', (c) => c.notNull())
    .addColumn('state', 'varchar(2)', (c) => c.notNull())
    .addColumn('zip', 'varchar(10)', (c) => c.notNull())
    .addColumn('phone', 'varchar(32)')
    .addColumn('npi', 'varchar(10)')
    .addColumn('tax_id', 'varchar(20)')
    .addColumn('status', 'varchar(16)', (c) =>
      c.notNull().check(sql`status in ('pending', 'approved', 'refused')`),
    )
    .addColumn('refusal_reason', 'varchar(600)')
    .addColumn('applied_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('decided_by', 'varchar(64)')
    .addColumn('decided_at', 'bigint')
    .addColumn('po_required', 'integer', (c) => c.notNull().defaultTo(0))
    // Pay by invoice: net days (15, 30 or 60) and the credit limit in cents; null: card only.
    .addColumn('terms_days', 'integer', (c) => c.check(sql`terms_days in (15, 30, 60)`))
    .addColumn('credit_limit', 'integer', (c) => c.check(sql`credit_limit >= 0`))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('organisations_status_idx')
    .on('organisations')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createTable('organisation_members')
    .addColumn('organisation_id', 'varchar(40)', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('role', 'varchar(16)', (c) => c.notNull().check(sql`role in ('admin', 'approver', 'buyer')`))
    .addColumn('order_limit', 'integer', (c) => c.check(sql`order_limit >= 0`))
    .addColumn('monthly_limit', 'integer', (c) => c.check(sql`monthly_limit >= 0`))
    .addColumn('added_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('organisation_members_pk', ['organisation_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('organisation_invitations')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('organisation_id', 'varchar(40)', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull().check(sql`role in ('admin', 'approver', 'buyer')`))
    // SHA-256 of the token the mail carries: the link, never the token, is what we keep.
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('invited_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('accepted_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('organisation_invitations_org_idx')
    .on('organisation_invitations')
    .column('organisation_id')
    .execute();
  await db.schema.alterTable('orders').addColumn('organisation_id', 'varchar(40)').execute();
  await db.schema.alterTable('orders').addColumn('buyer_name', 'varchar(200)').execute();
  await db.schema.alterTable('orders').addColumn('po_number', 'varchar(40)').execute();
  // The organisation's orders, newest first (members' list, monthly spend, the console).
  await db.schema
    .createIndex('orders_organisation_idx')
    .on('orders')
    .columns(['organisation_id', 'created_at'])
    .where(sql.ref('organisation_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_organisation_idx').execute();
  await db.schema.alterTable('orders').dropColumn('po_number').execute();
  await db.schema.alterTable('orders').dropColumn('buyer_name').execute();
  await db.schema.alterTable('orders').dropColumn('organisation_id').execute();
  await db.schema.dropTable('organisation_invitations').execute();
  await db.schema.dropTable('organisation_members').execute();
  await db.schema.dropTable('organisations').execute();
}
