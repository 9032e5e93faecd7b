import type { Kysely } from 'kysely';
import { PLACED_STATUSES, STATUS } from '~/commerce/order-states';
import { fromStatuses } from '~/commerce/order-moves';
import type { DatabaseSchema } from '#server/db/schema';
import { emitOrderEvent } from '~/commerce/webhooks/emit.server';
import { type DayFigures, withDailySales } from './daily-sales.server';

/**
 * Every change another feature makes to the orders table, in one place (ADR 0041): the payment's
 * lock and result (checkout), the prescription review's lock and decision (prescriptions), and
 * the erasure of an account's details (privacy). Each UPDATE's guard is the move's "from" states
 * in the state table. It imports no feature, so it can move into app/commerce as it is. A write
 * that can make an order count in sales (a payment, a settled invoice) moves the day's figures
 * with it (withDailySales, docs/decisions/0066).
 * Callers pass their own transaction where the write belongs to a larger one.
 */
type Db = Kysely<DatabaseSchema>;

const changed = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows) === 1;

/** The order's lock for one payment attempt or review, while no other holds it. */
export async function takeOrderLock(
  trx: Db,
  orderId: string,
  lock: { holder: string; until: number; forMove: 'capture' | 'approve' },
  now = Date.now(),
): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({ locked_by: lock.holder, locked_until: lock.until, updated_at: now })
    .where('id', '=', orderId)
    .where('status', 'in', fromStatuses(lock.forMove))
    .where((eb) => eb.or([eb('locked_by', 'is', null), eb('locked_until', '<', now)]))
    .executeTakeFirst();
  return changed(result);
}

/** Lets the order go again, if this holder still has it. */
export async function releaseOrderLock(db: Db, orderId: string, holder: string): Promise<void> {
  await db
    .updateTable('orders')
    .set({ locked_by: null, locked_until: null })
    .where('id', '=', orderId)
    .where('locked_by', '=', holder)
    .execute();
}

/** Marks the order's units as taken from stock; false when it held them already. */
export async function holdOrderStock(trx: Db, orderId: string): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({ stock_held: 1 })
    .where('id', '=', orderId)
    .where('stock_held', '=', 0)
    .executeTakeFirst();
  return changed(result);
}

/** The units of an unplaced order whose attempt died holding them; true when they go back. */
export async function releaseDeadStockHold(trx: Db, orderId: string, now = Date.now()): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({ stock_held: 0, locked_by: null, locked_until: null, updated_at: now })
    .where('id', '=', orderId)
    .where('stock_held', '=', 1)
    .where('status', 'not in', PLACED_STATUSES)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    // An accepted quote's order keeps its units until the quote's expiry (docs/decisions/0059).
    .where((eb) => eb.or([eb('held_until', 'is', null), eb('held_until', '<', now)]))
    .executeTakeFirst();
  return changed(result);
}

/** The units of a refused attempt, while it still holds the lock; true when they go back. */
export async function releaseAttemptStockHold(trx: Db, orderId: string, holder: string): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({ stock_held: 0 })
    .where('id', '=', orderId)
    .where('locked_by', '=', holder)
    .where('stock_held', '=', 1)
    .executeTakeFirst();
  return changed(result);
}

/** Who paid and how, as the order keeps it (never a whole card or account number). */
export interface Payer {
  email: string;
  cardBrand: string | null;
  cardLast4: string | null;
  bankLast4: string | null;
  transactionId: string;
}

/**
 * The processor approved: the order is paid, or only authorised while staff review its
 * prescription. False when another attempt placed it first (the processor took the money twice;
 * the first payment stands and the caller reports this one).
 */
export async function recordPaymentApproved(
  trx: Db,
  orderId: string,
  payer: Payer,
  /** dayMoves: the day figures' moves, for the caller to write last (writeDayMoves). */
  options: { authorizeOnly: boolean; dayMoves?: DayFigures[] },
  now = Date.now(),
): Promise<boolean> {
  const update = trx
    .updateTable('orders')
    .set({
      status: options.authorizeOnly ? STATUS.authorized : STATUS.paid,
      email: payer.email,
      card_brand: payer.cardBrand,
      card_last4: payer.cardLast4,
      bank_last4: payer.bankLast4,
      transaction_id: payer.transactionId,
      paid_at: options.authorizeOnly ? null : now,
      updated_at: now,
      locked_by: null,
      locked_until: null,
    })
    .where('id', '=', orderId)
    // Wider than the move's "from" (the lock took it from there): an attempt whose lease ran
    // out and whose order was cancelled meanwhile still records the money the processor took.
    // Only an order placed already refuses a second payment.
    .where('status', 'not in', PLACED_STATUSES);
  const result = await withDailySales(trx, orderId, update, options.dayMoves);
  // The integrations' event commits with the payment, or not at all (docs/decisions/0049).
  if (changed(result) && !options.authorizeOnly) await emitOrderEvent(trx, 'order.paid', orderId, {}, now);
  return changed(result);
}

/**
 * Placed on the organisation's invoice terms (the `invoice` move, ADR 0058): no processor, no
 * money taken yet; the order holds its units and ships as a paid one does. Runs in the payment
 * lock's transaction, by the attempt holding the lock.
 */
export async function recordInvoiced(
  trx: Db,
  orderId: string,
  holder: string,
  email: string,
  now = Date.now(),
): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({ status: STATUS.invoiced, email, updated_at: now, locked_by: null, locked_until: null })
    .where('id', '=', orderId)
    .where('locked_by', '=', holder)
    .where('status', 'in', fromStatuses('invoice'))
    .executeTakeFirst();
  return changed(result);
}

/** The processor refused (declined: the order's payment failed) or erred (the state stays). */
export async function recordPaymentRefused(
  trx: Db,
  orderId: string,
  holder: string,
  declined: boolean,
  now = Date.now(),
): Promise<void> {
  let update = trx
    .updateTable('orders')
    .set({ updated_at: now, locked_by: null, locked_until: null })
    .where('id', '=', orderId)
    .where('locked_by', '=', holder);
  if (declined) update = update.set({ status: STATUS.failed });
  await withDailySales(trx, orderId, update);
}

/** Staff approved the prescription and the processor captured the payment: the order is paid. */
export async function recordPrescriptionApproved(
  trx: Db,
  orderId: string,
  holder: string,
  transactionId: string,
  now = Date.now(),
): Promise<void> {
  const update = trx
    .updateTable('orders')
    .set({
      status: STATUS.paid,
      transaction_id: transactionId,
      paid_at: now,
      updated_at: now,
      locked_by: null,
      locked_until: null,
    })
    .where('id', '=', orderId)
    .where('locked_by', '=', holder)
    .where('status', 'in', fromStatuses('approve'));
  const result = await withDailySales(trx, orderId, update);
  if (changed(result)) await emitOrderEvent(trx, 'order.paid', orderId, {}, now);
}

/**
 * The invoice of an order on terms was paid in full: the order counts in sales from this moment
 * (its `paid_at`; docs/decisions/0058) and `order.paid` goes to the webhooks. Its status stays
 * `invoiced`: no processor took the money, so nothing may be refunded through one.
 */
export async function recordInvoiceSettled(trx: Db, orderId: string, now = Date.now()): Promise<void> {
  const update = trx
    .updateTable('orders')
    .set({ paid_at: now, updated_at: now })
    .where('id', '=', orderId)
    .where('status', '=', STATUS.invoiced)
    .where('paid_at', 'is', null);
  const result = await withDailySales(trx, orderId, update);
  if (changed(result)) await emitOrderEvent(trx, 'order.paid', orderId, {}, now);
}

/** Staff rejected the prescription and the authorisation was voided: the order is cancelled. */
export async function recordPrescriptionRejected(
  trx: Db,
  orderId: string,
  holder: string,
  now = Date.now(),
): Promise<void> {
  await trx
    .updateTable('orders')
    .set({
      status: STATUS.cancelled,
      cancelled_at: now,
      cancelled_by: 'staff',
      stock_held: 0,
      updated_at: now,
      locked_by: null,
      locked_until: null,
    })
    .where('id', '=', orderId)
    .where('locked_by', '=', holder)
    .where('status', 'in', fromStatuses('reject'))
    .execute();
}

/**
 * An erased account's orders keep their lines, totals and the city, state and ZIP the tax was
 * charged by; who bought and where it went go (an organisation's order keeps its PO number, the
 * organisation's, not the buyer's name). Returns how many orders changed.
 */
export async function anonymiseOrdersOf(trx: Db, userId: string, now = Date.now()): Promise<number> {
  // What the shopper wrote on their returns goes too (the returns' lines and steps stay).
  await trx
    .updateTable('returns')
    .set({ note: '', updated_at: now })
    .where('order_id', 'in', (eb) => eb.selectFrom('orders').select('id').where('user_id', '=', userId))
    .execute();
  const result = await trx
    .updateTable('orders')
    .set({
      user_id: null,
      email: null,
      ship_name: null,
      ship_line1: null,
      ship_line2: null,
      ship_phone: null,
      buyer_name: null,
      updated_at: now,
    })
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
