import { randomUUID } from 'node:crypto';
import { STATUS } from '~/commerce/order-states';
import { fromStatuses } from '~/commerce/order-moves';
import type { Kysely, Selectable } from 'kysely';
import { isPostgres } from '#server/db/database';
import type { DatabaseSchema, RefundTable } from '#server/db/schema';
import type { PaymentGateway, RefundResult } from '#server/payments/gateway';
import type { Actor } from '~/console/audit.server';
import { lineRefundAmount } from '~/commerce/orders/fulfilment';
import { withDailySales } from '~/commerce/orders/daily-sales.server';
import { type ReservedRefund, settleRefund } from './refund-settle.server';

/**
 * Refunds through the gateway, once (docs/decisions/0019). The amount and units are reserved
 * on the order in one transaction with the refund's row, keyed by the form's idempotency key:
 * the same key (a double click) finds the first refund and waits for it; another refund of
 * money already reserved is refused. Only then is the processor called; its answer settles
 * the refund, returns the units to stock, or releases the reservation.
 */
type Db = Kysely<DatabaseSchema>;
export type RefundRow = Selectable<RefundTable>;

export interface RefundDeps {
  db: Db;
  gateway: PaymentGateway;
  /** After committed stock changes: the catalogue reads these products again. */
  stockChanged: (productIds: readonly string[]) => Promise<void>;
}

export interface RefundRequest {
  orderId: string;
  actor: Actor;
  idempotencyKey: string;
  /** Units of each line to refund, or the whole order (shipping included). */
  lines: { itemId: string; quantity: number }[] | 'all';
  /** False when the units do not go back to stock here (a return restocks them on receipt). */
  restock?: boolean;
  /** Cents to refund beside the lines: the shipping charge of a return that was our error. */
  shippingCents?: number;
}

export class RefundError extends Error {
  constructor(
    readonly code: 'not_found' | 'conflict' | 'invalid' | 'declined' | 'error',
    message: string,
  ) {
    super(message);
  }
}

const POLL_MS = 100;
const WAIT_MS = 40_000;

export async function refundOrder(
  deps: RefundDeps,
  request: RefundRequest,
): Promise<{ refund: RefundRow; repeated: boolean }> {
  const reserved = await reserve(deps.db, request);
  if ('existing' in reserved) return { refund: await waitFor(deps.db, reserved.existing), repeated: true };
  const { refund, order, units } = reserved;
  let result: RefundResult;
  try {
    result = await deps.gateway.refund({
      transactionId: order.transaction_id ?? '',
      orderReference: order.reference,
      amountCents: refund.amount,
      chargedCents: order.total,
      method: order.payment_method === 'bank_transfer' ? 'bank_transfer' : 'card',
      last4: order.card_last4 ?? order.bank_last4,
    });
  } catch {
    result = { status: 'error', message: 'The payment service could not be reached. Nothing was refunded.' };
  }
  const settled = await settleRefund(deps.db, request.actor, reserved, result);
  if (settled.status === 'succeeded' && units.length > 0) {
    void deps.stockChanged(units.map((u) => u.productId)).catch(() => undefined);
  }
  if (settled.status === 'failed') {
    throw new RefundError(
      result.status === 'declined' ? 'declined' : 'error',
      settled.message ?? 'The refund failed.',
    );
  }
  return { refund: settled, repeated: false };
}

async function reserve(db: Db, request: RefundRequest): Promise<ReservedRefund | { existing: string }> {
  try {
    return await db.transaction().execute(async (trx) => {
      // PostgreSQL: the order's row locked first (the lock its UPDATE below takes), so a second
      // click with the same key waits for this reservation and then finds its refund.
      let read = trx.selectFrom('orders').selectAll().where('id', '=', request.orderId);
      if (isPostgres<DatabaseSchema>(trx)) read = read.forNoKeyUpdate();
      const order = await read.executeTakeFirst();
      if (!order) throw new RefundError('not_found', 'This order does not exist.');
      const earlier = await existingRefund(trx, order.id, request.idempotencyKey);
      if (earlier) return { existing: earlier.id };
      if (!fromStatuses('refund').includes(order.status)) {
        throw new RefundError(
          'conflict',
          order.status === STATUS.refunded
            ? 'This order has been refunded in full already.'
            : 'Only a paid order can be refunded.',
        );
      }
      if (!order.transaction_id) throw new RefundError('conflict', 'This order has no payment to refund.');
      const items = await trx
        .selectFrom('order_items')
        .selectAll()
        .where('order_id', '=', order.id)
        .orderBy('position')
        .execute();
      const asked = request.lines;
      const whole = asked === 'all';
      const wanted =
        asked === 'all'
          ? items.map((item) => ({ item, quantity: item.quantity - Number(item.refunded_quantity) }))
          : asked.map((line) => {
              const item = items.find((i) => i.id === line.itemId);
              if (!item) throw new RefundError('invalid', 'A line to refund is not part of this order.');
              return { item, quantity: line.quantity };
            });
      const units = wanted.filter((w) => w.quantity > 0);
      if (!whole && units.length === 0)
        throw new RefundError('invalid', 'Choose at least one unit to refund.');
      for (const { item, quantity } of units) {
        const updated = await trx
          .updateTable('order_items')
          .set((eb) => ({ refunded_quantity: eb('refunded_quantity', '+', quantity) }))
          .where('id', '=', item.id)
          .where((eb) => eb(eb('refunded_quantity', '+', quantity), '<=', item.quantity))
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) {
          throw new RefundError(
            'conflict',
            `Only ${item.quantity - Number(item.refunded_quantity)} of ${item.name} can still be refunded.`,
          );
        }
      }
      const remaining = order.total - Number(order.refunded_total);
      const amount = whole
        ? remaining
        : Math.min(
            remaining,
            units.reduce(
              (sum, { item, quantity }) =>
                sum +
                lineRefundAmount(order, { lineTotal: item.line_total, quantity: item.quantity }, quantity),
              request.shippingCents ?? 0,
            ),
          );
      if (amount <= 0) throw new RefundError('conflict', 'Nothing is left to refund on this order.');
      // The money reserved leaves the day the order was paid on (docs/decisions/0066).
      const held = await withDailySales(
        trx,
        order.id,
        trx
          .updateTable('orders')
          .set((eb) => ({ refunded_total: eb('refunded_total', '+', amount), updated_at: Date.now() }))
          .where('id', '=', order.id)
          .where('status', 'in', fromStatuses('partRefund'))
          .where((eb) => eb(eb('refunded_total', '+', amount), '<=', order.total)),
      );
      if (Number(held.numUpdatedRows) !== 1) {
        throw new RefundError(
          'conflict',
          'Another refund of this order is in progress or done; reload the order.',
        );
      }
      const refund: RefundRow = {
        id: randomUUID(),
        order_id: order.id,
        idempotency_key: request.idempotencyKey,
        amount,
        lines: JSON.stringify(units.map(({ item, quantity }) => ({ itemId: item.id, quantity }))),
        status: 'processing',
        kind: null,
        transaction_id: null,
        message: null,
        created_by: request.actor.id,
        created_at: Date.now(),
        finished_at: null,
      };
      await trx.insertInto('refunds').values(refund).execute();
      return {
        refund,
        order,
        units:
          request.restock === false
            ? []
            : units.map(({ item, quantity }) => ({ productId: item.product_id, name: item.name, quantity })),
      };
    });
  } catch (error) {
    // Two clicks with one key at the same moment: the second met the first's reservation (or
    // its row) while it was being written; once it is committed, the second is the first.
    const earlier = await existingRefund(db, request.orderId, request.idempotencyKey);
    if (earlier) return { existing: earlier.id };
    throw error;
  }
}

/** The refund a form's idempotency key made on this order, if it was made. */
export function existingRefund(db: Db, orderId: string, key: string) {
  return db
    .selectFrom('refunds')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** The refund another click started: its outcome once the processor has answered. */
async function waitFor(db: Db, refundId: string): Promise<RefundRow> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const row = await db
      .selectFrom('refunds')
      .selectAll()
      .where('id', '=', refundId)
      .executeTakeFirstOrThrow();
    if (row.status !== 'processing' || Date.now() > deadline) return row;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The order's refunds, newest first, for the console. */
export function listRefunds(db: Db, orderId: string): Promise<RefundRow[]> {
  return db
    .selectFrom('refunds')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at', 'desc')
    .execute();
}
