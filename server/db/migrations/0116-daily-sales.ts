import { type Kysely, sql } from 'kysely';

/**
 * The console dashboard's daily figures (issue 36, docs/decisions/0066): `daily_sales`, one row
 * per day of the store's calendar (an epoch day number, Eastern, the offset of the moment paid),
 * with the orders paid that day in a sales state, what they charged (`gross`) and what of it went
 * back (`refunded`). app/commerce/orders/daily-sales.server.ts keeps it in the transaction of
 * every payment and refund; this migration fills it from the orders already there.
 *
 * The backfill is one grouped scan, by hour (Eastern offsets are whole hours, so an hour falls in
 * one store day), folded into days here and written 500 days a statement: SQLite has no time
 * zone data to name the store's day in SQL. A store of 1,000,000 orders gives a few tens of
 * thousands of hours. The states and the day rule are written out as they are today, so this
 * migration reads the same whatever the code becomes.
 */
const SALES_STATES = sql.raw(`'paid', 'refunded', 'invoiced'`);
const HOUR = 3_600_000;
const DAY = 86_400_000;

const eastern = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
});

function storeDay(at: number): number {
  const parts = eastern.formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Math.floor(Date.UTC(get('year'), get('month') - 1, get('day')) / DAY);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('daily_sales')
    .addColumn('day', 'integer', (c) => c.primaryKey())
    .addColumn('orders', 'integer', (c) => c.notNull())
    .addColumn('gross', 'bigint', (c) => c.notNull())
    .addColumn('refunded', 'bigint', (c) => c.notNull())
    .execute();
  const { rows } = await sql<{ hour: number; orders: number; gross: number; refunded: number }>`
    select cast(paid_at / ${sql.lit(HOUR)} as integer) as hour, count(*) as orders,
      sum(total) as gross, sum(refunded_total) as refunded
    from orders
    where paid_at is not null and status in (${SALES_STATES})
    group by cast(paid_at / ${sql.lit(HOUR)} as integer)`.execute(db);
  const days = new Map<number, { day: number; orders: number; gross: number; refunded: number }>();
  for (const row of rows) {
    const day = storeDay(Number(row.hour) * HOUR);
    const entry = days.get(day) ?? { day, orders: 0, gross: 0, refunded: 0 };
    entry.orders += Number(row.orders);
    entry.gross += Number(row.gross);
    entry.refunded += Number(row.refunded);
    days.set(day, entry);
  }
  const all = [...days.values()];
  for (let i = 0; i < all.length; i += 500) {
    await (db as Kysely<{ daily_sales: { day: number; orders: number; gross: number; refunded: number } }>)
      .insertInto('daily_sales')
      .values(all.slice(i, i + 500))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('daily_sales').execute();
}
