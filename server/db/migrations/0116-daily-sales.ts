import { type Kysely, sql } from 'kysely';

/**
 * The console dashboard's daily figures (issue 36, docs/decisions/0066): `daily_sales`, one row
 * per day of the store's calendar (an epoch day number, Eastern, the offset of the moment paid),
 * with the orders paid that day in a sales state, what they charged (`gross`), what of it went
 * back (`refunded`) and how many of them still wait to ship (`to_ship`: paid, not yet shipped, as
 * the dashboard's "Waiting to be shipped" counts them). app/commerce/orders/daily-sales.server.ts
 * keeps it in the transaction of every payment, refund and parcel move; this migration fills it
 * from the orders already there. A partial index holds the days with orders waiting, so their
 * count reads those few rows, not every day the store has sold on.
 *
 * The backfill is one grouped scan, by hour (Eastern offsets are whole hours, so an hour falls in
 * one store day), folded into days here and written 500 days a statement: SQLite has no time
 * zone data to name the store's day in SQL. A store of 1,000,000 orders gives a few tens of
 * thousands of hours. The states and the day rule are written out as they are today, so this
 * migration reads the same whatever the code becomes.
 */
const SALES_STATES = sql.raw(`'paid', 'refunded', 'invoiced'`);
// The dashboard's orders waiting to ship (order-admin.server.ts TO_SHIP), as it is written today.
const TO_SHIP = sql.raw(`status = 'paid' and fulfilment in ('unfulfilled', 'packed')`);
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
    .addColumn('to_ship', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('daily_sales_to_ship_idx')
    .on('daily_sales')
    .columns(['day', 'to_ship'])
    .where(sql.ref('to_ship'), '<>', sql.lit(0))
    .execute();
  type Figures = { day: number; orders: number; gross: number; refunded: number; to_ship: number };
  const { rows } = await sql<Omit<Figures, 'day'> & { hour: number }>`
    select cast(paid_at / ${sql.lit(HOUR)} as integer) as hour, count(*) as orders,
      sum(total) as gross, sum(refunded_total) as refunded,
      sum(case when ${TO_SHIP} then 1 else 0 end) as to_ship
    from orders
    where paid_at is not null and status in (${SALES_STATES})
    group by cast(paid_at / ${sql.lit(HOUR)} as integer)`.execute(db);
  const days = new Map<number, Figures>();
  for (const row of rows) {
    const day = storeDay(Number(row.hour) * HOUR);
    const entry = days.get(day) ?? { day, orders: 0, gross: 0, refunded: 0, to_ship: 0 };
    entry.orders += Number(row.orders);
    entry.gross += Number(row.gross);
    entry.refunded += Number(row.refunded);
    entry.to_ship += Number(row.to_ship);
    days.set(day, entry);
  }
  const all = [...days.values()];
  for (let i = 0; i < all.length; i += 500) {
    await (db as Kysely<{ daily_sales: Figures }>)
      .insertInto('daily_sales')
      .values(all.slice(i, i + 500))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('daily_sales').execute();
}
