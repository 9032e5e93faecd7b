import { randomUUID } from 'node:crypto';
import { retryTransient } from '#server/db/transient';
import type { Kysely } from 'kysely';
import { canMove, ORDER_MOVES } from '~/commerce/order-moves';
import type { DatabaseSchema } from '#server/db/schema';
import { type CaptureResult, type PaymentGateway, refundDone } from '#server/payments/gateway';
import { returnOrderStock } from '~/commerce/catalogue/stock.server';
import { releasePromoUse } from '~/commerce/promo/promo-use.server';
import { addOrderEvent } from '~/commerce/orders/fulfilment.server';
import {
  recordPrescriptionApproved,
  recordPrescriptionRejected,
  releaseOrderLock,
  takeOrderLock,
} from '~/commerce/orders/order-writes.server';
import { findOrder, type OrderRow } from '~/commerce/orders/orders.server';
import { type Actor, recordAudit } from '~/console/audit.server';
import { PrescriptionError } from '~/commerce/prescriptions/prescriptions.server';

/**
 * Staff review an order's prescription: approval captures the authorised payment (the order is
 * paid), rejection voids it (the order is cancelled, its units go back on the shelf). Each
 * takes the order's payment lock first, the one checkout uses, so two members of staff (or a
 * double click) reach the processor once; the decision is written with its timeline event and
 * audit row in one transaction.
 */
type Db = Kysely<DatabaseSchema>;

export interface ReviewDeps {
  db: Db;
  gateway: PaymentGateway;
}

/** Longer than the processor's own time limit (30 s), as for a payment. */
const REVIEW_LOCK_MS = 60_000;

async function claim(db: Db, orderId: string): Promise<{ order: OrderRow; holder: string }> {
  // A random id, as a payment attempt's (the column holds 40 characters).
  const holder = randomUUID();
  const now = Date.now();
  const claimed = await takeOrderLock(
    db,
    orderId,
    { holder, until: now + REVIEW_LOCK_MS, forMove: 'approve' },
    now,
  );
  const order = await findOrder(db, orderId);
  if (!order) throw new PrescriptionError('not_found', 'This order does not exist.');
  if (!claimed) {
    throw new PrescriptionError(
      'conflict',
      canMove('approve', order)
        ? 'Another member of staff is reviewing this prescription. Reload the order in a minute.'
        : 'This order is not awaiting prescription review.',
    );
  }
  return { order, holder };
}

/**
 * The processor's answer to a review's call; on anything but success the order's lock is
 * released (staff may try again) and the refusal says why.
 */
async function askProcessor<R extends { status: string }, S extends R>(
  db: Db,
  orderId: string,
  holder: string,
  call: () => Promise<R>,
  succeeded: (result: R) => result is S,
  failure: string,
): Promise<S> {
  let result: R | { status: 'error'; message: string };
  try {
    result = await call();
  } catch {
    result = { status: 'error', message: 'The payment service could not be reached.' };
  }
  if (succeeded(result as R)) return result as S;
  await releaseOrderLock(db, orderId, holder);
  const message = 'message' in result ? String(result.message) : 'No answer.';
  throw new PrescriptionError('conflict', `${failure}: ${message}`);
}

async function decide(
  trx: Db,
  actor: Actor,
  order: OrderRow,
  decision: { status: 'approved' | 'rejected'; reason: string | null; transactionId?: string },
  now: number,
) {
  await trx
    .updateTable('prescriptions')
    .set({
      status: decision.status,
      reason: decision.reason,
      reviewed_by: actor.email,
      reviewed_at: now,
      updated_at: now,
    })
    .where('order_id', '=', order.id)
    .execute();
  const kind = decision.status === 'approved' ? 'prescription-approved' : 'prescription-rejected';
  await addOrderEvent(trx, order.id, actor, kind, decision.reason ? { reason: decision.reason } : {}, now);
  await recordAudit(
    trx,
    actor,
    {
      action: decision.status === 'approved' ? 'order.prescription.approve' : 'order.prescription.reject',
      targetType: 'order',
      targetId: order.reference,
      before: { status: order.status },
      after: {
        status: ORDER_MOVES[decision.status === 'approved' ? 'approve' : 'reject'].to.status,
        ...(decision.reason ? { reason: decision.reason } : {}),
      },
    },
    now,
  );
}

/** Approves the prescription and captures the payment: the order is paid, once. */
export async function approvePrescription(
  deps: ReviewDeps,
  actor: Actor,
  orderId: string,
): Promise<OrderRow> {
  const { db } = deps;
  const { order, holder } = await claim(db, orderId);
  const result = await askProcessor(
    db,
    orderId,
    holder,
    () =>
      deps.gateway.capture({
        transactionId: order.transaction_id ?? '',
        orderReference: order.reference,
        amountCents: order.total,
      }),
    (answer: CaptureResult): answer is Extract<CaptureResult, { status: 'captured' }> =>
      answer.status === 'captured',
    'The payment could not be taken',
  );
  const captured = result.transactionId;
  const now = Date.now();
  // The money is taken: written even when PostgreSQL rolls the first try back for a deadlock.
  await retryTransient(() =>
    db.transaction().execute(async (trx) => {
      await recordPrescriptionApproved(trx, orderId, holder, captured, now);
      await decide(trx, actor, order, { status: 'approved', reason: null }, now);
    }),
  );
  return (await findOrder(db, orderId)) ?? order;
}

/**
 * Rejects the prescription with a reason and voids the authorisation: nothing is charged, the
 * order is cancelled and its units return to stock. Returns the products whose stock changed.
 */
export async function rejectPrescription(
  deps: ReviewDeps,
  actor: Actor,
  orderId: string,
  reason: string,
): Promise<{ order: OrderRow; returned: string[] }> {
  const { db } = deps;
  const { order, holder } = await claim(db, orderId);
  await askProcessor(
    db,
    orderId,
    holder,
    () =>
      deps.gateway.refund({
        transactionId: order.transaction_id ?? '',
        orderReference: order.reference,
        amountCents: order.total,
        chargedCents: order.total,
        method: 'card',
        last4: order.card_last4,
      }),
    refundDone,
    'The authorisation could not be voided',
  );
  const now = Date.now();
  // The authorisation is voided: written even when PostgreSQL rolls the first try back.
  const returned = await retryTransient(() =>
    db.transaction().execute(async (trx) => {
      await recordPrescriptionRejected(trx, orderId, holder, now);
      const back = Number(order.stock_held) === 1 ? await returnOrderStock(trx, orderId, now) : [];
      // Never paid: its code's use goes back too.
      await releasePromoUse(trx, orderId, now);
      await decide(trx, actor, order, { status: 'rejected', reason }, now);
      return back;
    }),
  );
  return { order: (await findOrder(db, orderId)) ?? order, returned };
}
