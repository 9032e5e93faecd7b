import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import type { RefillPlanTable } from '#server/db/schema-refills';
import { CARD_BRAND_LABELS, type CardBrand } from '~/commerce/checkout/checkout';
import type { OrderRow } from '~/commerce/orders/orders.server';

/**
 * A refill charge's attempt (docs/decisions/0065): its idempotency key, one per cycle and
 * attempt, and the payment attempt row that holds the order's lock and shows staff the try.
 */
type Db = Kysely<DatabaseSchema>;

/** Longer than any gateway call (30 s time limit), as the checkout's payment lock. */
export const REFILL_LOCK_MS = 60_000;

export const chargeKey = (cycleId: string, attempt: number) => `refill:${cycleId}:${attempt}`;

/** The brand as orders keep it ('visa'), from the processor's name for it ('Visa'). */
export function orderCardBrand(brand: string | null): CardBrand {
  const known = (Object.entries(CARD_BRAND_LABELS) as [CardBrand, string][]).find(
    ([, label]) => label.toLowerCase() === brand?.toLowerCase(),
  );
  return known?.[0] ?? 'card';
}

/** The payment attempt row of this key: the order's lock holder, the console's record of it. */
export async function attemptRow(
  trx: Db,
  order: Pick<OrderRow, 'id'>,
  plan: Pick<RefillPlanTable, 'card_brand' | 'card_last4'>,
  key: string,
  id: string = randomUUID(),
  now = Date.now(),
): Promise<string> {
  await trx
    .insertInto('payment_attempts')
    .values({
      id,
      order_id: order.id,
      idempotency_key: key,
      request_hash: createHash('sha256').update(key).digest('hex'),
      status: 'processing',
      message: null,
      transaction_id: null,
      created_at: now,
      finished_at: null,
      method: 'card',
      card_brand: orderCardBrand(plan.card_brand),
      last4: plan.card_last4,
    })
    .onConflict((oc) => oc.columns(['order_id', 'idempotency_key']).doNothing())
    .execute();
  const row = await trx
    .selectFrom('payment_attempts')
    .select('id')
    .where('order_id', '=', order.id)
    .where('idempotency_key', '=', key)
    .executeTakeFirstOrThrow();
  return row.id;
}
