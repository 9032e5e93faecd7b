import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import type { RefillCycleTable, RefillPlanTable } from '#server/db/schema-refills';
import { OPEN_CYCLE_STATES } from './refill-plan-changes.server';
import { type RefillLinkAction, refillLinkPath } from './refill-paths';

/**
 * The reminder mail's one-click links (docs/decisions/0065): skip this delivery, change its
 * date, cancel the plan. Each is the cycle's id and the action, signed with the store's secret
 * (as the receipt and unsubscribe links are): nothing is stored, no id can be guessed into a
 * working link, and a skip link cannot be turned into a cancel one. A link works only while its
 * cycle is still the plan's next and not yet placed; after that it says so and does nothing.
 */
type Db = Kysely<DatabaseSchema>;

const linkKey = (secret: string, planId: string, cycleId: string, action: RefillLinkAction) =>
  createHmac('sha256', secret).update(`refill-link:${action}:${planId}:${cycleId}`).digest('base64url');

export function refillLink(
  appUrl: string,
  secret: string,
  cycle: { planId: string; cycleId: string },
  action: RefillLinkAction,
): string {
  return `${appUrl}${refillLinkPath(cycle.cycleId, action)}?key=${linkKey(secret, cycle.planId, cycle.cycleId, action)}`;
}

export type RefillLinkCheck =
  | { valid: true; plan: RefillPlanTable; cycle: RefillCycleTable }
  /** `unknown`: no such link (a typo, a tampered key); `stale`: its delivery is past changing. */
  | { valid: false; why: 'unknown' | 'stale' };

const CYCLE_ID = /^[0-9a-f-]{36}$/;
const KEY = /^[A-Za-z0-9_-]{43}$/;

/** What a link names, if its key is right and its cycle can still be changed. */
export async function checkRefillLink(
  db: Db,
  secret: string,
  cycleId: string,
  action: RefillLinkAction,
  key: string | null,
): Promise<RefillLinkCheck> {
  if (!CYCLE_ID.test(cycleId) || !key || !KEY.test(key)) return { valid: false, why: 'unknown' };
  const cycle = await db.selectFrom('refill_cycles').selectAll().where('id', '=', cycleId).executeTakeFirst();
  if (!cycle) return { valid: false, why: 'unknown' };
  const expected = Buffer.from(linkKey(secret, cycle.plan_id, cycle.id, action));
  const given = Buffer.from(key);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { valid: false, why: 'unknown' };
  const plan = await db
    .selectFrom('refill_plans')
    .selectAll()
    .where('id', '=', cycle.plan_id)
    .executeTakeFirstOrThrow();
  const open = (OPEN_CYCLE_STATES as readonly string[]).includes(cycle.status);
  const next = plan.next_date === cycle.due_date;
  const live = action === 'cancel' ? plan.status !== 'cancelled' : plan.status === 'active';
  return open && next && live ? { valid: true, plan, cycle } : { valid: false, why: 'stale' };
}
