import type { ExpressionBuilder, Kysely } from 'kysely';
import { fromStatuses, ORDER_MOVES } from '~/commerce/order-moves';
import type { DatabaseSchema } from '#server/db/schema';
import { returnOrderStock } from '~/commerce/catalogue/stock.server';
import { releasePromoUse } from '~/commerce/promo/promo-use.server';
import { addOrderEvent } from '~/commerce/orders/fulfilment.server';
import { refillOrdersInFlight } from '~/commerce/refills/refill-orders.server';

type Db = Kysely<DatabaseSchema>;

export const APPROVAL_KEEP_MS = 7 * 86_400_000;

/**
 * An unpaid order is due once left longer than the cutoff; an accepted quote's order only once
 * the quote has expired (docs/decisions/0059), however long ago it was accepted.
 */
const due = (cutoff: number, now: number) => (eb: ExpressionBuilder<DatabaseSchema, 'orders'>) =>
  eb.or([eb.and([eb('held_until', 'is', null), eb('created_at', '<', cutoff)]), eb('held_until', '<', now)]);

/**
 * Cancels unpaid orders left longer than `olderThanMs` and returns any units they still hold.
 * Each order is cancelled by a conditional UPDATE in its own transaction, so a sweep running on
 * two instances at once (or a payment finishing at that moment) cancels it once or not at all;
 * an order whose payment attempt is talking to the processor is left alone.
 */
export async function sweepAbandonedOrders(
  db: Db,
  olderThanMs: number,
  now = Date.now(),
): Promise<{ cancelled: string[]; productIds: string[] }> {
  const cutoff = now - olderThanMs;
  // An order waiting for an organisation's approver, or approved and not yet paid, is kept for 7
  // days from the request or the approval (docs/decisions/0056).
  const approvalWindow = now - APPROVAL_KEEP_MS;
  const kept = db
    .selectFrom('order_approvals')
    .select('order_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'waiting'), eb('created_at', '>', approvalWindow)]),
        eb.and([eb('status', '=', 'approved'), eb('decided_at', '>', approvalWindow)]),
      ]),
    );
  // A refill cycle's order is the scheduler's to charge, or charge again (docs/decisions/0065).
  const refills = refillOrdersInFlight(db);
  const cancelled: string[] = [];
  const productIds = new Set<string>();
  for (;;) {
    const candidates = await db
      .selectFrom('orders')
      .select(['id', 'stock_held'])
      .where('status', 'in', fromStatuses('expire'))
      .where(due(cutoff, now))
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .where('id', 'not in', kept)
      .where('id', 'not in', refills)
      .orderBy('created_at')
      .limit(200)
      .execute();
    let progressed = false;
    for (const { id } of candidates) {
      const done = await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('orders')
          .select('stock_held')
          .where('id', '=', id)
          .executeTakeFirst();
        const result = await trx
          .updateTable('orders')
          .set({
            ...ORDER_MOVES.expire.to,
            cancelled_by: 'system',
            cancelled_at: now,
            stock_held: 0,
            updated_at: now,
          })
          .where('id', '=', id)
          .where('status', 'in', fromStatuses('expire'))
          .where(due(cutoff, now))
          .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
          .where('id', 'not in', kept)
          .where('id', 'not in', refills)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        if (before && Number(before.stock_held) === 1) {
          for (const productId of await returnOrderStock(trx, id, now)) productIds.add(productId);
          // Its code's use, taken with the units, goes back with them.
          await releasePromoUse(trx, id, now);
        }
        // A request nobody decided in 7 days leaves the approvers' queue with its order.
        await trx
          .updateTable('order_approvals')
          .set({ status: 'withdrawn', decided_at: now, updated_at: now })
          .where('order_id', '=', id)
          .where('status', '=', 'waiting')
          .execute();
        await addOrderEvent(trx, id, null, ORDER_MOVES.expire.to.status, { reason: 'not paid in time' }, now);
        return true;
      });
      if (done) {
        cancelled.push(id);
        progressed = true;
      }
    }
    if (candidates.length < 200 || !progressed) break;
  }
  return { cancelled, productIds: [...productIds] };
}
