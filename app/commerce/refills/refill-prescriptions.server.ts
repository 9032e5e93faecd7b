import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import { storeDate } from '~/lib/store-time';
import { addDays } from './refill-dates';

/**
 * Whether a refill's prescription line is covered on a cycle's date (docs/decisions/0065). A
 * prescription is the one staff approved on the shopper's earlier order of that product; it is
 * taken as valid for 12 months from its review (the date of the prescription and its length of
 * need, where the claim data gives them, are a later refinement: see the decision record).
 */
type Db = Kysely<DatabaseSchema>;

export const PRESCRIPTION_VALID_DAYS = 365;

/** The last day each product's newest approved prescription for this shopper covers. */
export async function prescriptionCover(
  db: Db,
  userId: string,
  productIds: readonly string[],
): Promise<Map<string, string>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('prescriptions as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .innerJoin('order_items as i', 'i.order_id', 'o.id')
    .select(['i.product_id'])
    .select((eb) => eb.fn.max('p.reviewed_at').as('reviewed_at'))
    .where('o.user_id', '=', userId)
    .where('p.status', '=', 'approved')
    .where('i.product_id', 'in', productIds)
    .groupBy('i.product_id')
    .execute();
  const cover = new Map<string, string>();
  for (const row of rows) {
    if (row.reviewed_at === null) continue;
    cover.set(row.product_id, addDays(storeDate(Number(row.reviewed_at)), PRESCRIPTION_VALID_DAYS));
  }
  return cover;
}

/** The prescription lines not covered on `date`: the names the shopper is told of. */
export async function uncoveredOn(
  db: Db,
  userId: string,
  lines: readonly { productId: string; name: string; prescriptionRequired: boolean }[],
  date: string,
): Promise<{ productId: string; name: string; coveredUntil: string | null }[]> {
  const needing = lines.filter((line) => line.prescriptionRequired);
  const cover = await prescriptionCover(
    db,
    userId,
    needing.map((line) => line.productId),
  );
  return needing
    .map((line) => ({
      productId: line.productId,
      name: line.name,
      coveredUntil: cover.get(line.productId) ?? null,
    }))
    .filter((line) => line.coveredUntil === null || line.coveredUntil < date);
}
