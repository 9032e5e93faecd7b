import { createHmac, randomUUID } from 'node:crypto';
import { isPlaced, STATUS } from '~/commerce/order-states';
import type { Kysely } from 'kysely';
import type { DatabaseSchema, InvoiceTable, PaymentAttemptTable } from '#server/db/schema';
import type { ChargeResult, ChargeSource } from '#server/payments/gateway';
import { type OrderRow, findOrder } from '~/commerce/orders/orders.server';
import { detectCardBrand, lastFour, orderSuccessPath, paymentMethodOf } from '~/commerce/checkout/checkout';
import { CheckoutError } from './checkout-error';
import {
  finishAttempt,
  LOCK_MS,
  POLL_MS,
  recordCharge,
  returnAbandonedStock,
  lockOrTakeSoldOut,
  notifyStock,
  orderRefusal,
  sleep,
  waitForAttempt,
} from './payment-attempts.server';
import { placeOnInvoice } from './invoice-placement.server';
import type { PaymentInput } from './checkout.schema';
import { PRESCRIPTION_TEXT } from '~/commerce/prescriptions/prescriptions';
import { hasPrescription, orderNeedsPrescription } from '~/commerce/prescriptions/prescriptions.server';

type Db = Kysely<DatabaseSchema>;

export type { PaymentDeps } from './payment-attempts.server';
import type { PaymentDeps } from './payment-attempts.server';

export interface PayRequest {
  orderId: string;
  /** The signed-in user, if any: an account's order is paid only by that account. */
  userId: string | null;
  payment: PaymentInput;
  idempotencyKey?: string;
}

export interface PaidOrder {
  order: OrderRow;
  url: string;
  /** False when this call found the order already paid (a retry): no mail, no second charge. */
  charged: boolean;
  /**
   * The processor approved this attempt although the order had been paid meanwhile (only after
   * a lock lease ran out): money was taken twice and needs a refund. The caller logs it.
   */
  duplicateTransactionId?: string;
  /** The invoice written when the order was placed on the organisation's terms. */
  invoice?: InvoiceTable;
}

function fingerprint(secret: string, orderId: string, payment: PaymentInput): string {
  return createHmac('sha256', secret)
    .update(`pay:${orderId}:${JSON.stringify(payment)}`)
    .digest('hex');
}

function chargeSource(payment: CardOrBank): ChargeSource {
  if (payment.paymentMethod === 'card') {
    return {
      method: 'card',
      card: {
        number: payment.cardNumber,
        expiryMonth: payment.cardExpiryMonth,
        expiryYear: payment.cardExpiryYear,
        cvv: payment.cardCode,
        holderName: payment.cardholderName,
      },
    };
  }
  return {
    method: 'bank_transfer',
    bank: {
      holderName: payment.accountHolderName,
      routingNumber: payment.routingNumber,
      accountNumber: payment.accountNumber,
      accountType: payment.accountType,
    },
  };
}

/** The outcome an attempt row stands for, as what pay() returns or throws. */
function replay(attempt: Pick<PaymentAttemptTable, 'status' | 'message'>, order: OrderRow): PaidOrder {
  if (attempt.status === 'approved') {
    return {
      order,
      url: orderSuccessPath(order.reference, paymentMethodOf(order.payment_method)),
      charged: false,
    };
  }
  const code =
    attempt.status === 'declined'
      ? 'payment_declined'
      : attempt.status === 'refused'
        ? 'order_closed'
        : 'payment_error';
  throw new CheckoutError(code, attempt.message ?? 'Payment processing failed');
}

/**
 * An order with a line that needs a prescription is paid by card, with the prescription given
 * first, and only authorised (staff capture it on approval). True when so; refuses the attempt
 * (the processor is never called) when the prescription or the card is missing.
 */
async function prescriptionGate(db: Db, order: OrderRow, attemptId: string): Promise<boolean> {
  if (!(await orderNeedsPrescription(db, order.id))) return false;
  const refuse = async (code: 'prescription_card_only' | 'prescription_required', message: string) => {
    await finishAttempt(db, attemptId, 'refused', message);
    return new CheckoutError(code, message);
  };
  if (order.payment_method !== 'card')
    throw await refuse('prescription_card_only', PRESCRIPTION_TEXT.cardOnly);
  if (!(await hasPrescription(db, order.id)))
    throw await refuse('prescription_required', PRESCRIPTION_TEXT.missing);
  return true;
}

/**
 * Pays an order (the process-payment call) exactly once. The amount is the stored order's.
 * The same idempotency key gets the first result back; concurrent attempts wait for the one
 * holding the order's lock, then find the order paid and charge nothing.
 */
export async function payOrder(deps: PaymentDeps, request: PayRequest): Promise<PaidOrder> {
  const { db } = deps;
  const order = await findOrder(db, request.orderId);
  if (!order || (order.user_id !== null && order.user_id !== request.userId)) {
    throw new CheckoutError('not_found', 'This order does not exist.');
  }
  if (order.payment_method !== request.payment.paymentMethod) {
    throw new CheckoutError(
      'method_mismatch',
      'This checkout was started for another payment method. Please start again from your cart.',
    );
  }
  const hash = fingerprint(deps.secret, order.id, request.payment);
  const attemptId = randomUUID();
  const inserted = await db
    .insertInto('payment_attempts')
    .values({
      id: attemptId,
      order_id: order.id,
      idempotency_key: request.idempotencyKey ?? attemptId,
      request_hash: hash,
      status: 'processing',
      message: null,
      transaction_id: null,
      created_at: Date.now(),
      finished_at: null,
      // What staff may see of it: the method, and the brand and last four of a card or account.
      method: request.payment.paymentMethod,
      card_brand:
        request.payment.paymentMethod === 'card' ? detectCardBrand(request.payment.cardNumber) : null,
      last4: last4Of(request.payment),
    })
    .onConflict((oc) => oc.columns(['order_id', 'idempotency_key']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
    const first = await db
      .selectFrom('payment_attempts')
      .selectAll()
      .where('order_id', '=', order.id)
      .where('idempotency_key', '=', request.idempotencyKey ?? attemptId)
      .executeTakeFirstOrThrow();
    if (first.request_hash !== hash) {
      throw new CheckoutError(
        'idempotency_mismatch',
        'This payment was already submitted with different details.',
      );
    }
    const done = await waitForAttempt(db, first.id);
    return replay(done, (await findOrder(db, order.id)) ?? order);
  }
  return request.payment.paymentMethod === 'invoice'
    ? placeOnInvoice(deps, order.id, attemptId, request.payment)
    : chargeOnce(deps, order.id, attemptId, request.payment);
}

/** The last four digits staff may see: a card's or an account's; none for an invoice. */
function last4Of(payment: PaymentInput): string | null {
  if (payment.paymentMethod === 'card') return lastFour(payment.cardNumber);
  return payment.paymentMethod === 'bank_transfer' ? lastFour(payment.accountNumber) : null;
}

type CardOrBank = Exclude<PaymentInput, { paymentMethod: 'invoice' }>;

async function chargeOnce(
  deps: PaymentDeps,
  orderId: string,
  attemptId: string,
  payment: CardOrBank,
): Promise<PaidOrder> {
  const { db, gateway } = deps;
  const deadline = Date.now() + LOCK_MS + 5_000;
  // Units that dead attempts left held go back first (once, not at every wait for the lock).
  const abandoned = await returnAbandonedStock(db);
  if (abandoned.length > 0) void deps.stockChanged(abandoned).catch(() => undefined);
  for (;;) {
    const order = await findOrder(db, orderId);
    if (!order) throw new CheckoutError('not_found', 'This order does not exist.');
    // Paid, or authorised while its prescription is reviewed: either way this attempt is done.
    if (isPlaced(order.status)) {
      await finishAttempt(db, attemptId, 'approved', null, order.transaction_id);
      return replay({ status: 'approved', message: null }, order);
    }
    if (order.status === STATUS.cancelled) {
      const message = 'This checkout has expired. Please return to your cart and check out again.';
      await finishAttempt(db, attemptId, 'refused', message);
      throw new CheckoutError('order_closed', message);
    }
    const refusal = await orderRefusal(db, order, payment.email);
    if (refusal) {
      await finishAttempt(db, attemptId, 'refused', refusal.message);
      throw new CheckoutError(refusal.code, refusal.message);
    }
    const authorizeOnly = await prescriptionGate(db, order, attemptId);
    const lock = await lockOrTakeSoldOut(deps, order, attemptId, payment.email);
    if (lock.locked) {
      if (lock.taken.length > 0) notifyStock(deps, lock.taken);
      let result: ChargeResult;
      try {
        result = await gateway.charge({
          orderReference: order.reference,
          amountCents: order.total,
          email: payment.email,
          source: chargeSource(payment),
          authorizeOnly,
        });
      } catch {
        result = { status: 'error', message: 'There was an error processing your payment' };
      }
      const { duplicate, returned } = await recordCharge(db, order, attemptId, payment, result, {
        authorizeOnly,
      });
      if (returned.length > 0) notifyStock(deps, returned);
      if (result.status === 'approved') {
        const paid = (await findOrder(db, orderId)) ?? order;
        if (duplicate) {
          const url = orderSuccessPath(paid.reference, paymentMethodOf(paid.payment_method));
          return { order: paid, url, charged: false, duplicateTransactionId: result.transactionId };
        }
        return {
          order: paid,
          url: orderSuccessPath(paid.reference, paymentMethodOf(paid.payment_method)),
          charged: true,
        };
      }
      throw new CheckoutError(
        result.status === 'declined' ? 'payment_declined' : 'payment_error',
        result.message,
      );
    }
    // Another attempt is talking to the processor: wait for it, then look again.
    if (Date.now() > deadline) {
      const message =
        'Your payment is still being processed. Please check your order history before trying again.';
      await finishAttempt(db, attemptId, 'error', message);
      throw new CheckoutError('payment_in_progress', message);
    }
    await sleep(POLL_MS);
  }
}
