import type { Kysely, Selectable } from 'kysely';
import { fromStatuses, ORDER_MOVES } from '~/commerce/order-moves';
import { isPostgres } from '#server/db/database';
import type { DatabaseSchema, RefundTable } from '#server/db/schema';
import { retryTransient } from '#server/db/transient';
import { refundDone, type RefundResult } from '#server/payments/gateway';
import { returnStockWithHistory, type StockLine } from '~/commerce/catalogue/stock.server';
import { type Actor, recordAudit } from '~/console/audit.server';
import { addOrderEvent } from '~/commerce/orders/fulfilment.server';
import { withDailySales } from '~/commerce/orders/daily-sales.server';
import { emitOrderEvent } from '~/commerce/webhooks/emit.server';
import type { OrderRow } from '~/commerce/orders/orders.server';

/**
 * A refund's outcome written once the processor has answered (docs/decisions/0019): done, the
 * order's figures, stock, events and audit; failed, its reservation released. The money has
 * moved (or not) by then, so a transaction PostgreSQL rolls back for another's sake runs again
 * rather than leave the refund "processing" and a second click waiting for it.
 */
type Db = Kysely<DatabaseSchema>;

/** What a refund's reservation holds: its row, the order as read, the units going back to stock. */
export interface ReservedRefund {
  refund: Selectable<RefundTable>;
  order: OrderRow;
  units: StockLine[];
}

export async function settleRefund(
  db: Db,
  actor: Actor,
  { refund, order, units }: ReservedRefund,
  outcome: RefundResult,
): Promise<Selectable<RefundTable>> {
  const now = Date.now();
  return retryTransient(() =>
    db.transaction().execute(async (trx) => {
      // The order's row first, as every refund's reservation takes it: a second click's
      // reservation, which inserts beside this refund's row, then waits here instead of each
      // waiting on the other (PostgreSQL's deadlock, seen settling a refund already made).
      if (isPostgres<DatabaseSchema>(trx)) {
        await trx.selectFrom('orders').select('id').where('id', '=', order.id).forNoKeyUpdate().execute();
      }
      if (refundDone(outcome)) {
        await trx
          .updateTable('refunds')
          .set({
            status: 'succeeded',
            kind: outcome.status === 'voided' ? 'void' : 'refund',
            transaction_id: outcome.transactionId,
            finished_at: now,
          })
          .where('id', '=', refund.id)
          .execute();
        // All of it back: the order is refunded, and no longer holds stock (its units return below).
        const refunded = trx
          .updateTable('orders')
          .set({ ...ORDER_MOVES.refund.to, stock_held: 0, updated_at: now })
          .where('id', '=', order.id)
          .where('status', 'in', fromStatuses('refund'))
          .where((eb) => eb('refunded_total', '>=', eb.ref('total')));
        await withDailySales(trx, order.id, refunded);
        if (units.length > 0) {
          await returnStockWithHistory(
            trx,
            units,
            { reason: `Refund of order ${order.reference}`, actorId: actor.id, orderId: order.id },
            now,
          );
        }
        await emitOrderEvent(
          trx,
          'order.refunded',
          order.id,
          { refundCents: refund.amount, refundId: refund.id },
          now,
        );
        await addOrderEvent(
          trx,
          order.id,
          actor,
          ORDER_MOVES.refund.to.status,
          { amount: refund.amount, kind: outcome.status, lines: JSON.parse(refund.lines) as unknown },
          now,
        );
        await recordAudit(
          trx,
          actor,
          {
            action: 'order.refund',
            targetType: 'order',
            targetId: order.reference,
            before: { refundedTotal: Number(order.refunded_total), status: order.status },
            after: {
              refundedTotal: Number(order.refunded_total) + refund.amount,
              amount: refund.amount,
              lines: JSON.parse(refund.lines) as unknown,
            },
          },
          now,
        );
      } else {
        const message = 'message' in outcome ? outcome.message : 'The refund failed.';
        // Nothing went back: release what was reserved for it (its day's figures too).
        for (const line of JSON.parse(refund.lines) as { itemId: string; quantity: number }[]) {
          await trx
            .updateTable('order_items')
            .set((eb) => ({ refunded_quantity: eb('refunded_quantity', '-', line.quantity) }))
            .where('id', '=', line.itemId)
            .execute();
        }
        const released = trx
          .updateTable('orders')
          .set((eb) => ({ refunded_total: eb('refunded_total', '-', refund.amount), updated_at: now }))
          .where('id', '=', order.id);
        await withDailySales(trx, order.id, released);
        await trx
          .updateTable('refunds')
          .set({ status: 'failed', message, finished_at: now })
          .where('id', '=', refund.id)
          .execute();
        await addOrderEvent(trx, order.id, actor, 'refund_failed', { amount: refund.amount, message }, now);
        await recordAudit(
          trx,
          actor,
          {
            action: 'order.refund_failed',
            targetType: 'order',
            targetId: order.reference,
            after: { amount: refund.amount, message },
          },
          now,
        );
      }
      return trx.selectFrom('refunds').selectAll().where('id', '=', refund.id).executeTakeFirstOrThrow();
    }),
  );
}
