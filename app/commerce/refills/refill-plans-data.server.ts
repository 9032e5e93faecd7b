import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import { centsToDecimal } from '~/commerce/money';
import { OPEN_CYCLE_STATES } from './refill-plan-changes.server';
import { listRefillPlans } from './refill-plans.server';

/**
 * A shopper's refill plans in their data (docs/decisions/0064): the download holds each plan,
 * its lines and deliveries, never the card's token; deleting the account cancels the plans,
 * erases their address and phone, and hands back the tokens for the gateway to forget once the
 * erasure has committed.
 */
type Db = Kysely<DatabaseSchema>;

const iso = (ms: number) => new Date(ms).toISOString();

/** The plans as the data download writes them. */
export async function refillPlansForExport(db: Db, userId: string) {
  const plans = await listRefillPlans(db, userId);
  const cycles = plans.length
    ? await db
        .selectFrom('refill_cycles')
        .select(['plan_id', 'due_date', 'status', 'order_id'])
        .where(
          'plan_id',
          'in',
          plans.map((p) => p.id),
        )
        .orderBy('due_date')
        .execute()
    : [];
  return plans.map((plan) => ({
    id: plan.id,
    status: plan.status,
    everyWeeks: plan.intervalWeeks,
    nextDelivery: plan.status === 'cancelled' ? null : plan.nextDate,
    shipTo: plan.address,
    shippingOption: plan.shippingOption,
    // The card as the processor keeps it for us: never its number, nor the token that charges it.
    card: plan.card,
    reason: plan.reason,
    changedBy: plan.changedBy,
    createdAt: iso(plan.createdAt),
    lines: plan.lines.map((line) => ({
      productId: line.productId,
      name: line.name,
      quantity: line.quantity,
      unitPrice: Number(centsToDecimal(line.unitPrice)),
    })),
    deliveries: cycles
      .filter((cycle) => cycle.plan_id === plan.id)
      .map((cycle) => ({ date: cycle.due_date, status: cycle.status, orderId: cycle.order_id })),
  }));
}

/**
 * Within the account's erasure (its transaction): every plan of the account is cancelled (its
 * deliveries not yet charged with it), its address and phone erased, its token dropped.
 * Returns the tokens, for the gateway to forget after the commit.
 */
export async function eraseRefillPlansOf(trx: Db, userId: string, now = Date.now()): Promise<string[]> {
  const plans = await trx
    .selectFrom('refill_plans')
    .select(['id', 'card_token'])
    .where('user_id', '=', userId)
    .execute();
  if (plans.length === 0) return [];
  const ids = plans.map((p) => p.id);
  await trx
    .updateTable('refill_cycles')
    .set({ status: 'cancelled', next_attempt_at: null, updated_at: now })
    .where('plan_id', 'in', ids)
    .where('status', 'in', [...OPEN_CYCLE_STATES, 'declined'])
    .execute();
  await trx
    .updateTable('refill_plans')
    .set({
      status: 'cancelled',
      reason: 'The account was deleted.',
      changed_by: 'system',
      ship_name: '',
      ship_line1: '',
      ship_line2: '',
      ship_phone: '',
      card_token: null,
      updated_at: now,
    })
    .where('id', 'in', ids)
    .execute();
  return plans.flatMap((p) => (p.card_token ? [p.card_token] : []));
}
