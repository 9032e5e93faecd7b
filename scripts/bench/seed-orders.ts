import { randomUUID } from 'node:crypto';
import { type Insertable, sql } from 'kysely';
import { hsaFsaStatus } from '../../app/commerce/catalogue/catalog';
import { SEED_PRODUCTS as PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import { recountDailySales } from '../../app/commerce/orders/daily-sales.server';
import { indexPendingOrders } from '../../app/commerce/orders/order-search-index.server';
import { newOrderReference } from '../../app/commerce/orders/orders.server';
import { type AppDatabase, openDatabase } from '../../server/db/database';
import type { OrderItemTable, OrderTable } from '../../server/db/schema';

/**
 * A store with history, for the console's benchmarks: `count` orders over the last 90 days
 * (most paid, some shipped, delivered, pending or refunded), one to three lines each, written
 * straight into the bench server's database in batches. Also makes `email` a staff member with
 * two-factor on (the console's precondition). The dashboard's daily figures are recounted after.
 */
const FIRST = [
  'Maria',
  'James',
  'Linda',
  'Robert',
  'Patricia',
  'John',
  'Barbara',
  'Michael',
  'Susan',
  'David',
];
const LAST = ['Garcia', 'Smith', 'Johnson', 'Brown', 'Davis', 'Miller', 'Wilson', 'Moore', 'Taylor', 'Clark'];
const STATES = ['IL', 'OR', 'TX', 'CA', 'NY', 'FL', 'OH', 'PA', 'WA', 'GA'];

/** The n-th entry, going round: the seed's names, states and products repeat in a fixed pattern. */
function pick<T>(list: readonly T[], n: number): T {
  const value = list[n % list.length];
  if (value === undefined) throw new Error('pick from an empty list');
  return value;
}

/** Makes the account `email` a member of staff with two-factor on and passed: the console's precondition. */
export async function makeStaff({ db, engine }: AppDatabase, email: string): Promise<void> {
  const on = engine === 'postgres' ? sql`true` : sql`1`;
  await sql`update "user" set role = 'staff', "twoFactorEnabled" = ${on} where email = ${email}`.execute(db);
  // Its session has passed the second factor, as a sign-in with the code would have: without it
  // the console answers every request with a redirect to its challenge (/admin/verify).
  await sql`update "session" set "secondFactor" = 'totp', "secondFactorAt" = ${Date.now()}
    where "userId" = (select id from "user" where email = ${email})`.execute(db);
}

/**
 * The bench server writes beside the seeder (sessions, its jobs): on a loaded machine it can
 * hold SQLite's lock past the 5 s busy timeout, and the batch is tried again.
 */
async function busyRetried<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY' || attempt === 5) throw error;
    }
  }
}

export async function seedOrders(databaseUrl: string, count: number, staffEmail: string): Promise<void> {
  const database = openDatabase(databaseUrl);
  const { db } = database;
  try {
    await makeStaff(database, staffEmail);
    const now = Date.now();
    const batch = 400;
    for (let start = 0; start < count; start += batch) {
      const orders: Insertable<OrderTable>[] = [];
      const items: Insertable<OrderItemTable>[] = [];
      for (let i = start; i < Math.min(count, start + batch); i++) {
        const id = randomUUID();
        const created = now - Math.floor((((i * 7919) % count) / count) * 90 * 86_400_000);
        const lines = 1 + (i % 3);
        let subtotal = 0;
        for (let l = 0; l < lines; l++) {
          const product = pick(PRODUCTS, i * 31 + l * 17);
          const quantity = 1 + ((i + l) % 2);
          subtotal += product.price * quantity;
          items.push({
            id: randomUUID(),
            order_id: id,
            position: l,
            product_id: product.id,
            name: product.name,
            image_url: product.image,
            unit_price: product.price,
            quantity,
            line_total: product.price * quantity,
            hsa_fsa: hsaFsaStatus(product),
          });
        }
        const shipping = subtotal >= 49_900 ? 0 : 999;
        const total = subtotal + shipping;
        const kind = i % 20;
        const paid = kind !== 0;
        const first = pick(FIRST, i);
        const last = pick(LAST, i * 7);
        orders.push({
          id,
          reference: newOrderReference(),
          user_id: null,
          email: `${first}.${last}.${i}@example.com`.toLowerCase(),
          status: kind === 0 ? 'pending' : kind === 1 ? 'refunded' : 'paid',
          payment_method: 'card',
          subtotal,
          shipping,
          discount: 0,
          total,
          promo_code: null,
          card_brand: paid ? 'visa' : null,
          card_last4: paid ? '4242' : null,
          bank_last4: null,
          transaction_id: paid ? `test_${id}` : null,
          locked_by: null,
          locked_until: null,
          stock_held: paid && kind !== 1 ? 1 : 0,
          created_at: created,
          updated_at: created,
          paid_at: paid ? created + 60_000 : null,
          ship_name: `${first} ${last}`,
          ship_line1: `${100 + (i % 900)} Main Street`,
          ship_line2: '',
          ship_city: 'Springfield',
          ship_state: pick(STATES, i),
          ship_zip: '62704',
          ship_phone: '(217) 555-0142',
          shipping_option: 'standard',
          tax: 0,
          tax_rate: 0,
          fulfilment: kind < 8 ? 'unfulfilled' : kind < 14 ? 'shipped' : 'delivered',
          carrier: kind >= 8 ? 'ups' : null,
          tracking_number: kind >= 8 ? `1Z${String(i).padStart(16, '0')}` : null,
          packed_at: null,
          shipped_at: kind >= 8 ? created + 86_400_000 : null,
          delivered_at: kind >= 14 ? created + 3 * 86_400_000 : null,
          cancelled_at: null,
          cancelled_by: null,
          refunded_total: kind === 1 ? total : 0,
        });
      }
      await busyRetried(() =>
        db.transaction().execute(async (trx) => {
          await trx.insertInto('orders').values(orders).execute();
          for (let at = 0; at < items.length; at += 1000) {
            await trx
              .insertInto('order_items')
              .values(items.slice(at, at + 1000))
              .execute();
          }
        }),
      );
    }
    // Written behind the app's back: the dashboard's daily figures are recounted from them, as
    // an operator does after changing orders behind the app (npm run sales:recount).
    const recounting = performance.now();
    const { days } = await recountDailySales(db);
    console.log(
      `recounted the daily sales (${days} days) in ${Math.round(performance.now() - recounting)} ms`,
    );
    // SQLite's order search index takes orders in batches after their commit (migration 0117).
    await indexPendingOrders(db);
    // What autovacuum would do soon after such a load: the planners know the tables' sizes.
    await sql`analyze`.execute(db);
  } finally {
    await database.close();
  }
}
