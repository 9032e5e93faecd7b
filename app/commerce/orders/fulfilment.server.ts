import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { hasReceipt } from '~/commerce/order-states';
import { fromFulfilments, fromStatuses, ORDER_MOVES, type OrderMove } from '~/commerce/order-moves';
import type { DatabaseSchema } from '#server/db/schema';
import { type Actor, recordAudit } from '~/console/audit.server';
import { returnOrderStock } from '../catalogue/stock.server';
import { emitOrderEvent } from '../webhooks/emit.server';
import { withDailySales } from './daily-sales.server';
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

/** The console's moves of an order, as the state table names them. */
type Step = 'pack' | 'ship' | 'deliver' | 'cancel';

/** What each move writes beside its new state (the state itself is the table's `to`). */
function stamps(step: Step, now: number, extra: { carrier?: Carrier; trackingNumber?: string }) {
  switch (step) {
    case 'pack':
      return { packed_at: now };
    case 'ship':
      return {
        carrier: extra.carrier ?? null,
        tracking_number: extra.trackingNumber ?? null,
        shipped_at: now,
      };
    case 'deliver':
      return { delivered_at: now };
    case 'cancel':
      return { cancelled_at: now, cancelled_by: 'staff' as const, stock_held: 0 };
  }
}

/** The timeline's name for a move: the state it reaches (packed, shipped, …), as before. */
const reached = (step: Step): string => {
  const to: OrderMove['to'] = ORDER_MOVES[step].to;
  return to.fulfilment ?? to.status ?? step;
};

/** The state each step needs (the table's "from"), and what it writes. */
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
    const move: OrderMove = ORDER_MOVES[step];
    let update = trx
      .updateTable('orders')
      .set({ ...move.to, ...stamps(step, now, extra), updated_at: now })
      .where('id', '=', orderId)
      .where('status', 'in', fromStatuses(step));
    if (move.from.fulfilment) update = update.where('fulfilment', 'in', fromFulfilments(step));
    // Cancelling: not while a payment attempt is talking to the processor.
    if (step === 'cancel') {
      update = update.where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]));
    }
    // Shipped, the order no longer waits on its paid day's figures (docs/decisions/0066).
    const result = await withDailySales(trx, orderId, update);
    if (Number(result.numUpdatedRows) !== 1) {
      throw new FulfilmentError('conflict', conflictMessage(step, before));
    }
    const returned: string[] = [];
    if (step === 'cancel' && Number(before.stock_held) === 1) {
      returned.push(...(await returnOrderStock(trx, orderId, now)));
    }
    const after = await trx
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const detail = step === 'ship' ? { carrier: extra.carrier, trackingNumber: extra.trackingNumber } : {};
    await addOrderEvent(trx, orderId, actor, reached(step), detail, now);
    if (step === 'ship') await emitOrderEvent(trx, 'order.shipped', orderId, detail, now);
    await recordAudit(
      trx,
      actor,
      {
        action: `order.${step}`,
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
  if (step === 'cancel') {
    return hasReceipt(order)
      ? 'A paid order cannot be cancelled: refund it instead.'
      : 'This order cannot be cancelled now (it is already closed, or a payment is in progress).';
  }
  if (!fromStatuses(step).includes(order.status))
    return 'Only a paid order can be packed, shipped or delivered.';
  if (step === 'deliver') return 'Only a shipped order can be marked delivered.';
  return `This order is already ${order.fulfilment}.`;
}

export const markPacked = (db: Db, actor: Actor, orderId: string) => moveOrder(db, actor, orderId, 'pack');

export const markShipped = (
  db: Db,
  actor: Actor,
  orderId: string,
  shipment: { carrier: Carrier; trackingNumber: string },
) => moveOrder(db, actor, orderId, 'ship', shipment);

export const markDelivered = (db: Db, actor: Actor, orderId: string) =>
  moveOrder(db, actor, orderId, 'deliver');

export const cancelOrder = (db: Db, actor: Actor, orderId: string) => moveOrder(db, actor, orderId, 'cancel');

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
