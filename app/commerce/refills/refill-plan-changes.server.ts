import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import type { RefillCycleTable, RefillPlanTable } from '#server/db/schema-refills';
import { type Actor, recordAudit } from '~/console/audit.server';
import { storeDate } from '~/lib/store-time';
import { advancePlan, OPEN_CYCLE_STATES, openCycleOf } from './refill-cycle-rows.server';
import { isCalendarDate, movableRange } from './refill-dates';

export { advancePlan, OPEN_CYCLE_STATES, openCycleOf };

/**
 * The state rules of a refill plan (docs/decisions/0065): skip the next delivery, move its
 * date, pause, resume, cancel. The mail's one-click links, the shopper's account page and the
 * console all call these; each takes the plan's id once the caller has checked whose it is.
 *
 * The plan's `next_date` is always the date of its next cycle not yet placed (its "open" cycle,
 * whose row exists): the scheduler moves it on in the transaction that places a cycle's order,
 * so a placed or charged cycle is never the one skipped or moved: "skip" then means the next.
 * Every change is one transaction that first updates the plan's row under its expected status
 * (a row lock on PostgreSQL, the one writer on SQLite), so a change and the scheduler, or two
 * clicks, never both act on the same cycle.
 */
type Db = Kysely<DatabaseSchema>;

export type ChangedBy = 'shopper' | 'staff' | 'system';

export interface PlanChangeBy {
  by: ChangedBy;
  /** Why: required from staff (it is audited), optional otherwise. At most 500 characters. */
  reason?: string;
  /** The member of staff, when `by` is 'staff': the change is audited in its transaction. */
  staff?: Actor;
  /** The store's clock (tests, the scheduler's test clock). */
  now?: number;
}

/**
 * For a skip or a move: the cycle the shopper was shown (a mail's link, a page's form). When the
 * plan has moved on from it meanwhile (a double click, a second tab), nothing changes: the
 * change is refused rather than applied to the cycle after it.
 */
export interface ForCycle {
  cycleId?: string;
}

export class RefillPlanChangeError extends Error {
  constructor(
    readonly code: 'not_found' | 'conflict' | 'invalid',
    message: string,
  ) {
    super(message);
  }
}

const CANCELLED_IS_FINAL = 'This refill plan was cancelled. A cancelled plan cannot be changed.';
const PAUSED = 'This refill plan is paused. Resume it first.';

async function lockPlan(trx: Db, planId: string, from: readonly RefillPlanTable['status'][], now: number) {
  // The update takes the plan's row lock (PostgreSQL) before anything is read.
  const touched = await trx
    .updateTable('refill_plans')
    .set({ updated_at: now })
    .where('id', '=', planId)
    .where('status', 'in', from)
    .executeTakeFirst();
  const plan = await trx.selectFrom('refill_plans').selectAll().where('id', '=', planId).executeTakeFirst();
  if (!plan) throw new RefillPlanChangeError('not_found', 'There is no such refill plan.');
  if (Number(touched.numUpdatedRows) !== 1) {
    if (plan.status === 'cancelled') throw new RefillPlanChangeError('conflict', CANCELLED_IS_FINAL);
    if (plan.status === 'paused') throw new RefillPlanChangeError('conflict', PAUSED);
    throw new RefillPlanChangeError('conflict', 'This refill plan is already active.');
  }
  return plan;
}

const MOVED_ON =
  'This delivery was already skipped, moved on or sent. See your refill plan for the next one.';

function expectCycle(cycle: RefillCycleTable, change: ForCycle) {
  if (change.cycleId !== undefined && change.cycleId !== cycle.id) {
    throw new RefillPlanChangeError('conflict', MOVED_ON);
  }
}

function reasonOf(change: PlanChangeBy): string | null {
  const reason = change.reason?.trim() ?? '';
  if (reason.length > 500) throw new RefillPlanChangeError('invalid', 'Keep the reason to 500 characters.');
  if (change.by === 'staff' && (reason === '' || !change.staff)) {
    throw new RefillPlanChangeError('invalid', 'Give the reason for this change.');
  }
  return reason === '' ? null : reason;
}

async function audit(
  trx: Db,
  change: PlanChangeBy,
  action: string,
  planId: string,
  after: object,
  now: number,
) {
  if (change.by === 'staff' && change.staff) {
    await recordAudit(trx, change.staff, { action, targetType: 'refill_plan', targetId: planId, after }, now);
  }
}

export interface SkipResult {
  skippedDate: string;
  nextDate: string;
}

/** Skips the plan's next delivery (the one not yet placed); the plan moves on one interval. */
export async function skipNextCycle(
  db: Db,
  planId: string,
  change: PlanChangeBy & ForCycle,
): Promise<SkipResult> {
  const now = change.now ?? Date.now();
  return db.transaction().execute(async (trx) => {
    const plan = await lockPlan(trx, planId, ['active'], now);
    const cycle = await openCycleOf(trx, plan, now);
    expectCycle(cycle, change);
    const skipped = await trx
      .updateTable('refill_cycles')
      .set({ status: 'skipped', updated_at: now, message: null })
      .where('id', '=', cycle.id)
      .where('status', 'in', OPEN_CYCLE_STATES)
      .executeTakeFirst();
    if (Number(skipped.numUpdatedRows) !== 1) {
      throw new RefillPlanChangeError(
        'conflict',
        'This delivery is already being prepared. Try again in a minute.',
      );
    }
    const nextDate = await advancePlan(trx, plan, cycle.due_date, now);
    await audit(trx, change, 'refill_plan.skip', planId, { skipped: cycle.due_date, next: nextDate }, now);
    return { skippedDate: cycle.due_date, nextDate };
  });
}

/**
 * Moves the plan's next delivery to `date` (tomorrow at the earliest, a year ahead at the
 * latest, the store's days); later ones follow on from it. Its reminder goes again for the new date.
 */
export async function changeNextDate(
  db: Db,
  planId: string,
  date: string,
  change: PlanChangeBy & ForCycle,
): Promise<{ from: string; to: string }> {
  const now = change.now ?? Date.now();
  const { first, last } = movableRange(storeDate(now));
  if (!isCalendarDate(date))
    throw new RefillPlanChangeError('invalid', 'Enter the date as a day of the calendar.');
  if (date < first || date > last) {
    throw new RefillPlanChangeError('invalid', 'Choose a date from tomorrow to a year from today.');
  }
  return db.transaction().execute(async (trx) => {
    const plan = await lockPlan(trx, planId, ['active', 'paused'], now);
    const cycle = await openCycleOf(trx, plan, now);
    expectCycle(cycle, change);
    if (cycle.due_date === date) return { from: date, to: date };
    // A skipped (or cancelled) cycle on that day gives way: the shopper wants a delivery then.
    const taken = await trx
      .selectFrom('refill_cycles')
      .select(['id', 'status'])
      .where('plan_id', '=', planId)
      .where('due_date', '=', date)
      .executeTakeFirst();
    if (taken) {
      if (taken.status !== 'skipped' && taken.status !== 'cancelled') {
        throw new RefillPlanChangeError('conflict', 'A delivery of this plan is already on that date.');
      }
      await trx.deleteFrom('refill_cycles').where('id', '=', taken.id).execute();
    }
    const moved = await trx
      .updateTable('refill_cycles')
      .set({
        due_date: date,
        status: 'scheduled',
        message: null,
        reminded_at: null,
        renewal_notice_at: null,
        updated_at: now,
      })
      .where('id', '=', cycle.id)
      .where('status', 'in', OPEN_CYCLE_STATES)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) {
      throw new RefillPlanChangeError(
        'conflict',
        'This delivery is already being prepared. Try again in a minute.',
      );
    }
    await trx.updateTable('refill_plans').set({ next_date: date }).where('id', '=', planId).execute();
    await audit(trx, change, 'refill_plan.move', planId, { from: cycle.due_date, to: date }, now);
    return { from: cycle.due_date, to: date };
  });
}

/** Pauses an active plan: nothing is placed, charged or mailed until it is resumed. */
export async function pausePlan(db: Db, planId: string, change: PlanChangeBy): Promise<RefillPlanTable> {
  const now = change.now ?? Date.now();
  const reason = reasonOf(change);
  return db.transaction().execute(async (trx) => {
    const plan = await lockPlan(trx, planId, ['active'], now);
    await trx
      .updateTable('refill_plans')
      .set({ status: 'paused', reason, changed_by: change.by })
      .where('id', '=', planId)
      .execute();
    await audit(trx, change, 'refill_plan.pause', planId, { reason }, now);
    return { ...plan, status: 'paused', reason, changed_by: change.by, updated_at: now };
  });
}

/**
 * Resumes a paused plan. A next date already passed while it was paused becomes tomorrow, so
 * nothing is charged the moment it resumes and the reminder still goes first.
 */
export async function resumePlan(db: Db, planId: string, change: PlanChangeBy): Promise<RefillPlanTable> {
  const now = change.now ?? Date.now();
  const reason = change.by === 'staff' ? reasonOf(change) : null;
  return db.transaction().execute(async (trx) => {
    const plan = await lockPlan(trx, planId, ['paused'], now);
    const cycle = await openCycleOf(trx, plan, now);
    const { first } = movableRange(storeDate(now));
    let nextDate = plan.next_date;
    if (nextDate < first) {
      nextDate = first;
      await trx
        .deleteFrom('refill_cycles')
        .where('plan_id', '=', planId)
        .where('due_date', '=', first)
        .where('status', 'in', ['skipped', 'cancelled'])
        .execute();
      await trx
        .updateTable('refill_cycles')
        .set({ due_date: first, status: 'scheduled', message: null, reminded_at: null, updated_at: now })
        .where('id', '=', cycle.id)
        .execute();
    }
    await trx
      .updateTable('refill_plans')
      .set({ status: 'active', next_date: nextDate, reason: null, changed_by: change.by })
      .where('id', '=', planId)
      .execute();
    await audit(trx, change, 'refill_plan.resume', planId, { next: nextDate, reason }, now);
    return {
      ...plan,
      status: 'active',
      next_date: nextDate,
      reason: null,
      changed_by: change.by,
      updated_at: now,
    };
  });
}

/**
 * Cancels a plan, for good: its cycles not yet charged are cancelled (a declined one is not
 * tried again). The caller asks the gateway to forget the saved card (`card_token` of the result).
 */
export async function cancelPlan(db: Db, planId: string, change: PlanChangeBy): Promise<RefillPlanTable> {
  const now = change.now ?? Date.now();
  const reason = reasonOf(change);
  return db.transaction().execute(async (trx) => {
    const plan = await lockPlan(trx, planId, ['active', 'paused'], now);
    await trx
      .updateTable('refill_cycles')
      .set({ status: 'cancelled', next_attempt_at: null, updated_at: now })
      .where('plan_id', '=', planId)
      .where('status', 'in', [...OPEN_CYCLE_STATES, 'declined'])
      .execute();
    await trx
      .updateTable('refill_plans')
      .set({ status: 'cancelled', reason, changed_by: change.by })
      .where('id', '=', planId)
      .execute();
    await audit(trx, change, 'refill_plan.cancel', planId, { reason }, now);
    return { ...plan, status: 'cancelled', reason, changed_by: change.by, updated_at: now };
  });
}
