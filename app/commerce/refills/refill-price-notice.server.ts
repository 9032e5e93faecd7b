import type { RefillCycleTable, RefillPlanTable } from '#server/db/schema-refills';
import {
  type NamedLine,
  type RefillRun,
  type Shopper,
  mailFacts,
  mailShopper,
} from './refill-cycle-data.server';
import { addDays, REMINDER_DAYS_AHEAD } from './refill-dates';
import { refillPriceChangeMail } from './refill-mail.server';
import { changeNextDate, RefillPlanChangeError } from './refill-plan-changes.server';

/**
 * A price change is mailed before the cycle it affects (docs/decisions/0065). From the reminder
 * on, each pass compares every line's agreed price with the catalogue's; a difference is mailed
 * once and the line takes the new price, in one transaction whose UPDATEs are guarded by the old
 * price, so two passes mail it once. A rise found less than 3 days before the cycle moves the
 * cycle to 3 days from today: a shopper always hears of a higher price 3 days before paying it.
 */
export type PriceNotice = 'none' | 'noticed' | 'moved';

class AlreadyNoticed extends Error {}

export async function noticePriceChanges(
  run: RefillRun,
  plan: RefillPlanTable,
  cycle: RefillCycleTable,
  lines: readonly NamedLine[],
  shopper: Shopper,
): Promise<PriceNotice> {
  const { db } = run.services.database;
  const changed = lines.filter(
    (line) => line.currentPrice !== undefined && line.currentPrice !== line.unit_price,
  );
  if (changed.length === 0) return 'none';
  const rose = changed.some((line) => (line.currentPrice ?? 0) > line.unit_price);
  const earliest = addDays(run.today, REMINDER_DAYS_AHEAD);
  const moved = rose && cycle.due_date < earliest && (await moveCycle(run, plan, earliest));
  const facts = mailFacts(
    run,
    plan,
    moved ? { due_date: earliest } : cycle,
    lines.map((line) => ({ ...line, unit_price: line.currentPrice ?? line.unit_price })),
    shopper,
  );
  const changes = changed.map((line) => ({
    name: line.name,
    before: line.unit_price,
    after: line.currentPrice ?? 0,
  }));
  try {
    await db.transaction().execute(async (trx) => {
      for (const line of changed) {
        const updated = await trx
          .updateTable('refill_plan_lines')
          .set({ unit_price: line.currentPrice ?? line.unit_price })
          .where('id', '=', line.id)
          .where('unit_price', '=', line.unit_price)
          .executeTakeFirst();
        // Another pass told the shopper first: undo this one's changes, send nothing.
        if (Number(updated.numUpdatedRows) !== 1) throw new AlreadyNoticed();
      }
      await trx
        .updateTable('refill_cycles')
        .set({ price_notice_at: run.now, updated_at: run.now })
        .where('id', '=', cycle.id)
        .execute();
      await mailShopper(run, shopper, 'refill price change', refillPriceChangeMail(facts, changes), trx);
    });
  } catch (error) {
    if (error instanceof AlreadyNoticed) return moved ? 'moved' : 'none';
    throw error;
  }
  return moved ? 'moved' : 'noticed';
}

async function moveCycle(run: RefillRun, plan: RefillPlanTable, date: string): Promise<boolean> {
  try {
    await changeNextDate(run.services.database.db, plan.id, date, { by: 'system', now: run.now });
    return true;
  } catch (error) {
    if (!(error instanceof RefillPlanChangeError)) throw error;
    run.services.logger.warn({ plan: plan.id, err: error }, 'refill cycle not moved after a price rise');
    return false;
  }
}
