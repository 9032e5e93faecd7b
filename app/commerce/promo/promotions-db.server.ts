import type { Kysely, Selectable } from 'kysely';
import type { DatabaseSchema, PromotionTable } from '#server/db/schema';
import type { Promotion } from './promo';

type Db = Kysely<DatabaseSchema>;

/** A row as the storefront and the console read it (PostgreSQL returns bigint as text). */
export function toPromotion(row: Selectable<PromotionTable>): Promotion {
  const time = (value: number | string | null) => (value === null ? null : Number(value));
  const count = (value: number | string | null) => (value === null ? null : Number(value));
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: Number(row.value),
    minSubtotal: Number(row.min_subtotal),
    minItems: Number(row.min_items),
    firstOrder: Boolean(Number(row.first_order)),
    scope: row.scope,
    scopeIds: JSON.parse(row.scope_ids) as string[],
    startsAt: time(row.starts_at),
    endsAt: time(row.ends_at),
    paused: Boolean(Number(row.paused)),
    usageLimit: count(row.usage_limit),
    perCustomerLimit: count(row.per_customer_limit),
    used: Number(row.used),
    label: row.label,
  };
}

export async function readPromotions(db: Db): Promise<Promotion[]> {
  const rows = await db.selectFrom('promotions').selectAll().orderBy('code').execute();
  return rows.map(toPromotion);
}

export async function readPromotion(db: Db, id: string): Promise<Promotion | undefined> {
  const row = await db.selectFrom('promotions').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toPromotion(row);
}
