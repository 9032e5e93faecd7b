import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import { fromStatuses, ORDER_MOVES } from '~/commerce/order-moves';
import { refillOrdersInFlight } from '~/commerce/refills/refill-orders.server';

type Db = Kysely<DatabaseSchema>;

/**
 * A signed-in shopper starting a new checkout leaves older unpaid ones behind: cancel them. An
 * order an approver approved stays to be paid (docs/decisions/0056); one still waiting for
 * approval is withdrawn with it (the cart has changed).
 */
export async function cancelAbandonedOrders(db: Db, userId: string): Promise<void> {
  const now = Date.now();
  const approved = db
    .selectFrom('order_approvals')
    .select('order_id')
    .where('buyer_id', '=', userId)
    .where('status', '=', 'approved');
  const abandoned = db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', 'in', fromStatuses('abandon'))
    .where('locked_by', 'is', null)
    // An accepted quote's order is not left behind by a new checkout: it waits for its expiry.
    .where('held_until', 'is', null)
    .where('id', 'not in', approved)
    // A refill cycle's order is charged again by the scheduler (docs/decisions/0065).
    .where('id', 'not in', refillOrdersInFlight(db));
  await db
    .updateTable('order_approvals')
    .set({ status: 'withdrawn', decided_at: now, updated_at: now })
    .where('buyer_id', '=', userId)
    .where('status', '=', 'waiting')
    .where('order_id', 'in', abandoned)
    .execute();
  await db
    .updateTable('orders')
    .set({ ...ORDER_MOVES.abandon.to, updated_at: now })
    .where('id', 'in', abandoned)
    .execute();
}
