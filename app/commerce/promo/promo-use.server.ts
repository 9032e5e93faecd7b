import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import { availability, limitReachedMessage } from './promo';
import { toPromotion } from './promotions-db.server';

type Db = Kysely<DatabaseSchema>;

/**
 * A code's use, counted at payment (docs/decisions/0052): taken in the transaction that takes the
 * order's payment lock and its units, before the processor is called, so no discounted amount is
 * ever charged without a use; given back, with the units, when the charge fails or its attempt
 * dies. The count is a conditional update (`used < usage_limit`): PostgreSQL's row lock and
 * SQLite's single writer let exactly as many payments through as the limit allows.
 */
export class PromoRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PromoRefusedError';
  }
}

/** Orders (paid or being paid) of this buyer holding a use of the promotion. */
export async function customerUses(
  db: Db,
  promotionId: string,
  buyer: { id?: string | null; email?: string | null },
): Promise<number> {
  const email = buyer.email?.trim().toLowerCase();
  const row = await db
    .selectFrom('promotion_uses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('promotion_id', '=', promotionId)
    .where((eb) =>
      eb.or([
        ...(buyer.id ? [eb('user_id', '=', buyer.id)] : []),
        ...(email ? [eb('email', '=', email)] : [eb.val(false)]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const again = (problem: string) => `${problem} Please remove it from your cart and check out again.`;

/**
 * Takes a use of the order's code for this buyer, or throws PromoRefusedError (and the caller's
 * transaction takes nothing). Nothing to take for an order without a code, or one holding a use.
 */
export async function takePromoUse(trx: Db, orderId: string, email: string, now: number): Promise<void> {
  const order = await trx
    .selectFrom('orders')
    .select(['promo_code', 'user_id'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  if (!order.promo_code) return;
  const held = await trx
    .selectFrom('promotion_uses')
    .select('order_id')
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  if (held) return;
  const taken = await trx
    .updateTable('promotions')
    .set({ used: sql`used + 1`, updated_at: now })
    .where('code', '=', order.promo_code)
    .where('paused', '=', 0)
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('used', '<', eb.ref('usage_limit'))]))
    .returning(['id', 'per_customer_limit'])
    .executeTakeFirst();
  if (!taken) {
    const row = await trx
      .selectFrom('promotions')
      .selectAll()
      .where('code', '=', order.promo_code)
      .executeTakeFirst();
    const problem = row ? availability(toPromotion(row), now) : null;
    const code = order.promo_code;
    throw new PromoRefusedError(
      !problem || problem === limitReachedMessage(code) ? limitReachedMessage(code) : again(problem),
    );
  }
  const buyer = { id: order.user_id, email };
  if (taken.per_customer_limit !== null) {
    // The row is locked by the update above until commit: this buyer's other payments wait here.
    if ((await customerUses(trx, taken.id, buyer)) >= Number(taken.per_customer_limit))
      throw new PromoRefusedError(
        again(`You have already used ${order.promo_code} as many times as it allows.`),
      );
  }
  await trx
    .insertInto('promotion_uses')
    .values({
      order_id: orderId,
      promotion_id: taken.id,
      user_id: order.user_id,
      email: email.trim().toLowerCase(),
      created_at: now,
    })
    .execute();
}

/** Gives the order's use back (its charge failed, or its attempt died): the code may be used again. */
export async function releasePromoUse(trx: Db, orderId: string, now: number): Promise<void> {
  const use = await trx
    .selectFrom('promotion_uses')
    .select('promotion_id')
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  if (!use) return;
  await trx.deleteFrom('promotion_uses').where('order_id', '=', orderId).execute();
  await trx
    .updateTable('promotions')
    .set({ used: sql`used - 1`, updated_at: now })
    .where('id', '=', use.promotion_id)
    .execute();
}
