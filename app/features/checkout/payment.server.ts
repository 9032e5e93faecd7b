import { createHmac, randomUUID } from 'node:crypto';
import { isPlaced, STATUS } from '~/commerce/order-states';
import type { Kysely } from 'kysely';
import type { DatabaseSchema, PaymentAttemptTable } from '#server/db/schema';
import type { ChargeResult, ChargeSource, PaymentGateway } from '#server/payments/gateway';
import { hasPaidOrder, type OrderRow, findOrder } from '~/commerce/orders/orders.server';
import { PromoRefusedError } from '~/commerce/promo/promo-use.server';
import { approvalStatus, SpendingLimitError } from '~/commerce/organisations/spending.server';
import { toPromotion } from '~/commerce/promo/promotions-db.server';
import {
  detectCardBrand,
  lastFour,
  orderSuccessPath,
  paymentMethodOf,
  soldOutMessage,
} from '~/commerce/checkout/checkout';
import { CheckoutError } from './checkout-error';
import { SoldOutError, type StockLine } from '~/commerce/catalogue/stock.server';
import {
  finishAttempt,
  LOCK_MS,
  lockAndTakeStock,
  POLL_MS,
  recordCharge,
  returnAbandonedStock,
  sleep,
  waitForAttempt,
} from './payment-attempts.server';
import type { PaymentInput } from './checkout.schema';
import { PRESCRIPTION_TEXT } from '~/commerce/prescriptions/prescriptions';
import { quoteExpiryDate } from '~/commerce/quotes';
import { hasPrescription, orderNeedsPrescription } from '~/commerce/prescriptions/prescriptions.server';

type Db = Kysely<DatabaseSchema>;

export interface PaymentDeps {
  db: Db;
  gateway: PaymentGateway;
  /** Keys the request fingerprint (HMAC), so no stored value can be reversed into card data. */
  secret: string;
  /** After committed stock changes: the catalogue reads these products again (every instance). */
  stockChanged: (productIds: readonly string[]) => Promise<void>;
}

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
}

function fingerprint(secret: string, orderId: string, payment: PaymentInput): string {
  return createHmac('sha256', secret)
    .update(`pay:${orderId}:${JSON.stringify(payment)}`)
    .digest('hex');
}

function chargeSource(payment: PaymentInput): ChargeSource {
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

/** Refuses an order whose first-order promotion this address has already used. */
async function promoStillApplies(db: Db, order: OrderRow, email: string): Promise<string | null> {
  if (!order.promo_code) return null;
  const row = await db
    .selectFrom('promotions')
    .selectAll()
    .where('code', '=', order.promo_code)
    .executeTakeFirst();
  const promo = row && toPromotion(row);
  if (!promo?.firstOrder) return null;
  if (!(await hasPaidOrder(db, { userId: order.user_id, email }))) return null;
  return `${promo.code} is for a first order only. Please remove it from your cart and check out again.`;
}

/** An order over its buyer's limits is paid once approved, never while waiting or sent back. */
async function approvalRefusal(db: Db, orderId: string): Promise<string | null> {
  const status = await approvalStatus(db, orderId);
  if (status === 'waiting')
    return "This order is waiting for your organisation's approval. We'll email you when it is approved.";
  if (status === 'returned' || status === 'withdrawn')
    return 'This order was not approved and cannot be paid. Please return to your cart and check out again.';
  return null;
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
      last4: lastFour(
        request.payment.paymentMethod === 'card' ? request.payment.cardNumber : request.payment.accountNumber,
      ),
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
  return chargeOnce(deps, order.id, attemptId, request.payment);
}

/** The catalogue follows stock after the fact: a failed refresh is logged, never the payment's. */
function notifyStock(deps: PaymentDeps, lines: readonly StockLine[]) {
  void deps.stockChanged(lines.map((line) => line.productId)).catch(() => undefined);
}

/**
 * The payment lock with the order's units and its code's use. Units or uses gone: no lock, no
 * charge, the attempt refused with a message saying so (the processor was never called).
 */
async function lockOrTakeSoldOut(deps: PaymentDeps, orderId: string, attemptId: string, email: string) {
  const { db } = deps;
  try {
    return await lockAndTakeStock(db, orderId, attemptId, email);
  } catch (error) {
    if (error instanceof PromoRefusedError) {
      // The code's uses ran out (or it ended) since the order was priced: the amount was the
      // discounted one, so nothing is charged; the shopper checks the cart again.
      await finishAttempt(db, attemptId, 'refused', error.message);
      throw new CheckoutError('promo_not_applicable', error.message);
    }
    if (error instanceof SpendingLimitError) {
      await finishAttempt(db, attemptId, 'refused', error.message);
      throw new CheckoutError('over_limit', error.message);
    }
    if (!(error instanceof SoldOutError)) throw error;
    const message = soldOutMessage(error.line.name);
    await finishAttempt(db, attemptId, 'refused', message);
    throw new CheckoutError('sold_out', message);
  }
}

async function chargeOnce(
  deps: PaymentDeps,
  orderId: string,
  attemptId: string,
  payment: PaymentInput,
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
    if (order.held_until !== null && Number(order.held_until) < Date.now()) {
      // An accepted quote's prices and units hold until its expiry, not after.
      const message = `This quote expired on ${quoteExpiryDate(Number(order.held_until))}.`;
      await finishAttempt(db, attemptId, 'refused', message);
      throw new CheckoutError('order_closed', message);
    }
    const approval = await approvalRefusal(db, order.id);
    if (approval) {
      await finishAttempt(db, attemptId, 'refused', approval);
      throw new CheckoutError('approval_required', approval);
    }
    const refusal = await promoStillApplies(db, order, payment.email);
    if (refusal) {
      await finishAttempt(db, attemptId, 'refused', refusal);
      throw new CheckoutError('promo_not_applicable', refusal);
    }
    const authorizeOnly = await prescriptionGate(db, order, attemptId);
    const lock = await lockOrTakeSoldOut(deps, orderId, attemptId, payment.email);
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
