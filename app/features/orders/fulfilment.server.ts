import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import { type Actor, recordAudit } from '~/console/audit.server';
import { returnOrderStock } from '../catalog/stock.server';
import type { Carrier } from './fulfilment';
import type { OrderRow } from './orders.server';

/**
 * Staff moving an order on: packed, shipped, delivered, cancelled, a note. Each step is one
 * transaction holding the order's change, its timeline event and its audit row; the change is a
 * conditional UPDATE, so two members of staff clicking at once move the order once.
 */
type Db = Kysely<DatabaseSchema>;

export class FulfilmentError extends Error {
  constructor(
    readonly code: 'not_found' | 'conflict',
    message: string,
  ) {
    super(message);
  }
}

export async function addOrderEvent(
  trx: Db,
  orderId: string,
  actor: Actor | null,
  kind: string,
  detail: Record<string, unknown>,
  at = Date.now(),
): Promise<void> {
  await trx
    .insertInto('order_events')
    .values({
      id: randomUUID(),
      order_id: orderId,
      at,
      actor_id: actor?.id ?? null,
      actor_email: actor?.email ?? null,
      kind,
      detail: JSON.stringify(detail),
    })
    .execute();
}

type Step = 'packed' | 'shipped' | 'delivered' | 'cancelled';

const AUDIT_ACTIONS: Record<Step, string> = {
  packed: 'order.pack',
  shipped: 'order.ship',
  delivered: 'order.deliver',
  cancelled: 'order.cancel',
};

/** The state each step needs, and what it writes. */
async function moveOrder(
  db: Db,
  actor: Actor,
  orderId: string,
  step: Step,
  extra: { carrier?: Carrier; trackingNumber?: string } = {},
): Promise<{ before: OrderRow; after: OrderRow; returned: string[] }> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
    if (!before) throw new FulfilmentError('not_found', 'This order does not exist.');
    const now = Date.now();
    let update = trx.updateTable('orders').where('id', '=', orderId);
    switch (step) {
      case 'packed':
        update = update
          .set({ fulfilment: 'packed', packed_at: now, updated_at: now })
          .where('status', '=', 'paid')
          .where('fulfilment', '=', 'unfulfilled');
        break;
      case 'shipped':
        update = update
          .set({
            fulfilment: 'shipped',
            carrier: extra.carrier ?? null,
            tracking_number: extra.trackingNumber ?? null,
            shipped_at: now,
            updated_at: now,
          })
          .where('status', '=', 'paid')
          .where('fulfilment', 'in', ['unfulfilled', 'packed']);
        break;
      case 'delivered':
        update = update
          .set({ fulfilment: 'delivered', delivered_at: now, updated_at: now })
          .where('status', '=', 'paid')
          .where('fulfilment', '=', 'shipped');
        break;
      case 'cancelled':
        // Unpaid only, and not while a payment attempt is talking to the processor.
        update = update
          .set({
            status: 'cancelled',
            cancelled_at: now,
            cancelled_by: 'staff',
            stock_held: 0,
            updated_at: now,
          })
          .where('status', 'in', ['pending', 'failed'])
          .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]));
        break;
    }
    const result = await update.executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      throw new FulfilmentError('conflict', conflictMessage(step, before));
    }
    const returned: string[] = [];
    if (step === 'cancelled' && Number(before.stock_held) === 1) {
      returned.push(...(await returnOrderStock(trx, orderId, now)));
    }
    const after = await trx
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const detail = step === 'shipped' ? { carrier: extra.carrier, trackingNumber: extra.trackingNumber } : {};
    await addOrderEvent(trx, orderId, actor, step, detail, now);
    await recordAudit(
      trx,
      actor,
      {
        action: AUDIT_ACTIONS[step],
        targetType: 'order',
        targetId: before.reference,
        before: snapshot(before),
        after: snapshot(after),
      },
      now,
    );
    return { before, after, returned };
  });
}

/** What the audit keeps of an order: its states, not its lines or the shopper's details. */
function snapshot(row: OrderRow) {
  return {
    status: row.status,
    fulfilment: row.fulfilment,
    carrier: row.carrier,
    trackingNumber: row.tracking_number,
    refundedTotal: row.refunded_total,
  };
}

function conflictMessage(step: Step, order: OrderRow): string {
  if (step === 'cancelled') {
    return order.status === 'paid' || order.status === 'refunded'
      ? 'A paid order cannot be cancelled: refund it instead.'
      : 'This order cannot be cancelled now (it is already closed, or a payment is in progress).';
  }
  if (order.status !== 'paid') return 'Only a paid order can be packed, shipped or delivered.';
  if (step === 'delivered') return 'Only a shipped order can be marked delivered.';
  return `This order is already ${order.fulfilment}.`;
}

export const markPacked = (db: Db, actor: Actor, orderId: string) => moveOrder(db, actor, orderId, 'packed');

export const markShipped = (
  db: Db,
  actor: Actor,
  orderId: string,
  shipment: { carrier: Carrier; trackingNumber: string },
) => moveOrder(db, actor, orderId, 'shipped', shipment);

export const markDelivered = (db: Db, actor: Actor, orderId: string) =>
  moveOrder(db, actor, orderId, 'delivered');

export const cancelOrder = (db: Db, actor: Actor, orderId: string) =>
  moveOrder(db, actor, orderId, 'cancelled');

/** An internal note on the order's timeline (never shown to the shopper). */
export async function addOrderNote(db: Db, actor: Actor, order: OrderRow, text: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const now = Date.now();
    await addOrderEvent(trx, order.id, actor, 'note', { text }, now);
    await recordAudit(
      trx,
      actor,
      { action: 'order.note', targetType: 'order', targetId: order.reference, after: { text } },
      now,
    );
  });
}
