import type { Kysely } from 'kysely';
import type { DatabaseSchema, PaymentAttemptTable } from '#server/db/schema';
import type { ChargeResult } from '#server/payments/gateway';
import type { OrderRow } from '../orders/orders.server';
import { detectCardBrand, lastFour } from './checkout';
import { CheckoutError } from './checkout-error';
import type { PaymentInput } from './checkout.schema';

/**
 * The bookkeeping of paying: the order's payment lock and the attempt rows that remember each
 * submission's result. Kept apart from the flow in payment.server.ts.
 */
type Db = Kysely<DatabaseSchema>;

/** Longer than any gateway call (30 s time limit): a crashed attempt frees the order after it. */
export const LOCK_MS = 60_000;
export const POLL_MS = 50;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitForAttempt(db: Db, attemptId: string) {
  const deadline = Date.now() + LOCK_MS + 5_000;
  while (Date.now() < deadline) {
    const row = await db
      .selectFrom('payment_attempts')
      .selectAll()
      .where('id', '=', attemptId)
      .executeTakeFirstOrThrow();
    if (row.status !== 'processing') return row;
    await sleep(POLL_MS);
  }
  throw new CheckoutError(
    'payment_in_progress',
    'Your payment is still being processed. Please check your order history before trying again.',
  );
}

export async function finishAttempt(
  db: Db,
  id: string,
  status: PaymentAttemptTable['status'],
  message: string | null,
  transactionId: string | null = null,
) {
  await db
    .updateTable('payment_attempts')
    .set({ status, message, transaction_id: transactionId, finished_at: Date.now() })
    .where('id', '=', id)
    .execute();
}

/** Takes the order's payment lock for this attempt; false when another attempt holds it. */
export async function lockOrder(db: Db, orderId: string, attemptId: string): Promise<boolean> {
  const now = Date.now();
  const result = await db
    .updateTable('orders')
    .set({ locked_by: attemptId, locked_until: now + LOCK_MS, updated_at: now })
    .where('id', '=', orderId)
    .where('status', 'in', ['pending', 'failed'])
    .where((eb) => eb.or([eb('locked_by', 'is', null), eb('locked_until', '<', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recordCharge(
  db: Db,
  order: OrderRow,
  attemptId: string,
  payment: PaymentInput,
  result: ChargeResult,
): Promise<{ duplicate: boolean }> {
  const now = Date.now();
  return db.transaction().execute(async (trx) => {
    let duplicate = false;
    if (result.status === 'approved') {
      const updated = await trx
        .updateTable('orders')
        .set({
          status: 'paid',
          email: payment.email.toLowerCase(),
          card_brand: payment.paymentMethod === 'card' ? detectCardBrand(payment.cardNumber) : null,
          card_last4: payment.paymentMethod === 'card' ? lastFour(payment.cardNumber) : null,
          bank_last4: payment.paymentMethod === 'bank_transfer' ? lastFour(payment.accountNumber) : null,
          transaction_id: result.transactionId,
          paid_at: now,
          updated_at: now,
          locked_by: null,
          locked_until: null,
        })
        .where('id', '=', order.id)
        // Paid already: another attempt took over after this one's lease ran out, and the
        // processor took the money twice. The first payment stands; the caller reports this one.
        .where('status', '!=', 'paid')
        .executeTakeFirst();
      duplicate = Number(updated.numUpdatedRows) === 0;
      if (order.user_id && !duplicate) {
        // Only what was bought leaves the cart: lines added meanwhile in another tab stay.
        const bought = trx.selectFrom('order_items').select('product_id').where('order_id', '=', order.id);
        await trx
          .deleteFrom('cart_items')
          .where('user_id', '=', order.user_id)
          .where('product_id', 'in', bought)
          .execute();
      }
    } else {
      await trx
        .updateTable('orders')
        .set({
          status: result.status === 'declined' ? 'failed' : order.status,
          updated_at: now,
          locked_by: null,
          locked_until: null,
        })
        .where('id', '=', order.id)
        .where('locked_by', '=', attemptId)
        .execute();
    }
    await trx
      .updateTable('payment_attempts')
      .set({
        status: result.status,
        message: result.status === 'approved' ? null : result.message,
        transaction_id: result.status === 'approved' ? result.transactionId : null,
        finished_at: now,
      })
      .where('id', '=', attemptId)
      .execute();
    return { duplicate };
  });
}
