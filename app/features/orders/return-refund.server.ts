import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import { type Actor, recordAudit } from '~/console/audit.server';
import { isOurError, RETURN_STEP } from '~/commerce/orders/returns';
import { lineRefundAmount } from '~/commerce/orders/fulfilment';
import { emitWebhookEvent } from '~/commerce/webhooks/emit.server';
import { existingRefund, type RefundDeps, RefundError, type RefundRow, refundOrder } from './refunds.server';
import { ReturnError, type ReturnRow, returnEventData } from './returns.server';

/**
 * A received return's refund (docs/decisions/0053), through the one refund path (refunds.server:
 * the gateway's partial refund, reserved on the order first). The return is claimed with the
 * refund's idempotency key before the processor is called, so two members of staff, or two
 * clicks with different keys, cannot refund it twice; a refund that failed frees the claim, and
 * one that succeeded but whose return was not marked (a crash between) is finished by the next
 * click. Units do not go back to stock here: the receipt restocked them or wrote them off.
 */
type Db = Kysely<DatabaseSchema>;

const STALE_CLAIM_MS = 2 * 60_000;

export interface ReturnRefunded {
  row: ReturnRow;
  orderReference: string;
  refund: RefundRow;
  /** False when this click found the refund done already. */
  fresh: boolean;
}

export async function refundReturn(
  deps: RefundDeps,
  actor: Actor,
  returnId: string,
  key: string,
): Promise<ReturnRefunded> {
  const claim = await claimRefund(deps.db, returnId, key);
  if ('done' in claim) return { ...(await finish(deps.db, actor, returnId, claim.done)), fresh: false };
  const { row, lines, shippingCents } = claim;
  let refund: RefundRow;
  try {
    ({ refund } = await refundOrder(deps, {
      orderId: row.order_id,
      actor,
      idempotencyKey: claim.key,
      lines: lines.map((line) => ({ itemId: line.order_item_id, quantity: Number(line.quantity) })),
      restock: false,
      shippingCents,
    }));
  } catch (error) {
    await release(deps.db, returnId, claim.key);
    throw error;
  }
  if (refund.status !== 'succeeded') {
    await release(deps.db, returnId, claim.key);
    throw new RefundError(
      'error',
      refund.message ?? 'The refund is still being processed; try again shortly.',
    );
  }
  return { ...(await finish(deps.db, actor, returnId, refund)), fresh: true };
}

type Claim =
  | { done: RefundRow }
  | {
      key: string;
      row: ReturnRow;
      lines: { order_item_id: string; quantity: number }[];
      shippingCents: number;
    };

async function claimRefund(db: Db, returnId: string, key: string): Promise<Claim> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('returns').selectAll().where('id', '=', returnId).executeTakeFirst();
    if (!row) throw new ReturnError('not_found', 'This return does not exist.');
    if (row.status === RETURN_STEP.refunded) {
      // The same form again after the first finished (a double click): its answer once more.
      const done = row.refund_key === key ? await existingRefund(trx, row.order_id, key) : undefined;
      if (done) return { done };
      throw new ReturnError('conflict', 'This return has been refunded already.');
    }
    if (row.status !== 'received')
      throw new ReturnError('conflict', 'Only a received return can be refunded.');
    const lines = () =>
      trx
        .selectFrom('return_lines')
        .select(['order_item_id', 'quantity'])
        .where('return_id', '=', row.id)
        .execute();
    if (row.refund_key) {
      const earlier = await existingRefund(trx, row.order_id, row.refund_key);
      if (earlier?.status === 'succeeded') return { done: earlier };
      // The same form again (a double click): the refund path finds its refund and waits for it.
      if (row.refund_key === key)
        return { key, row, lines: await lines(), shippingCents: await shippingToRefund(trx, row) };
      // Another claim, still before or at the processor (one left by a crash frees itself in time).
      const recent = Number(row.updated_at) > Date.now() - STALE_CLAIM_MS;
      if (earlier?.status === 'processing' || (!earlier && recent)) {
        throw new ReturnError('conflict', 'This return is being refunded; reload the page in a minute.');
      }
    }
    const claimed = await trx
      .updateTable('returns')
      .set({ refund_key: key, updated_at: Date.now() })
      .where('id', '=', returnId)
      .where('status', '=', 'received')
      .where((eb) => (row.refund_key ? eb('refund_key', '=', row.refund_key) : eb('refund_key', 'is', null)))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) {
      // Claimed meanwhile (PostgreSQL waited for that transaction): by this same form, it is ours too.
      const now = await trx
        .selectFrom('returns')
        .select('refund_key')
        .where('id', '=', returnId)
        .executeTakeFirst();
      if (now?.refund_key !== key)
        throw new ReturnError('conflict', 'This return is being refunded; reload the page in a minute.');
    }
    return { key, row, lines: await lines(), shippingCents: await shippingToRefund(trx, row) };
  });
}

/** The order's shipping charge for a return that was our error, unless a return refunded it already. */
async function shippingToRefund(trx: Db, row: ReturnRow): Promise<number> {
  if (!isOurError(row.reason)) return 0;
  const order = await trx
    .selectFrom('orders')
    .select('shipping')
    .where('id', '=', row.order_id)
    .executeTakeFirstOrThrow();
  const earlier = await trx
    .selectFrom('returns')
    .select('id')
    .where('order_id', '=', row.order_id)
    .where('refund_shipping', '>', 0)
    .executeTakeFirst();
  return earlier ? 0 : Number(order.shipping);
}

async function release(db: Db, returnId: string, key: string): Promise<void> {
  await db
    .updateTable('returns')
    .set({ refund_key: null })
    .where('id', '=', returnId)
    .where('refund_key', '=', key)
    .where('status', '=', 'received')
    .execute();
}

/** Marks the return refunded with the refund's amounts, its audit row and event, once. */
async function finish(db: Db, actor: Actor, returnId: string, refund: RefundRow) {
  const now = Date.now();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('returns')
      .selectAll()
      .where('id', '=', returnId)
      .executeTakeFirstOrThrow();
    const order = await trx
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', row.order_id)
      .executeTakeFirstOrThrow();
    if (row.status === RETURN_STEP.refunded) return { row, orderReference: order.reference, refund };
    const lines = await trx
      .selectFrom('return_lines')
      .innerJoin('order_items', 'order_items.id', 'return_lines.order_item_id')
      .select([
        'return_lines.id',
        'return_lines.order_item_id',
        'return_lines.quantity',
        'order_items.line_total',
      ])
      .select('order_items.quantity as bought')
      .where('return_lines.return_id', '=', row.id)
      .execute();
    const goods = lines.map((line) =>
      lineRefundAmount(
        order,
        { lineTotal: line.line_total, quantity: Number(line.bought) },
        Number(line.quantity),
      ),
    );
    // What the refund held beyond its lines was the shipping charge (the cap cuts shipping first).
    const shipping = Math.max(0, Number(refund.amount) - goods.reduce((sum, amount) => sum + amount, 0));
    const marked = await trx
      .updateTable('returns')
      .set({
        status: RETURN_STEP.refunded,
        refunded_at: now,
        refund_amount: Number(refund.amount),
        refund_shipping: shipping,
        updated_at: now,
      })
      .where('id', '=', row.id)
      .where('status', '=', 'received')
      .executeTakeFirst();
    // Two clicks finishing at once: the one that marked it writes the rest (PostgreSQL waits here).
    if (Number(marked.numUpdatedRows) !== 1) {
      const done = await trx
        .selectFrom('returns')
        .selectAll()
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow();
      return { row: done, orderReference: order.reference, refund };
    }
    for (const [index, line] of lines.entries()) {
      await trx
        .updateTable('return_lines')
        .set({ refund_amount: goods[index] ?? 0 })
        .where('id', '=', line.id)
        .execute();
    }
    const detail = { refundCents: Number(refund.amount), shippingCents: shipping, refundId: refund.id };
    await emitWebhookEvent(
      trx,
      'return.refunded',
      returnEventData(
        { ...row, status: RETURN_STEP.refunded },
        order.reference,
        lines.map((line) => ({ itemId: line.order_item_id, quantity: Number(line.quantity) })),
        detail,
      ),
      now,
    );
    await recordAudit(
      trx,
      actor,
      {
        action: 'return.refund',
        targetType: 'return',
        targetId: row.number,
        before: { status: row.status },
        after: { status: RETURN_STEP.refunded, order: order.reference, ...detail },
      },
      now,
    );
    const fresh = await trx
      .selectFrom('returns')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    return { row: fresh, orderReference: order.reference, refund };
  });
}
