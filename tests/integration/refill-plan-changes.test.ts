import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeNoon } from '../../app/commerce/refills/refill-dates';
import {
  advancePlan,
  cancelPlan,
  changeNextDate,
  openCycleOf,
  pausePlan,
  RefillPlanChangeError,
  resumePlan,
  skipNextCycle,
} from '../../app/commerce/refills/refill-plan-changes.server';
import { openMigratedTestDatabase, testEngines } from '../support/test-database';

/**
 * The state rules of a refill plan (docs/decisions/0065) on both engines: skip exactly the next
 * delivery not yet placed, move its date within tomorrow..a year, pause, resume, cancel for good;
 * staff changes need a reason and are audited; an impossible move says why and changes nothing.
 */
const TODAY = '2027-03-01';
const NOW = storeNoon(TODAY);

describe.each(testEngines)('refill plan changes on %s', (engine) => {
  let t: Awaited<ReturnType<typeof openMigratedTestDatabase>>;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await openMigratedTestDatabase(engine);
  });
  afterAll(async () => {
    await t.cleanup();
  });

  async function plan(nextDate = '2027-03-10', weeks = 4) {
    const id = randomUUID();
    const row = {
      id,
      user_id: `user-${id}`,
      status: 'active' as const,
      interval_weeks: weeks,
      next_date: nextDate,
      ship_name: 'Rita',
      ship_line1: '1 Elm St',
      ship_line2: '',
      ship_city: 'Columbus',
      ship_state: 'OH',
      ship_zip: '43215',
      ship_phone: '614-555-0100',
      shipping_option: 'standard',
      card_token: 'test_tok_ok_x',
      card_brand: 'Visa',
      card_last4: '4242',
      card_expiry: '12/39',
      reason: null,
      changed_by: null,
      created_at: NOW,
      updated_at: NOW,
    };
    await db().insertInto('refill_plans').values(row).execute();
    const cycle = await openCycleOf(db(), row, NOW);
    return { id, cycleId: cycle.id };
  }
  const planRow = (id: string) =>
    db().selectFrom('refill_plans').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const cycles = (id: string) =>
    db().selectFrom('refill_cycles').selectAll().where('plan_id', '=', id).orderBy('due_date').execute();
  const refused = async (promise: Promise<unknown>, message: RegExp) => {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RefillPlanChangeError);
    expect((error as Error).message).toMatch(message);
  };

  it('skips exactly the next delivery, and the one shown only', async () => {
    const { id, cycleId } = await plan('2027-03-10');
    const skipped = await skipNextCycle(db(), id, { by: 'shopper', cycleId, now: NOW });
    expect(skipped).toEqual({ skippedDate: '2027-03-10', nextDate: '2027-04-07' });
    expect((await planRow(id)).next_date).toBe('2027-04-07');
    expect((await cycles(id)).map((c) => [c.due_date, c.status])).toEqual([
      ['2027-03-10', 'skipped'],
      ['2027-04-07', 'scheduled'],
    ]);
    // The same link again (a double click): refused, the next delivery stays.
    await refused(skipNextCycle(db(), id, { by: 'shopper', cycleId, now: NOW }), /already skipped/);
    expect((await planRow(id)).next_date).toBe('2027-04-07');
  });

  it('skips the one after a delivery already placed', async () => {
    const { id, cycleId } = await plan('2027-03-01');
    // As the scheduler places it: the order's cycle, and the plan moved on in the same step.
    await db()
      .updateTable('refill_cycles')
      .set({ status: 'placed', order_id: 'order-1' })
      .where('id', '=', cycleId)
      .execute();
    await advancePlan(db(), { id, interval_weeks: 4 }, '2027-03-01', NOW);
    const skipped = await skipNextCycle(db(), id, { by: 'shopper', now: NOW });
    expect(skipped).toEqual({ skippedDate: '2027-03-29', nextDate: '2027-04-26' });
    expect((await cycles(id)).map((c) => c.status)).toEqual(['placed', 'skipped', 'scheduled']);
  });

  it('moves the next delivery from tomorrow to a year ahead, keeping its cycle', async () => {
    const { id, cycleId } = await plan('2027-03-10');
    await db().updateTable('refill_cycles').set({ reminded_at: NOW }).where('id', '=', cycleId).execute();
    for (const [date, message] of [
      ['2027-03-01', /from tomorrow/],
      ['2028-03-01', /from tomorrow to a year/],
      ['2027-02-30', /day of the calendar/],
      ['soon', /day of the calendar/],
    ] as const) {
      await refused(changeNextDate(db(), id, date, { by: 'shopper', now: NOW }), message);
    }
    expect(await changeNextDate(db(), id, '2027-03-02', { by: 'shopper', cycleId, now: NOW })).toEqual({
      from: '2027-03-10',
      to: '2027-03-02',
    });
    const [moved] = await cycles(id);
    expect(moved).toMatchObject({
      id: cycleId,
      due_date: '2027-03-02',
      status: 'scheduled',
      reminded_at: null,
    });
    expect((await planRow(id)).next_date).toBe('2027-03-02');
    // The rhythm follows on from the new date.
    expect((await skipNextCycle(db(), id, { by: 'shopper', now: NOW })).nextDate).toBe('2027-03-30');
    // Back onto the day just skipped: the skipped row gives way.
    await changeNextDate(db(), id, '2027-03-02', { by: 'shopper', now: NOW });
    expect((await cycles(id)).map((c) => [c.due_date, c.status])).toEqual([['2027-03-02', 'scheduled']]);
  });

  it('pauses, resumes (a passed date becomes tomorrow) and cancels for good', async () => {
    const { id } = await plan('2027-03-05');
    await pausePlan(db(), id, { by: 'shopper', reason: 'Away', now: NOW });
    expect(await planRow(id)).toMatchObject({ status: 'paused', reason: 'Away', changed_by: 'shopper' });
    await refused(pausePlan(db(), id, { by: 'shopper', now: NOW }), /paused/);
    await refused(skipNextCycle(db(), id, { by: 'shopper', now: NOW }), /paused/);
    const later = storeNoon('2027-03-20');
    await resumePlan(db(), id, { by: 'shopper', now: later });
    expect(await planRow(id)).toMatchObject({ status: 'active', next_date: '2027-03-21', reason: null });
    expect((await cycles(id)).map((c) => [c.due_date, c.status])).toEqual([['2027-03-21', 'scheduled']]);
    await refused(resumePlan(db(), id, { by: 'shopper', now: later }), /already active/);
    await cancelPlan(db(), id, { by: 'shopper', now: later });
    expect((await planRow(id)).status).toBe('cancelled');
    expect((await cycles(id)).map((c) => c.status)).toEqual(['cancelled']);
    for (const change of [
      () => skipNextCycle(db(), id, { by: 'shopper', now: later }),
      () => changeNextDate(db(), id, '2027-04-01', { by: 'shopper', now: later }),
      () => pausePlan(db(), id, { by: 'shopper', now: later }),
      () => resumePlan(db(), id, { by: 'shopper', now: later }),
      () => cancelPlan(db(), id, { by: 'shopper', now: later }),
    ]) {
      await refused(change(), /cancelled/);
    }
    await refused(skipNextCycle(db(), randomUUID(), { by: 'shopper', now: later }), /no such refill plan/);
  });

  it('needs a reason from staff and audits their change with it', async () => {
    const { id } = await plan('2027-03-10');
    const staff = { id: 'staff-1', email: 'staff@example.com' };
    await refused(pausePlan(db(), id, { by: 'staff', staff, reason: '  ', now: NOW }), /reason/);
    await refused(pausePlan(db(), id, { by: 'staff', staff, reason: 'x'.repeat(501), now: NOW }), /500/);
    expect((await planRow(id)).status).toBe('active');
    await pausePlan(db(), id, { by: 'staff', staff, reason: 'Asked by phone', now: NOW });
    await cancelPlan(db(), id, { by: 'staff', staff, reason: 'Moved abroad', now: NOW });
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'actor_email', 'after'])
      .where('target_id', '=', id)
      .orderBy('at')
      .execute();
    expect(audit.map((row) => [row.action, row.actor_email, JSON.parse(row.after ?? '{}')])).toEqual([
      ['refill_plan.pause', 'staff@example.com', { reason: 'Asked by phone' }],
      ['refill_plan.cancel', 'staff@example.com', { reason: 'Moved abroad' }],
    ]);
    expect(await planRow(id)).toMatchObject({
      status: 'cancelled',
      reason: 'Moved abroad',
      changed_by: 'staff',
    });
  });

  it('two skips at once skip one delivery', async () => {
    const { id, cycleId } = await plan('2027-03-10');
    const results = await Promise.allSettled([
      skipNextCycle(db(), id, { by: 'shopper', cycleId, now: NOW }),
      skipNextCycle(db(), id, { by: 'shopper', cycleId, now: NOW }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((await planRow(id)).next_date).toBe('2027-04-07');
    expect((await cycles(id)).map((c) => c.status)).toEqual(['skipped', 'scheduled']);
  });
});
