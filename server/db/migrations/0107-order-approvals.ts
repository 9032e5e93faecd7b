import { type Kysely, sql } from 'kysely';

/**
 * Spending limits and approvals (issue 34, point 2; docs/decisions/0056): a member's checkout over
 * their order or monthly limit stores the pending order as usual, with one `order_approvals` row
 * that keeps it from being paid until one of the organisation's approvers approves it. `why` keeps
 * the limit and the figures as they were at checkout (the limits may change later).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('order_approvals')
    .addColumn('order_id', 'varchar(40)', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('organisation_id', 'varchar(40)', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('buyer_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) =>
      c.notNull().check(sql`status in ('waiting', 'approved', 'returned', 'withdrawn')`),
    )
    .addColumn('why', 'varchar(400)', (c) => c.notNull())
    .addColumn('decided_by', 'varchar(64)')
    .addColumn('comment', 'varchar(1000)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // The approvers' queue (an organisation's waiting carts) and a buyer's own requests.
  await db.schema
    .createIndex('order_approvals_org_idx')
    .on('order_approvals')
    .columns(['organisation_id', 'status', 'created_at'])
    .execute();
  await db.schema.createIndex('order_approvals_buyer_idx').on('order_approvals').column('buyer_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('order_approvals').execute();
}
