import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema, PaymentAttemptTable } from '#server/db/schema';
import { retryTransient } from '#server/db/transient';
import type { ChargeResult, PaymentGateway } from '#server/payments/gateway';
import {
  SoldOutError,
  orderStockLines,
  returnOrderStock,
  returnStock,
  type StockLine,
  takeStock,
} from '~/commerce/catalogue/stock.server';
import { PLACED_STATUSES, STATUS } from '~/commerce/order-states';
import {
  holdOrderStock,
  recordPaymentApproved,
  recordPaymentRefused,
  releaseAttemptStockHold,
  releaseDeadStockHold,
  takeOrderLock,
} from '~/commerce/orders/order-writes.server';
import { hasPaidOrder, type OrderRow } from '~/commerce/orders/orders.server';
import { toPromotion } from '~/commerce/promo/promotions-db.server';
import { detectCardBrand, lastFour, soldOutMessage } from '~/commerce/checkout/checkout';
import { PromoRefusedError, releasePromoUse, takePromoUse } from '~/commerce/promo/promo-use.server';
import {
  approvalStatus,
  checkSpendingAtLock,
  SpendingLimitError,
} from '~/commerce/organisations/spending.server';
import { quoteExpiryDate } from '~/commerce/quotes';
import { type DayFigures, writeDayMoves } from '~/commerce/orders/daily-sales.server';
import { CheckoutError, type CheckoutErrorCode } from './checkout-error';
import type { PaymentInput } from './checkout.schema';

/**
 * The bookkeeping of paying: the order's payment lock and the attempt rows that remember each
 * submission's result. Kept apart from the flow in payment.server.ts.
 */
type Db = Kysely<DatabaseSchema>;

export interface PaymentDeps {
  db: Db;
  gateway: PaymentGateway;
  /** Keys the request fingerprint (HMAC), so no stored value can be reversed into card data. */
  secret: string;
  /** After committed stock changes: the catalogue reads these products again (every instance). */
  stockChanged: (productIds: readonly string[]) => Promise<void>;
}

/** The catalogue follows stock after the fact: a failed refresh is logged, never the payment's. */
export function notifyStock(deps: PaymentDeps, lines: readonly StockLine[]) {
  void deps.stockChanged(lines.map((line) => line.productId)).catch(() => undefined);
}

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

/**
 * Takes the order's payment lock for this attempt and, in the same transaction, the order's
 * units from stock and its code's use (unless it holds them already, from an attempt that
 * died). 'busy' when another attempt holds the lock; SoldOutError or PromoRefusedError, with
 * nothing taken and no lock, when a line's units or the code's uses are gone.
 */
export async function lockAndTakeStock(
  db: Db,
  order: Pick<OrderRow, 'id' | 'organisation_id'>,
  attemptId: string,
  email: string,
  /**
   * What else must hold for this order, in the same transaction, after the units are taken:
   * placing it on invoice terms checks the credit and writes the invoice here. A throw rolls
   * back the lock, the units and the code's use.
   */
  within?: (trx: Db, now: number) => Promise<void>,
): Promise<{ locked: false } | { locked: true; taken: StockLine[] }> {
  const orderId = order.id;
  return db.transaction().execute(async (trx) => {
    const now = Date.now();
    const lock = { holder: attemptId, until: now + LOCK_MS, forMove: 'capture' } as const;
    if (!(await takeOrderLock(trx, orderId, lock, now))) return { locked: false };
    // Counted here, with the lock: payments (and orders on terms) of one member take turns. A
    // consumer's order (no organisation, which never changes) has no limit to count.
    if (order.organisation_id) await checkSpendingAtLock(trx, orderId, now);
    let taken: StockLine[] = [];
    if (await holdOrderStock(trx, orderId)) {
      await takePromoUse(trx, orderId, email, now);
      taken = await orderStockLines(trx, orderId);
      await takeStock(trx, taken, now);
    }
    if (within) await within(trx, now);
    return { locked: true, taken };
  });
}

/**
 * Gives back the units of unpaid orders whose attempt died holding them (its lock ran out,
 * which is after the processor's own time limit). Returns the products whose stock changed.
 */
const HOLDING_UNPAID = sql<boolean>`stock_held = 1 and status <> ${sql.lit(STATUS.paid)}`;

export async function returnAbandonedStock(db: Db): Promise<string[]> {
  const now = Date.now();
  const orders = await db
    .selectFrom('orders')
    .select('id')
    // Written out, not bound: the planners use the partial index (migration 0008) only for a
    // query whose own text says what the index's WHERE says.
    .where(HOLDING_UNPAID)
    // A placed order keeps its units: authorised while staff review its prescription, or
    // invoiced on the organisation's terms.
    .where('status', 'not in', PLACED_STATUSES)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    // An accepted quote's order holds its units until the quote expires, with no attempt alive.
    .where((eb) => eb.or([eb('held_until', 'is', null), eb('held_until', '<', now)]))
    .limit(100)
    .execute();
  const changed = new Set<string>();
  for (const { id } of orders) {
    await db.transaction().execute(async (trx) => {
      if (!(await releaseDeadStockHold(trx, id, now))) return;
      for (const productId of await returnOrderStock(trx, id, now)) changed.add(productId);
      await releasePromoUse(trx, id, now);
    });
  }
  return [...changed];
}

export async function recordCharge(
  db: Db,
  order: OrderRow,
  attemptId: string,
  payment: PaymentInput,
  result: ChargeResult,
  options: { authorizeOnly: boolean },
): Promise<{ duplicate: boolean; returned: StockLine[] }> {
  const now = Date.now();
  // The processor has answered: what it did is written, also when PostgreSQL rolls this
  // transaction back for another's sake (a deadlock), rather than lost with the money taken.
  return retryTransient(() =>
    db.transaction().execute(async (trx) => {
      let duplicate = false;
      let returned: StockLine[] = [];
      // Written last, just before the commit: every payment of the day adds to one row.
      const dayMoves: DayFigures[] = [];
      if (result.status === 'approved') {
        const card = payment.paymentMethod === 'card';
        const placed = await recordPaymentApproved(
          trx,
          order.id,
          {
            email: payment.email.toLowerCase(),
            cardBrand: card ? detectCardBrand(payment.cardNumber) : null,
            cardLast4: card ? lastFour(payment.cardNumber) : null,
            bankLast4: payment.paymentMethod === 'bank_transfer' ? lastFour(payment.accountNumber) : null,
            transactionId: result.transactionId,
          },
          // Authorised only: paid when staff approve the prescription (and capture the payment).
          { ...options, dayMoves },
          now,
        );
        // Placed already: another attempt took over after this one's lease ran out, and the
        // processor took the money twice. The first payment stands; the caller reports this one.
        duplicate = !placed;
        if (!duplicate) await clearBought(trx, order);
      } else {
        // Not paid: the units go back on the shelf (only while this attempt still holds the lock).
        if (await releaseAttemptStockHold(trx, order.id, attemptId)) {
          returned = await orderStockLines(trx, order.id);
          await returnStock(trx, returned, now);
          await releasePromoUse(trx, order.id, now);
        }
        await recordPaymentRefused(trx, order.id, attemptId, result.status === 'declined', now);
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
      await writeDayMoves(trx, dayMoves);
      return { duplicate, returned };
    }),
  );
}

/** Only what was bought leaves the cart: lines added meanwhile in another tab stay. */
export async function clearBought(trx: Db, order: Pick<OrderRow, 'id' | 'user_id'>): Promise<void> {
  if (!order.user_id) return;
  const bought = trx.selectFrom('order_items').select('product_id').where('order_id', '=', order.id);
  await trx
    .deleteFrom('cart_items')
    .where('user_id', '=', order.user_id)
    .where('product_id', 'in', bought)
    .execute();
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
 * Why an unpaid order cannot be paid or placed now, before any lock is taken (the same for a
 * card and for invoice terms): an accepted quote past its expiry, an approval not given, a
 * first-order code already used. Null when nothing stands in the way.
 */
export async function orderRefusal(
  db: Db,
  order: OrderRow,
  email: string,
): Promise<{ code: CheckoutErrorCode; message: string } | null> {
  if (order.held_until !== null && Number(order.held_until) < Date.now()) {
    // An accepted quote's prices and units hold until its expiry, not after.
    return {
      code: 'order_closed',
      message: `This quote expired on ${quoteExpiryDate(Number(order.held_until))}.`,
    };
  }
  // Only an organisation's order can wait for approval: a consumer's asks nothing more here.
  const approval = order.organisation_id ? await approvalRefusal(db, order.id) : null;
  if (approval) return { code: 'approval_required', message: approval };
  const promo = await promoStillApplies(db, order, email);
  return promo ? { code: 'promo_not_applicable', message: promo } : null;
}

/**
 * The payment lock with the order's units and its code's use. Units or uses gone: no lock, no
 * charge, the attempt refused with a message saying so (the processor was never called).
 */
export async function lockOrTakeSoldOut(
  deps: PaymentDeps,
  order: Pick<OrderRow, 'id' | 'organisation_id'>,
  attemptId: string,
  email: string,
  within?: Parameters<typeof lockAndTakeStock>[4],
) {
  const { db } = deps;
  try {
    return await lockAndTakeStock(db, order, attemptId, email, within);
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
