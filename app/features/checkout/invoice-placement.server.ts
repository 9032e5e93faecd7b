import type { InvoiceTable } from '#server/db/schema';
import { orderSuccessPath, paymentMethodOf } from '~/commerce/checkout/checkout';
import { invoiceOnTerms, TermsRefusedError } from '~/commerce/invoices/invoice-terms.server';
import { isPlaced, STATUS } from '~/commerce/order-states';
import { recordInvoiced } from '~/commerce/orders/order-writes.server';
import { findOrder, type OrderRow } from '~/commerce/orders/orders.server';
import { CheckoutError } from './checkout-error';
import type { PaymentInput } from './checkout.schema';
import {
  clearBought,
  finishAttempt,
  LOCK_MS,
  lockOrTakeSoldOut,
  notifyStock,
  type PaymentDeps,
  POLL_MS,
  orderRefusal,
  returnAbandonedStock,
  sleep,
} from './payment-attempts.server';

/**
 * Placing an order on the organisation's invoice terms (docs/decisions/0058): the same payment
 * lock, units and code's use as a card payment, and in that transaction the credit check and the
 * invoice; no processor is called. Two buyers of one organisation placing at once are put one
 * after the other by the organisation's row lock, so only what fits the credit limit is placed.
 */

export interface InvoicedOrder {
  order: OrderRow;
  url: string;
  /** False when the order was placed already (a retry): no second invoice, no mail. */
  charged: boolean;
  invoice?: InvoiceTable;
}

const placedAnswer = (order: OrderRow, charged: boolean, invoice?: InvoiceTable): InvoicedOrder => ({
  order,
  url: orderSuccessPath(order.reference, paymentMethodOf(order.payment_method)),
  charged,
  ...(invoice ? { invoice } : {}),
});

export async function placeOnInvoice(
  deps: PaymentDeps,
  orderId: string,
  attemptId: string,
  payment: Extract<PaymentInput, { paymentMethod: 'invoice' }>,
): Promise<InvoicedOrder> {
  const { db } = deps;
  const deadline = Date.now() + LOCK_MS + 5_000;
  const abandoned = await returnAbandonedStock(db);
  if (abandoned.length > 0) void deps.stockChanged(abandoned).catch(() => undefined);
  const email = payment.email.toLowerCase();
  for (;;) {
    const order = await findOrder(db, orderId);
    if (!order) throw new CheckoutError('not_found', 'This order does not exist.');
    if (isPlaced(order.status)) {
      await finishAttempt(db, attemptId, 'approved', null);
      return placedAnswer(order, false);
    }
    if (order.status === STATUS.cancelled) {
      const message = 'This checkout has expired. Please return to your cart and check out again.';
      await finishAttempt(db, attemptId, 'refused', message);
      throw new CheckoutError('order_closed', message);
    }
    const refusal = await orderRefusal(db, order, email);
    if (refusal) {
      await finishAttempt(db, attemptId, 'refused', refusal.message);
      throw new CheckoutError(refusal.code, refusal.message);
    }
    let invoice: InvoiceTable | undefined;
    let lock: Awaited<ReturnType<typeof lockOrTakeSoldOut>>;
    try {
      lock = await lockOrTakeSoldOut(deps, order, attemptId, email, async (trx, now) => {
        invoice = await invoiceOnTerms(trx, order, now);
        // The lock was taken in this transaction: the order is this attempt's to move.
        if (!(await recordInvoiced(trx, orderId, attemptId, email, now))) {
          throw new Error(`order ${order.reference} left the payable states under its own lock`);
        }
        await clearBought(trx, order);
      });
    } catch (error) {
      if (!(error instanceof TermsRefusedError)) throw error;
      await finishAttempt(db, attemptId, 'refused', error.message);
      throw new CheckoutError('terms_refused', error.message);
    }
    if (lock.locked) {
      if (lock.taken.length > 0) notifyStock(deps, lock.taken);
      await finishAttempt(db, attemptId, 'approved', null);
      return placedAnswer((await findOrder(db, orderId)) ?? order, true, invoice);
    }
    // Another attempt holds the order: wait for it, then look again.
    if (Date.now() > deadline) {
      const message =
        'Your order is still being placed. Please check your order history before trying again.';
      await finishAttempt(db, attemptId, 'error', message);
      throw new CheckoutError('payment_in_progress', message);
    }
    await sleep(POLL_MS);
  }
}
