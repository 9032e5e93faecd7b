import { type Kysely, sql } from 'kysely';
import { SALES_STATUSES, STATUS } from '~/commerce/order-states';
import type { DatabaseSchema } from '#server/db/schema';
import { LOW_STOCK_AT } from '~/commerce/catalogue/catalog';
import { easternOffsetMinutes } from '~/lib/store-time';
import { TO_SHIP } from './order-admin.server';

type Db = Kysely<DatabaseSchema>;
const DAY = 86_400_000;

export interface PeriodFigures {
  label: string;
  orders: number;
  /** Cents taken, less what was refunded. */
  revenue: number;
}

export interface Dashboard {
  periods: PeriodFigures[];
  /** Revenue per day over the last 30 days, oldest first ("2026-11-24" in the store's time zone). */
  daily: { day: string; revenue: number; orders: number }[];
  toShip: { reference: string; paidAt: number; total: number }[];
  toShipCount: number;
  /** Orders whose card is authorised while staff review the prescription. */
  toReviewCount: number;
  lowStock: { id: string; name: string; onHand: number }[];
}

/**
 * The console's first page, in a handful of indexed queries: paid orders by day of the
 * store's time zone (Eastern; the offset of today is used across the 30 days, so a day next to
 * a daylight-saving change may be cut an hour off), orders waiting to ship, low stock.
 */
export async function dashboardFigures(db: Db, now = Date.now()): Promise<Dashboard> {
  const offset = easternOffsetMinutes(now) * 60_000;
  const today = Math.floor((now - offset) / DAY);
  const since = (today - 29) * DAY + offset;
  // Literals, not parameters: PostgreSQL matches the GROUP BY to the select list by its text.
  const dayExpr = sql<number>`(paid_at - ${sql.lit(offset)}) / ${sql.lit(DAY)}`;
  const [byDay, toShip, toShipCount, toReview, lowStock] = await Promise.all([
    db
      .selectFrom('orders')
      .select([
        sql<number>`cast(${dayExpr} as integer)`.as('day'),
        (eb) => eb.fn.countAll<number>().as('orders'),
        sql<number>`sum(total - refunded_total)`.as('revenue'),
      ])
      .where('paid_at', '>=', since)
      .where('status', 'in', SALES_STATUSES)
      .groupBy(sql`cast(${dayExpr} as integer)`)
      .execute(),
    db
      .selectFrom('orders')
      .select(['reference', 'paid_at', 'total'])
      .where(TO_SHIP)
      .orderBy('created_at')
      .limit(10)
      .execute(),
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where(TO_SHIP)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', '=', STATUS.authorized)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('inventory')
      .innerJoin('products', 'products.id', 'inventory.product_id')
      .select(['products.id', 'products.name', 'inventory.on_hand'])
      .where('inventory.on_hand', '<=', LOW_STOCK_AT)
      .orderBy('inventory.on_hand')
      .orderBy('products.name')
      .limit(20)
      .execute(),
  ]);
  const found = new Map(byDay.map((row) => [Number(row.day), row]));
  const daily = Array.from({ length: 30 }, (_, i) => {
    const day = today - 29 + i;
    const row = found.get(day);
    return {
      day: new Date(day * DAY).toISOString().slice(0, 10),
      revenue: Number(row?.revenue ?? 0),
      orders: Number(row?.orders ?? 0),
    };
  });
  const sum = (days: number) =>
    daily
      .slice(30 - days)
      .reduce((acc, d) => ({ orders: acc.orders + d.orders, revenue: acc.revenue + d.revenue }), {
        orders: 0,
        revenue: 0,
      });
  return {
    periods: [
      { label: 'Today', ...sum(1) },
      { label: 'Last 7 days', ...sum(7) },
      { label: 'Last 30 days', ...sum(30) },
    ],
    daily,
    toShip: toShip.map((row) => ({
      reference: row.reference,
      paidAt: Number(row.paid_at),
      total: row.total,
    })),
    toShipCount: Number(toShipCount.count),
    toReviewCount: Number(toReview.count),
    lowStock: lowStock.map((row) => ({ id: row.id, name: row.name, onHand: Number(row.on_hand) })),
  };
}
