import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import type { RefillCycleTable, RefillPlanTable } from '#server/db/schema-refills';
import type { ChargeResult } from '#server/payments/gateway';
import { orderStockLines, returnStock, SoldOutError, takeStock } from '~/commerce/catalogue/stock.server';
import { fromStatuses } from '~/commerce/order-moves';
import { PLACED_STATUSES, STATUS } from '~/commerce/order-states';
import { queueConfirmationMail } from '~/commerce/orders/order-mail-queue.server';
import {
  holdOrderStock,
  recordPaymentApproved,
  recordPaymentRefused,
  releaseAttemptStockHold,
  releaseOrderLock,
} from '~/commerce/orders/order-writes.server';
import { findOrder, type OrderRow } from '~/commerce/orders/orders.server';
import { storeDate } from '~/lib/store-time';
import { type RefillRun, cycleContext, mailFacts, mailShopper } from './refill-cycle-data.server';
import { attemptRow, chargeKey, orderCardBrand, REFILL_LOCK_MS } from './refill-attempts.server';
import { RETRY_AFTER_DAYS } from './refill-dates';
import { CHARGING_CYCLE_STATES } from './refill-orders.server';
import { refillDeclinedMail } from './refill-mail.server';
import { waitForStock } from './refill-waiting.server';

/**
 * Charging a placed cycle's order exactly once (docs/decisions/0065). The order exists already
 * (placed in the transaction that claimed the cycle: refill-cycle-place.server.ts). Each charge
 * is sent under the key `refill:<cycle>:<attempt>`, the attempt counting recorded declines only:
 * a crash, a retried job or a second scheduler sends the same key again, and the processor
 * answers with its first result and takes nothing more. The outcome is written by conditional
 * UPDATEs (the order's from its unpaid states, the cycle's from 'placed' at its attempt count),
 * so however many passes record it, it is recorded once and mailed once.
 */
type Db = Kysely<DatabaseSchema>;

const DAY_MS = 86_400_000;
/** The first try and one after each of RETRY_AFTER_DAYS. */
export const MAX_ATTEMPTS = RETRY_AFTER_DAYS.length + 1;

/** Days from one decline to the next try: 1, 3 and 7 days after the first decline. */
function retryGapDays(attempt: number): number {
  const index = attempt - 1;
  return (RETRY_AFTER_DAYS[index] ?? 0) - (index > 0 ? (RETRY_AFTER_DAYS[index - 1] ?? 0) : 0);
}

export type ChargeOutcome =
  'charged' | 'declined' | 'failed' | 'error' | 'busy' | 'waiting_stock' | 'skipped';

/**
 * Charges the order of a cycle that has one (just placed, left by a crash, declined before and
 * due again, or waiting for units). Returns what happened on this call.
 */
export async function chargeCycle(run: RefillRun, cycle: RefillCycleTable): Promise<ChargeOutcome> {
  const { db } = run.services.database;
  const { logger } = run.services;
  if (!cycle.order_id) return 'skipped';
  const [order, plan] = await Promise.all([
    findOrder(db, cycle.order_id),
    db.selectFrom('refill_plans').selectAll().where('id', '=', cycle.plan_id).executeTakeFirstOrThrow(),
  ]);
  if (!order) throw new Error(`refill cycle ${cycle.id} has no order ${cycle.order_id}`);
  // A cycle waiting after a decline, or for units, waits while its plan is paused.
  if (cycle.status !== 'placed' && plan.status !== 'active') return 'skipped';
  if (PLACED_STATUSES.includes(order.status)) {
    await settleCharged(db, cycle, order.transaction_id, run.now);
    return 'skipped';
  }
  if (order.status === STATUS.cancelled) {
    await db
      .updateTable('refill_cycles')
      .set({
        status: 'cancelled',
        message: 'Its order was cancelled.',
        next_attempt_at: null,
        updated_at: run.now,
      })
      .where('id', '=', cycle.id)
      .where('status', '=', cycle.status)
      .execute();
    if (cycle.status === 'placed') {
      logger.error(
        { cycle: cycle.id, order: order.reference, key: chargeKey(cycle.id, cycle.attempts + 1) },
        'refill order cancelled while its charge was unrecorded: check the processor for this key',
      );
    }
    return 'skipped';
  }
  const vault = run.services.payments.vault;
  if (!vault) {
    logger.error({ cycle: cycle.id }, 'refill cycle due but the payment gateway cannot charge saved cards');
    return 'error';
  }
  const attempt = cycle.attempts + 1;
  const key = chargeKey(cycle.id, attempt);
  const holder = await attemptRow(db, order, plan, key);
  const locked = await lockForCharge(run, cycle, order, holder);
  if (locked !== 'locked') return locked;
  let result: ChargeResult;
  try {
    result = plan.card_token
      ? await vault.chargeSavedCard({
          token: plan.card_token,
          orderReference: order.reference,
          amountCents: order.total,
          email: order.email ?? '',
          idempotencyKey: key,
        })
      : { status: 'declined', message: 'There is no saved card for this plan.' };
  } catch (error) {
    logger.warn({ err: error, cycle: cycle.id }, 'refill charge failed to reach the processor');
    result = { status: 'error', message: 'The payment processor could not be reached.' };
  }
  if (result.status === 'approved')
    return recordApproved(run, cycle, order, plan, holder, result.transactionId);
  if (result.status === 'declined') return recordDeclined(run, cycle, order, plan, holder, result.message);
  // No clear answer: the cycle stays placed and the next pass asks again under the same key.
  await db.transaction().execute(async (trx) => {
    await releaseOrderLock(trx, order.id, holder);
    await trx
      .updateTable('payment_attempts')
      .set({ status: 'error', message: result.message, finished_at: Date.now() })
      .where('id', '=', holder)
      .execute();
  });
  return 'error';
}

/**
 * The order's payment lock for this attempt (taken over from a process of the same attempt that
 * died), with its units when it does not hold them (returned after a decline or a lease that ran
 * out). 'busy' when another attempt holds it; 'waiting_stock' when the units are gone.
 */
async function lockForCharge(
  run: RefillRun,
  cycle: RefillCycleTable,
  order: OrderRow,
  holder: string,
): Promise<'locked' | 'busy' | 'waiting_stock'> {
  const { db } = run.services.database;
  try {
    return await db.transaction().execute(async (trx) => {
      const now = Date.now();
      // Being charged now (after a decline or a wait for units), unless another pass moved the
      // cycle on meanwhile; a crash from here resumes this attempt.
      const current = await trx
        .updateTable('refill_cycles')
        .set({ status: 'placed', message: null, updated_at: run.now })
        .where('id', '=', cycle.id)
        .where('status', 'in', CHARGING_CYCLE_STATES)
        .where('attempts', '=', cycle.attempts)
        .executeTakeFirst();
      if (Number(current.numUpdatedRows) !== 1) return 'busy' as const;
      const taken = await trx
        .updateTable('orders')
        .set({ locked_by: holder, locked_until: now + REFILL_LOCK_MS, updated_at: now })
        .where('id', '=', order.id)
        .where('status', 'in', fromStatuses('capture'))
        .where((eb) =>
          eb.or([eb('locked_by', '=', holder), eb('locked_by', 'is', null), eb('locked_until', '<', now)]),
        )
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) throw new Busy();
      if (await holdOrderStock(trx, order.id))
        await takeStock(trx, await orderStockLines(trx, order.id), now);
      await trx
        .updateTable('payment_attempts')
        .set({ status: 'processing' })
        .where('id', '=', holder)
        .execute();
      return 'locked' as const;
    });
  } catch (error) {
    if (error instanceof Busy) return 'busy';
    if (!(error instanceof SoldOutError)) throw error;
    await waitForStock(run, cycle, `${error.line.name} is out of stock.`);
    return 'waiting_stock';
  }
}

/** Another attempt holds the order: roll back (the cycle's mark with it) and leave it to that one. */
class Busy extends Error {}

async function settleCharged(db: Db, cycle: RefillCycleTable, transactionId: string | null, now: number) {
  const result = await db
    .updateTable('refill_cycles')
    .set({
      status: 'charged',
      transaction_id: transactionId,
      next_attempt_at: null,
      message: null,
      updated_at: now,
    })
    .where('id', '=', cycle.id)
    .where('status', 'in', CHARGING_CYCLE_STATES)
    .where('attempts', '=', cycle.attempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

async function recordApproved(
  run: RefillRun,
  cycle: RefillCycleTable,
  order: OrderRow,
  plan: RefillPlanTable,
  holder: string,
  transactionId: string,
): Promise<ChargeOutcome> {
  const { db } = run.services.database;
  const paid = await db.transaction().execute(async (trx) => {
    const placed = await recordPaymentApproved(
      trx,
      order.id,
      {
        email: (order.email ?? '').toLowerCase(),
        cardBrand: orderCardBrand(plan.card_brand),
        cardLast4: plan.card_last4,
        bankLast4: null,
        transactionId,
      },
      { authorizeOnly: false },
    );
    await trx
      .updateTable('refill_cycles')
      .set({
        status: 'charged',
        transaction_id: transactionId,
        attempts: cycle.attempts + 1,
        next_attempt_at: null,
      })
      .set({ message: null, updated_at: run.now })
      .where('id', '=', cycle.id)
      .where('status', '=', 'placed')
      .where('attempts', '=', cycle.attempts)
      .execute();
    await trx
      .updateTable('payment_attempts')
      .set({ status: 'approved', message: null, transaction_id: transactionId, finished_at: Date.now() })
      .where('id', '=', holder)
      .execute();
    return placed;
  });
  // Only the pass that recorded the payment tells anyone: one mail, one count.
  if (!paid) return 'skipped';
  run.services.metrics.ordersPaid.inc();
  run.services.logger.info(
    { order: order.reference, amount: order.total, cycle: cycle.id },
    'refill order paid',
  );
  const fresh = await findOrder(db, order.id);
  if (fresh) await queueConfirmationMail(run.services, fresh);
  run.stockChanged((await orderStockLines(db, order.id)).map((line) => line.productId));
  return 'charged';
}

async function recordDeclined(
  run: RefillRun,
  cycle: RefillCycleTable,
  order: OrderRow,
  plan: RefillPlanTable,
  holder: string,
  message: string,
): Promise<ChargeOutcome> {
  const { db } = run.services.database;
  const attempt = cycle.attempts + 1;
  const final = attempt >= MAX_ATTEMPTS;
  const nextAttemptAt = final ? null : run.now + retryGapDays(attempt) * DAY_MS;
  const context = await cycleContext(run, plan);
  const returned = await db.transaction().execute(async (trx) => {
    let lines: { productId: string; name: string; quantity: number }[] = [];
    if (await releaseAttemptStockHold(trx, order.id, holder)) {
      lines = await orderStockLines(trx, order.id);
      await returnStock(trx, lines);
    }
    await recordPaymentRefused(trx, order.id, holder, true);
    await trx
      .updateTable('payment_attempts')
      .set({ status: 'declined', message, finished_at: Date.now() })
      .where('id', '=', holder)
      .execute();
    const settled = await trx
      .updateTable('refill_cycles')
      .set({ status: final ? 'failed' : 'declined', attempts: attempt, next_attempt_at: nextAttemptAt })
      .set({ message: message.slice(0, 500), updated_at: run.now })
      .where('id', '=', cycle.id)
      .where('status', '=', 'placed')
      .where('attempts', '=', cycle.attempts)
      .executeTakeFirst();
    if (Number(settled.numUpdatedRows) !== 1) return lines;
    if (final) {
      await trx
        .updateTable('refill_plans')
        .set({ status: 'paused', reason: 'The card was declined four times.', changed_by: 'system' })
        .set({ updated_at: run.now })
        .where('id', '=', plan.id)
        .where('status', '=', 'active')
        .execute();
    }
    if (context) {
      const facts = mailFacts(run, plan, cycle, context.lines, context.shopper);
      const nextTry = nextAttemptAt === null ? null : storeDate(nextAttemptAt);
      const kind = final ? 'refill paused' : 'refill declined';
      await mailShopper(run, context.shopper, kind, refillDeclinedMail(facts, message, nextTry), trx);
    }
    return lines;
  });
  if (returned.length > 0) run.stockChanged(returned.map((line) => line.productId));
  return final ? 'failed' : 'declined';
}
