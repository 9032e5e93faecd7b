import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import type { RefillCycleTable, RefillPlanTable } from '#server/db/schema-refills';
import { type ChargeOutcome, chargeCycle } from './refill-cycle-charge.server';
import { type RefillRun, cycleContext, mailFacts, mailShopper, priceOf } from './refill-cycle-data.server';
import { type PlaceOutcome, placeCycle } from './refill-cycle-place.server';
import { addDays, REMINDER_DAYS_AHEAD, RENEWAL_DAYS_AHEAD } from './refill-dates';
import { refillLink } from './refill-links.server';
import { refillReminderMail } from './refill-mail.server';
import { OPEN_CYCLE_STATES } from './refill-plan-changes.server';
import { noticePriceChanges } from './refill-price-notice.server';
import { uncoveredOn } from './refill-prescriptions.server';
import { sendRenewalNotice } from './refill-waiting.server';

/**
 * One pass of the refill scheduler (docs/decisions/0065), as of its clock's store date: the
 * prescription renewals 30 days ahead, the price changes and reminders 3 days ahead, the cycles
 * due placed and charged, and the charges left over (a crash, a decline's retry, units back).
 * Any number of passes may run at once (two instances, a retried job, the operator's command):
 * every step claims its row with a conditional UPDATE first, so each mail goes once and each
 * cycle is placed once and charged once. A cycle whose step fails is logged and left to the next.
 */
type Db = Kysely<DatabaseSchema>;

/** Cycles taken per step in one pass; the next pass takes the rest. */
const BATCH = 500;

export interface PassSummary {
  renewals: number;
  priceNotices: number;
  reminders: number;
  placed: number;
  charged: number;
  declined: number;
  failed: number;
  waiting: number;
  errors: number;
}

type CycleWithPlan = { cycle: RefillCycleTable; plan: RefillPlanTable };

/** The plans' next cycles (the one at the plan's next date) of active plans, as `where` narrows them. */
async function nextCycles(
  db: Db,
  narrow: (query: ReturnType<typeof cyclesOfActivePlans>) => ReturnType<typeof cyclesOfActivePlans>,
): Promise<CycleWithPlan[]> {
  const rows = await narrow(cyclesOfActivePlans(db)).orderBy('c.due_date').limit(BATCH).execute();
  return pairs(db, rows);
}

function cyclesOfActivePlans(db: Db) {
  return db
    .selectFrom('refill_cycles as c')
    .innerJoin('refill_plans as p', 'p.id', 'c.plan_id')
    .selectAll('c')
    .where('p.status', '=', 'active')
    .whereRef('c.due_date', '=', 'p.next_date');
}

async function pairs(db: Db, cycles: RefillCycleTable[]): Promise<CycleWithPlan[]> {
  if (cycles.length === 0) return [];
  const plans = await db
    .selectFrom('refill_plans')
    .selectAll()
    .where('id', 'in', [...new Set(cycles.map((cycle) => cycle.plan_id))])
    .execute();
  const byId = new Map(plans.map((plan) => [plan.id, plan]));
  return cycles.flatMap((cycle) => {
    const plan = byId.get(cycle.plan_id);
    return plan ? [{ cycle, plan }] : [];
  });
}

/** Sends the reminder with its signed links, once: `reminded_at` is claimed with the mail. */
async function remind(run: RefillRun, plan: RefillPlanTable, cycle: RefillCycleTable): Promise<boolean> {
  const { db } = run.services.database;
  const { env } = run.services;
  const context = await cycleContext(run, plan);
  if (!context) return false;
  const { shopper, lines } = context;
  const quoted = await priceOf(run, plan, shopper, lines).catch(() => undefined);
  const link = (action: 'skip' | 'date' | 'cancel') =>
    refillLink(env.APP_URL, env.AUTH_SECRET, { planId: plan.id, cycleId: cycle.id }, action);
  const content = refillReminderMail(
    mailFacts(run, plan, cycle, lines, shopper),
    { skip: link('skip'), date: link('date'), cancel: link('cancel') },
    quoted?.ok ? quoted.total : null,
  );
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('refill_cycles')
      .set({ reminded_at: run.now })
      .where('id', '=', cycle.id)
      .where('reminded_at', 'is', null)
      .where('status', '=', 'scheduled')
      .where('due_date', '=', cycle.due_date)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return false;
    await mailShopper(run, shopper, 'refill reminder', content, trx);
    return true;
  });
}

async function each<T>(
  items: readonly T[],
  summary: PassSummary,
  run: RefillRun,
  work: (item: T) => Promise<void>,
): Promise<void> {
  for (const item of items) {
    try {
      await work(item);
    } catch (error) {
      summary.errors++;
      run.services.logger.error({ err: error }, 'refill scheduler step failed');
    }
  }
}

function count(summary: PassSummary, outcome: ChargeOutcome | PlaceOutcome) {
  if (outcome === 'charged') summary.charged++;
  else if (outcome === 'declined') summary.declined++;
  else if (outcome === 'failed') summary.failed++;
  else if (outcome === 'waiting_stock' || outcome === 'waiting_prescription') summary.waiting++;
  else if (outcome === 'error') summary.errors++;
}

export async function runRefillPass(run: RefillRun): Promise<PassSummary> {
  const { db } = run.services.database;
  const summary: PassSummary = {
    renewals: 0,
    priceNotices: 0,
    reminders: 0,
    placed: 0,
    charged: 0,
    declined: 0,
    failed: 0,
    waiting: 0,
    errors: 0,
  };
  const soon = addDays(run.today, REMINDER_DAYS_AHEAD);

  // 30 days ahead: a prescription line its prescription will not cover on the cycle's date.
  const renewals = await nextCycles(db, (q) =>
    q
      .where('c.status', '=', 'scheduled')
      .where('c.renewal_notice_at', 'is', null)
      .where('c.due_date', '>', run.today)
      .where('c.due_date', '<=', addDays(run.today, RENEWAL_DAYS_AHEAD))
      // Only plans with a line that needs a prescription (1: SQLite has no boolean).
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('refill_plan_lines as l')
            .innerJoin('products as r', 'r.id', 'l.product_id')
            .select('l.id')
            .whereRef('l.plan_id', '=', 'p.id')
            .where('r.prescription_required', '=', 1),
        ),
      ),
  );
  await each(renewals, summary, run, async ({ plan, cycle }) => {
    const context = await cycleContext(run, plan);
    if (!context) return;
    const uncovered = await uncoveredOn(
      db,
      run.services.healthData,
      plan.user_id,
      context.lines.map((l) => ({
        productId: l.product_id,
        name: l.name,
        prescriptionRequired: l.prescriptionRequired,
      })),
      cycle.due_date,
    );
    if (uncovered.length > 0 && (await sendRenewalNotice(run, plan, cycle, uncovered, false)))
      summary.renewals++;
  });

  // From 3 days ahead: a price that changed is told, then the reminder goes.
  const upcoming = await nextCycles(db, (q) =>
    q
      .where('c.status', 'in', OPEN_CYCLE_STATES)
      .where('c.order_id', 'is', null)
      .where('c.due_date', '<=', soon),
  );
  await each(upcoming, summary, run, async ({ plan, cycle }) => {
    const context = await cycleContext(run, plan);
    if (!context) return;
    const notice = await noticePriceChanges(run, plan, cycle, context.lines, context.shopper);
    if (notice !== 'none') summary.priceNotices++;
  });
  const reminders = await nextCycles(db, (q) =>
    q
      .where('c.status', '=', 'scheduled')
      .where('c.reminded_at', 'is', null)
      .where('c.due_date', '>', run.today)
      .where('c.due_date', '<=', soon),
  );
  await each(reminders, summary, run, async ({ plan, cycle }) => {
    if (await remind(run, plan, cycle)) summary.reminders++;
  });

  // Due: placed (the order, its units, the claim) and charged at once.
  const due = await nextCycles(db, (q) =>
    q
      .where('c.status', 'in', OPEN_CYCLE_STATES)
      .where('c.order_id', 'is', null)
      .where('c.due_date', '<=', run.today),
  );
  // A cycle charged in this pass is not tried again in it (a processor that did not answer).
  const tried = new Set<string>();
  await each(due, summary, run, async ({ plan, cycle }) => {
    tried.add(cycle.id);
    const placed = await placeCycle(run, plan, cycle);
    count(summary, placed.outcome);
    if (placed.outcome !== 'placed') return;
    summary.placed++;
    const fresh = await db
      .selectFrom('refill_cycles')
      .selectAll()
      .where('id', '=', cycle.id)
      .executeTakeFirstOrThrow();
    count(summary, await chargeCycle(run, fresh));
  });

  // Left over: a charge whose outcome was not recorded (a crash), a decline due again, units back.
  const charging = await db
    .selectFrom('refill_cycles')
    .selectAll()
    .where('order_id', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'placed'),
        eb.and([eb('status', '=', 'declined'), eb('next_attempt_at', '<=', run.now)]),
        eb('status', '=', 'waiting_stock'),
      ]),
    )
    .orderBy('due_date')
    .limit(BATCH)
    .execute();
  await each(
    charging.filter((cycle) => !tried.has(cycle.id)),
    summary,
    run,
    async (cycle) => count(summary, await chargeCycle(run, cycle)),
  );
  return summary;
}
