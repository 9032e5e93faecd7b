import { type Kysely, sql, type UpdateQueryBuilder, UpdateResult } from 'kysely';
import { type Fulfilment, SALES_STATUSES, STATUS } from '~/commerce/order-states';
import { fromFulfilments } from '~/commerce/order-moves';
import { isPostgres } from '#server/db/database';
import type { DatabaseSchema } from '#server/db/schema';
import { storeDay } from '~/lib/store-time';

/**
 * The sales of each day of the store's calendar, kept in `daily_sales` (migration 0116,
 * docs/decisions/0066) so the console's dashboard reads 30 rows instead of summing the paid
 * orders of 30 days. The rule, the same one a full recount applies: an order counts on the
 * store's day of its `paid_at` (Eastern, the offset of that moment) while its status is a sales
 * one (SALES_STATUSES), with its total as `gross` and its `refunded_total` as `refunded`; a
 * refund days later moves the day it was paid on. `to_ship` counts those of them paid and not yet
 * shipped (the dashboard's "Waiting to be shipped", the console's TO_SHIP), so that count too
 * reads a few rows at any size. Every write that can change one of those columns of a counted
 * order (payments, refunds, parcel moves) runs through `withDailySales`, in its own transaction.
 */
type Db = Kysely<DatabaseSchema>;

export interface DayFigures {
  day: number;
  orders: number;
  gross: number;
  refunded: number;
  to_ship: number;
}

interface SalesColumns {
  status: string;
  fulfilment: Fulfilment;
  paid_at: number | null;
  total: number;
  refunded_total: number;
}

const FIGURES = ['orders', 'gross', 'refunded', 'to_ship'] as const;
const EMPTY = { orders: 0, gross: 0, refunded: 0, to_ship: 0 };
const SALES: readonly string[] = SALES_STATUSES;
const WAITING: readonly Fulfilment[] = fromFulfilments('ship');
const toShip = (row: SalesColumns) => row.status === STATUS.paid && WAITING.includes(row.fulfilment);

/** What an order adds to its day: nothing until it is paid, or once it leaves the sales states. */
function counted(row: SalesColumns | undefined): DayFigures | null {
  if (!row || row.paid_at === null || !SALES.includes(row.status)) return null;
  return {
    day: storeDay(Number(row.paid_at)),
    orders: 1,
    gross: Number(row.total),
    refunded: Number(row.refunded_total),
    to_ship: toShip(row) ? 1 : 0,
  };
}

/** The columns the figures read; the write's own `returning` gives them after it. */
const SALES_COLUMNS = ['id', 'status', 'fulfilment', 'paid_at', 'total', 'refunded_total'] as const;

/** One UPDATE of the orders table, not yet run: withDailySales runs it with its `returning`. */
export type OrderUpdate = UpdateQueryBuilder<DatabaseSchema, 'orders', 'orders', UpdateResult>;

/**
 * Runs one UPDATE of an order (a payment, a refund, a status change) and moves the day figures
 * it changed, in the caller's transaction: the order's share before and after, the difference
 * added. On PostgreSQL the read before locks the row with the lock the UPDATE itself takes (FOR
 * NO KEY UPDATE: a row inserted beside it, an event or a refund naming the order, is not kept
 * waiting), so a second write to the same order waits for this transaction and then reads what
 * it committed; read committed would otherwise let both read the same "before" and count each
 * other's change (docs/decisions/0072). SQLite's transactions are BEGIN IMMEDIATE, one writer at
 * a time. "After" is the UPDATE's own `returning`: no row updated, nothing changed.
 */
export async function withDailySales(
  trx: Db,
  orderId: string,
  update: OrderUpdate,
  /** Gathers the day's moves for writeDayMoves at the transaction's end, instead of now. */
  later?: DayFigures[],
): Promise<UpdateResult> {
  let read = trx.selectFrom('orders').select(SALES_COLUMNS).where('id', '=', orderId);
  if (isPostgres<DatabaseSchema>(trx)) read = read.forNoKeyUpdate();
  const before = counted(await read.executeTakeFirst());
  const rows = await update.returning(SALES_COLUMNS).execute();
  if (rows.some((row) => row.id !== orderId)) {
    // A caller's bug, caught before its transaction commits figures for the wrong order.
    throw new Error(`withDailySales: the update of order ${orderId} changed another order`);
  }
  const after = counted(rows[0]);
  if (rows.length === 0) return new UpdateResult(0n, undefined);
  const moves: DayFigures[] = [];
  if (before) {
    const { day, orders, gross, refunded, to_ship } = before;
    moves.push({ day, orders: -orders, gross: -gross, refunded: -refunded, to_ship: -to_ship });
  }
  if (after) moves.push(after);
  if (later) later.push(...moves);
  else await writeDayMoves(trx, moves);
  return new UpdateResult(BigInt(rows.length), undefined);
}

/**
 * Adds gathered day moves, as the last statements before the commit. Every payment of a day
 * adds to that day's one row, whose lock (on PostgreSQL) each payment then holds until its
 * commit: written earlier, the transaction's later round trips held it too, and payments took
 * turns on it (pay measured at 6-28 a second, most sessions waiting on the lock).
 */
export async function writeDayMoves(trx: Db, moves: readonly DayFigures[]): Promise<void> {
  const byDay = new Map<number, DayFigures>();
  for (const move of moves) {
    const entry = byDay.get(move.day) ?? { ...EMPTY, day: move.day };
    for (const key of FIGURES) entry[key] += move[key];
    byDay.set(move.day, entry);
  }
  // Days in order, so two transactions moving the same two days never wait on each other.
  for (const entry of [...byDay.values()].sort((a, b) => a.day - b.day)) {
    if (FIGURES.some((key) => entry[key] !== 0)) await addToDay(trx, entry);
  }
}

/** Adds to a day's figures (a row for the day the first time): one statement on both engines. */
async function addToDay(trx: Db, delta: DayFigures): Promise<void> {
  await trx
    .insertInto('daily_sales')
    .values(delta)
    .onConflict((oc) =>
      oc.column('day').doUpdateSet((eb) => ({
        orders: eb('daily_sales.orders', '+', eb.ref('excluded.orders')),
        gross: eb('daily_sales.gross', '+', eb.ref('excluded.gross')),
        refunded: eb('daily_sales.refunded', '+', eb.ref('excluded.refunded')),
        to_ship: eb('daily_sales.to_ship', '+', eb.ref('excluded.to_ship')),
      })),
    )
    .execute();
}

/** The kept figures of the days from `fromDay` to `toDay` (both included), by day; missing days sold nothing. */
export async function dailySalesBetween(db: Db, fromDay: number, toDay: number): Promise<DayFigures[]> {
  const rows = await db
    .selectFrom('daily_sales')
    .select(['day', 'orders', 'gross', 'refunded', 'to_ship'])
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .orderBy('day')
    .execute();
  return rows.map((row) => ({
    day: Number(row.day),
    orders: Number(row.orders),
    gross: Number(row.gross),
    refunded: Number(row.refunded),
    to_ship: Number(row.to_ship),
  }));
}

/**
 * The orders paid and waiting to ship, from the days that have any (a partial index holds just
 * those rows): what `count(*) where TO_SHIP` answers, without reading the orders.
 */
export async function ordersToShip(db: Db): Promise<number> {
  const row = await db
    .selectFrom('daily_sales')
    .select(sql<number>`coalesce(sum(to_ship), 0)`.as('count'))
    // A literal, as the partial index's condition is written: SQLite matches them by their text.
    .where('to_ship', '<>', sql.lit(0))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

const HOUR = 3_600_000;

/**
 * Every day's figures summed from the orders by the rule above: by hour in the database (one
 * scan; Eastern offsets are whole hours, so an hour falls in one store day), then into days here,
 * where each hour gets its own offset (SQLite has no time zones to do it in SQL).
 */
export async function salesByDayFromOrders(db: Db): Promise<DayFigures[]> {
  // A literal, not a parameter: PostgreSQL matches the GROUP BY to the select list by its text.
  const hourExpr = sql<number>`cast(paid_at / ${sql.lit(HOUR)} as integer)`;
  const byHour = await db
    .selectFrom('orders')
    .select([
      hourExpr.as('hour'),
      (eb) => eb.fn.countAll<number>().as('orders'),
      sql<number>`sum(total)`.as('gross'),
      sql<number>`sum(refunded_total)`.as('refunded'),
      sql<number>`sum(case when status = ${sql.lit(STATUS.paid)} and fulfilment in (${sql.join(
        WAITING.map((f) => sql.lit(f)),
      )}) then 1 else 0 end)`.as('to_ship'),
    ])
    .where('paid_at', 'is not', null)
    .where('status', 'in', SALES_STATUSES)
    .groupBy(hourExpr)
    .execute();
  const days = new Map<number, DayFigures>();
  for (const row of byHour) {
    const day = storeDay(Number(row.hour) * HOUR);
    const entry = days.get(day) ?? { ...EMPTY, day };
    for (const key of FIGURES) entry[key] += Number(row[key]);
    days.set(day, entry);
  }
  return [...days.values()].sort((a, b) => a.day - b.day);
}

/**
 * The operator's "recount daily figures" (`npm run sales:recount`, and the bench after seeding
 * orders behind the app's back): the table rebuilt from the orders in one transaction, after any
 * write to orders outside this module's callers, or any doubt. On PostgreSQL the table is locked against writes first: a payment that
 * commits before the lock is in the recount, one still open adds its share after it.
 */
export async function recountDailySales(db: Db): Promise<{ days: number; orders: number }> {
  return db.transaction().execute(async (trx) => {
    if (isPostgres<DatabaseSchema>(trx)) await sql`lock table daily_sales in exclusive mode`.execute(trx);
    await trx.deleteFrom('daily_sales').execute();
    const days = await salesByDayFromOrders(trx);
    for (let i = 0; i < days.length; i += 500) {
      await trx
        .insertInto('daily_sales')
        .values(days.slice(i, i + 500))
        .execute();
    }
    return { days: days.length, orders: days.reduce((sum, d) => sum + d.orders, 0) };
  });
}
