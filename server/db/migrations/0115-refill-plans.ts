import { type Kysely, sql } from 'kysely';

/**
 * Refills on a schedule (issue 35, points 5-7; docs/decisions/0064).
 * - `products.refill_weeks`: the intervals staff suggest for a refillable product ("4,8,12"),
 *   null for a product that is not refillable;
 * - `refill_plans`: one shopper's plan: every `interval_weeks` from `next_date` (the store's
 *   date, YYYY-MM-DD), to the copied address and shipping option, charged to a card saved at the
 *   gateway (`card_token`: the processor's customer/payment profile, never the card itself);
 * - `refill_plan_lines`: what each cycle sends, and the unit price the shopper last agreed to
 *   (a price change is mailed before the cycle it affects);
 * - `refill_cycles`: one row per plan and due date (unique: a cycle exists once however many
 *   schedulers run), with the order it became, its charge attempts and the mails it sent;
 * - `test_gateway_charges`: the test gateway's own ledger, standing for the processor's side
 *   (what a real processor keeps): one row per idempotency key, so a retried charge is answered
 *   with the first one's result and tests count charges where the money would move.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').addColumn('refill_weeks', 'varchar(40)').execute();
  await db.schema
    .createTable('refill_plans')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) =>
      c.notNull().check(sql`status in ('active', 'paused', 'cancelled')`),
    )
    .addColumn('interval_weeks', 'integer', (c) => c.notNull().check(sql`interval_weeks between 1 and 52`))
    .addColumn('next_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('ship_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('ship_line1', 'varchar(100)', (c) => c.notNull())
    .addColumn('ship_line2', 'varchar(100)', (c) => c.notNull())
    .addColumn('ship_city', 'varchar(60)', (c) => c.notNull())
    .addColumn('ship_state', 'varchar(2)', (c) => c.notNull())
    .addColumn('ship_zip', 'varchar(10)', (c) => c.notNull())
    .addColumn('ship_phone', 'varchar(32)', (c) => c.notNull())
    .addColumn('shipping_option', 'varchar(20)', (c) => c.notNull())
    .addColumn('card_token', 'varchar(120)')
    .addColumn('card_brand', 'varchar(20)')
    .addColumn('card_last4', 'varchar(4)')
    .addColumn('card_expiry', 'varchar(5)')
    /** Why it is paused or cancelled, and by whom ('shopper', 'staff', 'system'). */
    .addColumn('reason', 'varchar(500)')
    .addColumn('changed_by', 'varchar(12)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('refill_plans_user_idx')
    .on('refill_plans')
    .columns(['user_id', 'created_at'])
    .execute();
  // The scheduler's scan: active plans by their next date.
  await db.schema
    .createIndex('refill_plans_due_idx')
    .on('refill_plans')
    .columns(['status', 'next_date'])
    .execute();
  await db.schema
    .createTable('refill_plan_lines')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('plan_id', 'varchar(40)', (c) => c.notNull().references('refill_plans.id').onDelete('cascade'))
    .addColumn('product_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity between 1 and 99`))
    .addColumn('unit_price', 'integer', (c) => c.notNull())
    .addUniqueConstraint('refill_plan_lines_plan_product', ['plan_id', 'product_id'])
    .execute();
  await db.schema
    .createTable('refill_cycles')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('plan_id', 'varchar(40)', (c) => c.notNull().references('refill_plans.id').onDelete('cascade'))
    .addColumn('due_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(24)', (c) =>
      c
        .notNull()
        .check(
          sql`status in ('scheduled', 'skipped', 'placed', 'charged', 'declined', 'waiting_stock', 'waiting_prescription', 'failed', 'cancelled')`,
        ),
    )
    .addColumn('order_id', 'varchar(40)')
    /** Charge attempts made; the next one's time after a decline (1, 3 and 7 days). */
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint')
    .addColumn('transaction_id', 'varchar(80)')
    /** What the shopper or staff are told about it: a decline's message, what is out of stock. */
    .addColumn('message', 'varchar(500)')
    .addColumn('reminded_at', 'bigint')
    .addColumn('price_notice_at', 'bigint')
    .addColumn('renewal_notice_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('refill_cycles_plan_date', ['plan_id', 'due_date'])
    .execute();
  // The console's "upcoming per day" and "failed charges"; the scheduler's due work.
  await db.schema
    .createIndex('refill_cycles_status_idx')
    .on('refill_cycles')
    .columns(['status', 'due_date'])
    .execute();
  await db.schema
    .createTable('test_gateway_charges')
    .addColumn('idempotency_key', 'varchar(120)', (c) => c.primaryKey())
    .addColumn('transaction_id', 'varchar(80)')
    .addColumn('token', 'varchar(120)', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('test_gateway_charges').execute();
  await db.schema.dropTable('refill_cycles').execute();
  await db.schema.dropTable('refill_plan_lines').execute();
  await db.schema.dropTable('refill_plans').execute();
  await db.schema.alterTable('products').dropColumn('refill_weeks').execute();
}
