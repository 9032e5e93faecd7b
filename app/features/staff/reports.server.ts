import { type Kysely, sql } from 'kysely';
import { SALES_STATUSES } from '~/commerce/order-states';
import type { Engine } from '#server/db/database';
import type { DatabaseSchema } from '#server/db/schema';
import { easternOffsetMinutes, storeDay } from '~/lib/store-time';
import type { ChartTable } from '~/console/chart-table';

type Db = Kysely<DatabaseSchema>;
const DAY = 86_400_000;
// Paid orders, and invoiced ones once their invoice is paid (both have `paid_at` then).
const PAID = SALES_STATUSES;

export type ReportKind = 'sales' | 'products' | 'promos' | 'customers';
export type Grouping = 'day' | 'week' | 'month';

export interface ReportRange {
  /** Epoch day numbers (UTC days of the store's calendar), both included. */
  fromDay: number;
  toDay: number;
}

/** A report is a console chart's table: the page draws it and lists it (ConsoleChart). */
export type ReportTable = ChartTable;

export { storeDay };

/** Midnight (Eastern) at the start of a store day, as epoch ms. */
function dayStartMs(day: number): number {
  const noon = day * DAY + DAY / 2;
  return day * DAY + easternOffsetMinutes(noon) * 60_000;
}

const isoDay = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);

/** '2026-11-24' for a day, the Monday that starts it for a week, '2026-11' for a month. */
function bucketOf(day: number, grouping: Grouping): string {
  if (grouping === 'day') return isoDay(day);
  if (grouping === 'month') return isoDay(day).slice(0, 7);
  // Weeks start on Monday: day 0 (1970-01-01) was a Thursday.
  return isoDay(day - ((day + 3) % 7));
}

const periodColumn = (grouping: Grouping) =>
  ({ label: grouping === 'day' ? 'Day' : grouping === 'week' ? 'Week' : 'Month', kind: grouping }) as const;

function buckets(range: ReportRange, grouping: Grouping): string[] {
  const seen = new Set<string>();
  for (let day = range.fromDay; day <= range.toDay; day++) seen.add(bucketOf(day, grouping));
  return [...seen];
}

const HOUR = 3_600_000;

/**
 * Paid orders (less refunds) by day, week or month of the store's calendar: summed by hour in
 * the database (one scan of the covering paid_at index, at most 24 rows a day), then into the
 * store's days here, where each hour gets its own Eastern offset (daylight saving is exact).
 */
export async function salesReport(db: Db, range: ReportRange, grouping: Grouping): Promise<ReportTable> {
  const from = dayStartMs(range.fromDay);
  const to = dayStartMs(range.toDay + 1);
  // A literal, not a parameter: PostgreSQL matches the GROUP BY to the select list by its text.
  const hourExpr = sql<number>`cast(paid_at / ${sql.lit(HOUR)} as integer)`;
  const byHour = await db
    .selectFrom('orders')
    .select([
      hourExpr.as('hour'),
      (eb) => eb.fn.countAll<number>().as('orders'),
      sql<number>`sum(total - refunded_total)`.as('revenue'),
      sql<number>`sum(refunded_total)`.as('refunded'),
      sql<number>`sum(discount)`.as('discount'),
    ])
    .where('paid_at', '>=', from)
    .where('paid_at', '<', to)
    .where('status', 'in', PAID)
    .groupBy(hourExpr)
    .execute();
  const rows = byHour.map((row) => ({
    paid_at: Number(row.hour) * HOUR,
    orders: Number(row.orders),
    revenue: Number(row.revenue),
    refunded: Number(row.refunded),
    discount: Number(row.discount),
  }));
  const totals = new Map(
    buckets(range, grouping).map((b) => [b, { orders: 0, revenue: 0, refunded: 0, discount: 0 }]),
  );
  for (const row of rows) {
    const entry = totals.get(bucketOf(storeDay(Number(row.paid_at)), grouping));
    if (!entry) continue;
    entry.orders += row.orders;
    entry.revenue += row.revenue;
    entry.refunded += row.refunded;
    entry.discount += row.discount;
  }
  return {
    columns: [
      periodColumn(grouping),
      { label: 'Orders', kind: 'count' },
      { label: 'Revenue', kind: 'money' },
      { label: 'Refunded', kind: 'money' },
      { label: 'Discounts', kind: 'money' },
    ],
    rows: [...totals].map(([bucket, t]) => [bucket, t.orders, t.revenue, t.refunded, t.discount]),
    chart: { label: 0, value: 2 },
  };
}

export async function topProductsReport(db: Db, range: ReportRange): Promise<ReportTable> {
  const rows = await db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select([
      'order_items.product_id',
      (eb) => eb.fn.max('order_items.name').as('name'),
      sql<number>`sum(order_items.quantity - order_items.refunded_quantity)`.as('units'),
      sql<number>`sum(order_items.line_total - order_items.refunded_quantity * order_items.unit_price)`.as(
        'revenue',
      ),
    ])
    .where('orders.paid_at', '>=', dayStartMs(range.fromDay))
    .where('orders.paid_at', '<', dayStartMs(range.toDay + 1))
    .where('orders.status', 'in', PAID)
    .groupBy('order_items.product_id')
    .orderBy('revenue', 'desc')
    .limit(20)
    .execute();
  return {
    columns: [
      { label: 'Product', kind: 'text' },
      { label: 'Units sold', kind: 'count' },
      { label: 'Revenue', kind: 'money' },
    ],
    rows: rows.map((row) => [String(row.name), Number(row.units), Number(row.revenue)]),
    chart: { label: 0, value: 2 },
  };
}

export async function promoReport(db: Db, range: ReportRange): Promise<ReportTable> {
  const rows = await db
    .selectFrom('orders')
    .select([
      'promo_code',
      (eb) => eb.fn.countAll<number>().as('orders'),
      sql<number>`sum(discount)`.as('discount'),
      sql<number>`sum(total - refunded_total)`.as('revenue'),
    ])
    .where('paid_at', '>=', dayStartMs(range.fromDay))
    .where('paid_at', '<', dayStartMs(range.toDay + 1))
    .where('status', 'in', PAID)
    .where('promo_code', 'is not', null)
    .groupBy('promo_code')
    .orderBy('orders', 'desc')
    .execute();
  return {
    columns: [
      { label: 'Promo code', kind: 'text' },
      { label: 'Orders', kind: 'count' },
      { label: 'Discount given', kind: 'money' },
      { label: 'Revenue', kind: 'money' },
    ],
    rows: rows.map((row) => [
      String(row.promo_code),
      Number(row.orders),
      Number(row.discount),
      Number(row.revenue),
    ]),
    chart: { label: 0, value: 1 },
  };
}

interface UserCreated {
  user: { role: string; createdAt: Date | string };
}

/** Customer accounts opened per day, week or month. */
export async function newCustomersReport(
  db: Db,
  engine: Engine,
  range: ReportRange,
  grouping: Grouping,
): Promise<ReportTable> {
  // Better Auth keeps dates as timestamps on PostgreSQL and as ISO text on SQLite.
  const bound = (ms: number) => (engine === 'postgres' ? new Date(ms) : new Date(ms).toISOString());
  const rows = await (db as unknown as Kysely<UserCreated>)
    .selectFrom('user')
    .select('createdAt')
    .where('role', '=', 'customer')
    .where('createdAt', '>=', bound(dayStartMs(range.fromDay)))
    .where('createdAt', '<', bound(dayStartMs(range.toDay + 1)))
    .execute();
  const counts = new Map(buckets(range, grouping).map((b) => [b, 0]));
  for (const row of rows) {
    const bucket = bucketOf(storeDay(new Date(row.createdAt).getTime()), grouping);
    if (counts.has(bucket)) counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
  }
  return {
    columns: [periodColumn(grouping), { label: 'New customers', kind: 'count' }],
    rows: [...counts].map(([bucket, n]) => [bucket, n]),
    chart: { label: 0, value: 1 },
  };
}
