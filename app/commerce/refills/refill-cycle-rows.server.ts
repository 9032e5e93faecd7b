import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import type { RefillCycleStatus, RefillCycleTable, RefillPlanTable } from '#server/db/schema-refills';
import { storeDate } from '~/lib/store-time';
import { addWeeks } from './refill-dates';

/**
 * A plan's cycle rows (docs/decisions/0065): its open cycle, made when missing, and the plan
 * moved on to the next one. Used inside the transactions of the plan's changes and the scheduler.
 */
type Db = Kysely<DatabaseSchema>;

/** The cycle states before an order exists: these can still be skipped or moved. */
export const OPEN_CYCLE_STATES = [
  'scheduled',
  'waiting_stock',
  'waiting_prescription',
] as const satisfies readonly RefillCycleStatus[];

/**
 * The plan's open cycle (at its next date), made when missing: the plans' side may create a
 * plan without it, and a cycle row is unique per plan and date, so this never makes two.
 */
export async function openCycleOf(
  trx: Db,
  plan: RefillPlanTable,
  now = Date.now(),
): Promise<RefillCycleTable> {
  await trx
    .insertInto('refill_cycles')
    .values({
      id: randomUUID(),
      plan_id: plan.id,
      due_date: plan.next_date,
      status: 'scheduled',
      attempts: 0,
      created_at: now,
      updated_at: now,
    })
    .onConflict((conflict) => conflict.columns(['plan_id', 'due_date']).doNothing())
    .execute();
  return trx
    .selectFrom('refill_cycles')
    .selectAll()
    .where('plan_id', '=', plan.id)
    .where('due_date', '=', plan.next_date)
    .executeTakeFirstOrThrow();
}

/**
 * Moves the plan on from a cycle dated `from`: the next date one interval later (past any cycle
 * already skipped there), and that cycle's row. Called by a skip and by the scheduler placing a
 * cycle, inside their transaction.
 */
export async function advancePlan(
  trx: Db,
  plan: Pick<RefillPlanTable, 'id' | 'interval_weeks'>,
  from: string,
  now: number,
): Promise<string> {
  let next = addWeeks(from, plan.interval_weeks);
  const today = storeDate(now);
  // A cycle placed long after its date (it waited for stock): the next is an interval from today.
  if (next <= today) next = addWeeks(today, plan.interval_weeks);
  for (;;) {
    const existing = await trx
      .selectFrom('refill_cycles')
      .select('status')
      .where('plan_id', '=', plan.id)
      .where('due_date', '=', next)
      .executeTakeFirst();
    if (!existing || (OPEN_CYCLE_STATES as readonly string[]).includes(existing.status)) break;
    next = addWeeks(next, plan.interval_weeks);
  }
  await trx
    .updateTable('refill_plans')
    .set({ next_date: next, updated_at: now })
    .where('id', '=', plan.id)
    .execute();
  await openCycleOf(trx, { ...(plan as RefillPlanTable), next_date: next }, now);
  return next;
}
