import { type Kysely, sql } from 'kysely';

/**
 * Invoices of orders placed on an organisation's terms (issue 34; docs/decisions/0058).
 * - `invoice_numbers`: one counter row; the next number is taken with one UPDATE inside the
 *   placing transaction, so numbers are sequential and never shared on either engine;
 * - `invoices`: one per order (`order_id` unique), its amount, due date (issued + net days), how
 *   much is paid and the status that follows, and when each reminder was queued (once each);
 * - `invoice_payments`: each payment staff record (full or part), with who and when.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('invoice_numbers')
    .addColumn('id', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();
  await db
    .insertInto('invoice_numbers' as never)
    .values({ id: 'store', last_number: 0 } as never)
    .execute();
  await db.schema
    .createTable('invoices')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('number', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('organisation_id', 'varchar(40)', (c) => c.notNull().references('organisations.id'))
    .addColumn('order_id', 'varchar(40)', (c) => c.notNull().unique().references('orders.id'))
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('paid_amount', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`paid_amount >= 0`),
    )
    .addColumn('status', 'varchar(16)', (c) =>
      c.notNull().check(sql`status in ('open', 'part_paid', 'paid')`),
    )
    .addColumn('terms_days', 'integer', (c) => c.notNull())
    .addColumn('issued_at', 'bigint', (c) => c.notNull())
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    .addColumn('reminder_due_sent_at', 'bigint')
    .addColumn('reminder_overdue_sent_at', 'bigint')
    .addCheckConstraint('invoices_paid_within_amount', sql`paid_amount <= amount`)
    .execute();
  // An organisation's invoices by status and due date: its open balance, the oldest overdue one.
  await db.schema
    .createIndex('invoices_organisation_idx')
    .on('invoices')
    .columns(['organisation_id', 'status', 'due_at'])
    .execute();
  // The console's lists and the reminder job: unpaid invoices by due date.
  await db.schema
    .createIndex('invoices_status_due_idx')
    .on('invoices')
    .columns(['status', 'due_at'])
    .execute();
  await db.schema
    .createTable('invoice_payments')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('invoice_id', 'varchar(40)', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('method', 'varchar(16)', (c) =>
      c.notNull().check(sql`method in ('ach', 'check', 'wire', 'card', 'other')`),
    )
    .addColumn('reference', 'varchar(80)')
    .addColumn('recorded_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('recorded_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('invoice_payments_invoice_idx')
    .on('invoice_payments')
    .columns(['invoice_id', 'recorded_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invoice_payments').execute();
  await db.schema.dropTable('invoices').execute();
  await db.schema.dropTable('invoice_numbers').execute();
}
