import { randomUUID } from 'node:crypto';
import type { RefillCycleTable, RefillPlanTable } from '#server/db/schema-refills';
import { orderStockLines, SoldOutError, takeStock } from '~/commerce/catalogue/stock.server';
import { isUsStateCode } from '~/commerce/delivery/us-states';
import { addOrderEvent } from '~/commerce/orders/fulfilment.server';
import { holdOrderStock, takeOrderLock } from '~/commerce/orders/order-writes.server';
import { insertOrderIn } from '~/commerce/orders/orders.server';
import { attemptRow, chargeKey, REFILL_LOCK_MS } from './refill-attempts.server';
import { type RefillRun, cycleContext, priceOf } from './refill-cycle-data.server';
import { advancePlan, OPEN_CYCLE_STATES } from './refill-plan-changes.server';
import { noticePriceChanges } from './refill-price-notice.server';
import { uncoveredOn } from './refill-prescriptions.server';
import { sendRenewalNotice, waitForStock } from './refill-waiting.server';

/**
 * Placing a due cycle (docs/decisions/0065): its order, priced by the checkout's own quote, is
 * stored in the transaction that claims the cycle ('scheduled' to 'placed', guarded by its state
 * and date), takes the order's units and payment lock, records the attempt and moves the plan on
 * to its next cycle. Two schedulers may both get this far: the second's claim updates no row,
 * and its transaction, order included, is rolled back. The charge follows (refill-cycle-charge).
 */
export type PlaceOutcome =
  'placed' | 'taken' | 'waiting_stock' | 'waiting_prescription' | 'moved' | 'skipped';

/** Thrown inside the claim's transaction to roll it back: another pass got there first. */
class Taken extends Error {}

export async function placeCycle(
  run: RefillRun,
  plan: RefillPlanTable,
  cycle: RefillCycleTable,
): Promise<{ outcome: PlaceOutcome; orderId?: string }> {
  const { db } = run.services.database;
  const context = await cycleContext(run, plan);
  const state = plan.ship_state;
  if (!context || context.lines.length === 0 || !isUsStateCode(state)) {
    run.services.logger.error({ plan: plan.id }, 'refill plan cannot be placed: no shopper, lines or state');
    return { outcome: 'skipped' };
  }
  const { shopper, lines } = context;
  // A cycle that waited is sent today: its prescription must cover today.
  const shipsOn = run.today > cycle.due_date ? run.today : cycle.due_date;
  const uncovered = await uncoveredOn(
    db,
    run.services.healthData,
    plan.user_id,
    lines.map((line) => ({
      productId: line.product_id,
      name: line.name,
      prescriptionRequired: line.prescriptionRequired,
    })),
    shipsOn,
  );
  if (uncovered.length > 0) {
    await sendRenewalNotice(run, plan, cycle, uncovered, true);
    return { outcome: 'waiting_prescription' };
  }
  // Normally told at the reminder; a price changed since is told now (and a rise moves the cycle).
  if ((await noticePriceChanges(run, plan, cycle, lines, shopper)) === 'moved') return { outcome: 'moved' };
  const price = await priceOf(run, plan, shopper, lines);
  if (!price.ok) {
    await waitForStock(run, cycle, price.message);
    return { outcome: 'waiting_stock' };
  }
  const holder = randomUUID();
  try {
    const orderId = await db.transaction().execute(async (trx) => {
      const planLocked = await trx
        .updateTable('refill_plans')
        .set({ updated_at: run.now })
        .where('id', '=', plan.id)
        .where('status', '=', 'active')
        .executeTakeFirst();
      if (Number(planLocked.numUpdatedRows) !== 1) throw new Taken();
      const order = await insertOrderIn(trx, {
        userId: plan.user_id,
        email: shopper.email.toLowerCase(),
        paymentMethod: 'card',
        subtotal: price.subtotal,
        shipping: price.shipping,
        discount: price.discount,
        tax: price.tax ?? 0,
        taxRate: price.taxRate ?? 0,
        total: price.total,
        promoCode: null,
        shippingOption: price.shippingOption,
        address: {
          recipientName: plan.ship_name,
          line1: plan.ship_line1,
          line2: plan.ship_line2,
          city: plan.ship_city,
          state,
          zip: plan.ship_zip,
          phone: plan.ship_phone,
        },
        items: price.lines,
        taxCertificateNumber: price.taxCertificate,
      });
      const claimed = await trx
        .updateTable('refill_cycles')
        .set({ status: 'placed', order_id: order.id, message: null, updated_at: run.now })
        .where('id', '=', cycle.id)
        .where('status', 'in', OPEN_CYCLE_STATES)
        .where('due_date', '=', cycle.due_date)
        .where('order_id', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw new Taken();
      const now = Date.now();
      await takeOrderLock(trx, order.id, { holder, until: now + REFILL_LOCK_MS, forMove: 'capture' }, now);
      if (await holdOrderStock(trx, order.id))
        await takeStock(trx, await orderStockLines(trx, order.id), now);
      await attemptRow(trx, order, plan, chargeKey(cycle.id, cycle.attempts + 1), holder, now);
      await advancePlan(trx, plan, cycle.due_date, run.now);
      await addOrderEvent(trx, order.id, null, 'refill', { plan: plan.id, dueDate: cycle.due_date }, now);
      return order.id;
    });
    return { outcome: 'placed', orderId };
  } catch (error) {
    if (error instanceof Taken) return { outcome: 'taken' };
    if (!(error instanceof SoldOutError)) throw error;
    await waitForStock(run, cycle, `${error.line.name} is out of stock.`);
    return { outcome: 'waiting_stock' };
  }
}
