import type { Kysely } from 'kysely';

/**
 * Orders by account and status: checkout cancels the account's unpaid orders and the
 * first-order promotion looks for a paid one, on every checkout. (user_id, created_at) found
 * the account's rows but then read every one of them to test the status.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('orders_user_status_idx').on('orders').columns(['user_id', 'status']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_user_status_idx').execute();
}
