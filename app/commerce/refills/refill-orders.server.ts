import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import type { RefillCycleStatus } from '#server/db/schema-refills';

/**
 * The cycle states whose order exists and is still the scheduler's to finish: being charged (or
 * its charge's outcome not yet recorded), declined and to be tried again, or waiting for units.
 */
export const CHARGING_CYCLE_STATES = [
  'placed',
  'declined',
  'waiting_stock',
] as const satisfies readonly RefillCycleStatus[];

/**
 * The unpaid orders of refill cycles still being charged (docs/decisions/0065): the abandoned
 * order sweep and a shopper's new checkout leave these alone, since the scheduler charges them
 * again under the same idempotency key (a crash, a retry after a decline).
 */
export function refillOrdersInFlight(db: Kysely<DatabaseSchema>) {
  return db
    .selectFrom('refill_cycles')
    .select('order_id')
    .where('status', 'in', CHARGING_CYCLE_STATES)
    .where('order_id', 'is not', null)
    .$narrowType<{ order_id: string }>();
}
