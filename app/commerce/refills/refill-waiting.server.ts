import type { RefillCycleTable, RefillPlanTable } from '#server/db/schema-refills';
import { type RefillRun, cycleContext, mailFacts, mailShopper } from './refill-cycle-data.server';
import { refillRenewalMail, refillWaitingStockMail } from './refill-mail.server';

/**
 * A cycle that cannot go on its date (docs/decisions/0065): out of stock (it waits, is tried at
 * every pass, at least daily, and goes when the units are back), or a prescription line not
 * covered on its date (it waits for a renewal). The shopper is told once, when it starts to
 * wait: the mail is queued in the transaction that moves the cycle, guarded by its state.
 */
export async function waitForStock(run: RefillRun, cycle: RefillCycleTable, message: string): Promise<void> {
  const { db } = run.services.database;
  const plan = await db
    .selectFrom('refill_plans')
    .selectAll()
    .where('id', '=', cycle.plan_id)
    .executeTakeFirstOrThrow();
  const context = await cycleContext(run, plan);
  await db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('refill_cycles')
      .set({ status: 'waiting_stock', message, updated_at: run.now })
      .where('id', '=', cycle.id)
      .where('status', '=', cycle.status)
      .where('attempts', '=', cycle.attempts)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1 || cycle.status === 'waiting_stock' || !context) return;
    const facts = mailFacts(run, plan, cycle, context.lines, context.shopper);
    await mailShopper(
      run,
      context.shopper,
      'refill waiting for stock',
      refillWaitingStockMail(facts, message),
      trx,
    );
  });
}

export interface Uncovered {
  name: string;
  coveredUntil: string | null;
}

/**
 * The renewal mail, once per cycle (its `renewal_notice_at`, claimed by a conditional UPDATE):
 * 30 days ahead of a cycle its prescription will not cover, or when it falls due uncovered.
 */
export async function sendRenewalNotice(
  run: RefillRun,
  plan: RefillPlanTable,
  cycle: RefillCycleTable,
  uncovered: Uncovered[],
  waiting: boolean,
): Promise<boolean> {
  const { db } = run.services.database;
  const context = await cycleContext(run, plan);
  const names = uncovered.map((line) => line.name).join(', ');
  return db.transaction().execute(async (trx) => {
    if (waiting) {
      await trx
        .updateTable('refill_cycles')
        .set({
          status: 'waiting_prescription',
          message: `Waiting for a prescription valid on its date: ${names}.`,
        })
        .set({ updated_at: run.now })
        .where('id', '=', cycle.id)
        .where('status', '=', cycle.status)
        .execute();
    }
    const claimed = await trx
      .updateTable('refill_cycles')
      .set({ renewal_notice_at: run.now })
      .where('id', '=', cycle.id)
      .where('renewal_notice_at', 'is', null)
      .where('due_date', '=', cycle.due_date)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1 || !context) return false;
    const facts = mailFacts(run, plan, cycle, context.lines, context.shopper);
    await mailShopper(
      run,
      context.shopper,
      'refill prescription renewal',
      refillRenewalMail(facts, uncovered),
      trx,
    );
    return true;
  });
}
