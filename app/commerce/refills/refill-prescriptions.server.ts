import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import type { HealthDataKeyring } from '~/lib/health-data/health-data-keys.server';
import { storeDate } from '~/lib/store-time';
import { LIFETIME_MONTHS } from '../prescriptions/claim-data';
import { openPrescriptionText } from '../prescriptions/prescription-sealing.server';
import { addDays } from './refill-dates';

/**
 * Whether a refill's prescription line is covered on a cycle's date (docs/decisions/0065). A
 * prescription is one staff approved on the shopper's earlier order of that product. It covers
 * what its claim data says (docs/decisions/0063): from the date of the prescription for its
 * length of need, 99 months meaning for life. Without both, it is taken as valid for 12 months
 * from its review. The newest cover of the product's prescriptions counts.
 */
type Db = Kysely<DatabaseSchema>;

export const PRESCRIPTION_VALID_DAYS = 365;
/** A lifetime length of need covers every date a plan can reach. */
const FOR_LIFE = '9999-12-31';

/** YYYY-MM-DD `months` calendar months after `day`, the day kept (clamped to the month's end). */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(date, last));
  return first.toISOString().slice(0, 10);
}

/** The last day a prescription covers: from its claim data, else 12 months from its review. */
export function coveredUntil(
  prescribedOn: string | null,
  lengthOfNeed: number | null,
  reviewedAt: number,
): string {
  if (prescribedOn && lengthOfNeed) {
    if (lengthOfNeed >= LIFETIME_MONTHS) return FOR_LIFE;
    return addDays(addMonths(prescribedOn, lengthOfNeed), -1);
  }
  return addDays(storeDate(reviewedAt), PRESCRIPTION_VALID_DAYS);
}

/** The last day each product's approved prescriptions for this shopper cover, at best. */
export async function prescriptionCover(
  db: Db,
  keys: HealthDataKeyring,
  userId: string,
  productIds: readonly string[],
): Promise<Map<string, string>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('prescriptions as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .innerJoin('order_items as i', 'i.order_id', 'o.id')
    .select(['i.product_id', 'p.id', 'p.reviewed_at', 'p.prescribed_on', 'p.length_of_need'])
    .where('o.user_id', '=', userId)
    .where('p.status', '=', 'approved')
    .where('i.product_id', 'in', productIds)
    .execute();
  const cover = new Map<string, string>();
  for (const row of rows) {
    if (row.reviewed_at === null) continue;
    const prescribedOn = openPrescriptionText(keys, row.id, 'prescribed_on', row.prescribed_on);
    const months = openPrescriptionText(keys, row.id, 'length_of_need', row.length_of_need);
    const until = coveredUntil(prescribedOn, months ? Number(months) : null, Number(row.reviewed_at));
    const best = cover.get(row.product_id);
    if (best === undefined || until > best) cover.set(row.product_id, until);
  }
  return cover;
}

/** The prescription lines not covered on `date`: the names the shopper is told of. */
export async function uncoveredOn(
  db: Db,
  keys: HealthDataKeyring,
  userId: string,
  lines: readonly { productId: string; name: string; prescriptionRequired: boolean }[],
  date: string,
): Promise<{ productId: string; name: string; coveredUntil: string | null }[]> {
  const needing = lines.filter((line) => line.prescriptionRequired);
  const cover = await prescriptionCover(
    db,
    keys,
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
