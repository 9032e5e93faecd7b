import { statSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { type Kysely, sql } from 'kysely';
import { openDatabase, sqlitePathFromUrl } from '../server/db/database';
import { jobSchemaName } from '../server/jobs/pg-boss-queue';
import { ensureBuild } from './ensure-build';
import { startBenchServer } from './bench/server-process';
import { SEED_PRODUCTS } from '../app/commerce/catalogue/catalog-seed';
import { createShoppers, nextAddress, PASSWORD } from './bench/shoppers';
import { addToCart, clearCart } from '../tests/support/cart';
import { createClient } from '../tests/support/http-client';

// `npm run bench:soak` (issue 21, point 5): one production server driven for SOAK_MINUTES
// (default 10) by shoppers who sign in, ask for a sign-in code, fill a cart, check out and pay,
// and sign up for the newsletter, with the retention job every 20 s (RETENTION_SWEEP_SECONDS,
// ordinary configuration). The database's size is read after 2 minutes and at the end; the end
// must be within 10 % of the 2-minute figure. SQLite; PostgreSQL when BENCH_DATABASE_URL is set.
//
// Lifetimes are days (sessions 30, a finished mail job 1, an unconfirmed sign-up 7), so in ten
// minutes nothing would expire by itself. The soak stands in for the passing days: every 10 s it
// moves the expiry of the rows it made over 20 s ago into the past (sessions, verification rows,
// unconfirmed sign-ups, finished jobs, rate-limit windows), as if their lifetimes had run out.
// What the store keeps for good (orders, their items, events and payments) grows, by design: the
// soak checks out on one cycle in CHECKOUT_EVERY, and prints the size of each kind so that
// growth is seen.
ensureBuild();
const minutes = Number(process.env.SOAK_MINUTES ?? 10);
/** Shopper cycles started per second, across the workers. */
const RATE = Number(process.env.SOAK_RATE ?? 2);
const WORKERS = 4;
/** One visit in 20 buys (orders are kept for good: they are the growth the soak expects). */
const CHECKOUT_EVERY = 20;
/** The tables whose rows have a lifetime (server/retention.ts, and the queue's finished jobs). */
const WITH_LIFETIME = new Set([
  'session',
  'verification',
  'rate_limits',
  'newsletter_subscribers',
  'jobs',
  'job',
]);
const FIRST_READING_MS = Math.min(2, minutes / 2) * 60_000;
// The soak's stand-in for days: rows made over 20 s ago expire, every 10 s, and the retention
// job runs every 20 s, so the tables reach their steady size within a minute, well before the
// first reading. (The SQLite queue clears finished jobs once a minute, its own pace.)
const AGE_EVERY_MS = 10_000;
const AGED_AFTER_MS = 20_000;
const RETENTION_SECONDS = 20;
const postgresUrl = process.env.BENCH_DATABASE_URL;

process.env.RETENTION_SWEEP_SECONDS = String(RETENTION_SECONDS);
const server = await startBenchServer(postgresUrl);
const database = openDatabase(server.databaseUrl, { poolSize: 2 });
const db = database.db as never as Kysely<Record<string, Record<string, unknown>>>;
const inStock = SEED_PRODUCTS.filter(
  (p) => p.stock === 'In Stock' && !p.prescriptionRequired && !p.freightOnly,
);
const ADDRESS = {
  recipientName: 'Pat Soak',
  line1: '500 Pine Street',
  city: 'Portland',
  state: 'OR',
  zip: '97204',
  phone: '(503) 555-0142',
};

/** What the database takes on disk now, by what it holds. */
async function sizeNow(): Promise<{ bytes: number; parts: string }> {
  if (database.engine === 'sqlite') {
    const file = sqlitePathFromUrl(server.databaseUrl);
    const size = (name: string) => {
      try {
        return statSync(name).size;
      } catch {
        return 0;
      }
    };
    const [pages] = (
      await sql<{ used: number; free: number }>`
        select (select page_count from pragma_page_count) as used,
               (select freelist_count from pragma_freelist_count) as free`.execute(db)
    ).rows;
    const bytes = size(file) + size(`${file}-wal`);
    return {
      bytes,
      parts: `file ${mb(size(file))}, WAL ${mb(size(`${file}-wal`))}, free pages ${pages?.free ?? 0} of ${pages?.used ?? 0}`,
    };
  }
  const schema = database.postgres?.schema ?? 'public';
  const { rows } = await sql<{ schema: string; bytes: string }>`
    select n.nspname as schema, sum(pg_total_relation_size(c.oid)) as bytes
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p', 'm') and n.nspname in (${schema}, ${jobSchemaName(schema)})
    group by n.nspname`.execute(db);
  const bytes = rows.reduce((sum, row) => sum + Number(row.bytes), 0);
  return { bytes, parts: rows.map((row) => `${row.schema} ${mb(Number(row.bytes))}`).join(', ') };
}

/** Bytes by table (with its indexes): those whose rows have a lifetime, and the rest. */
async function bytesByKind(): Promise<string> {
  const { rows } =
    database.engine === 'sqlite'
      ? await sql<{ name: string; bytes: number }>`
          select coalesce(s.tbl_name, d.name) as name, sum(d.pgsize) as bytes
          from dbstat d left join sqlite_schema s on s.name = d.name group by 1`.execute(db)
      : await sql<{ name: string; bytes: string }>`
          select c.relname as name, pg_total_relation_size(c.oid) as bytes
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('r', 'p') and n.nspname in (${database.postgres?.schema ?? 'public'},
            ${jobSchemaName(database.postgres?.schema)})`.execute(db);
  let lifetime = 0;
  let kept = 0;
  for (const row of rows) {
    if (WITH_LIFETIME.has(row.name)) lifetime += Number(row.bytes);
    else kept += Number(row.bytes);
  }
  return `rows with a lifetime ${mb(lifetime)}, kept records and catalogue ${mb(kept)}`;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

/** Rows of the kinds the retention job deletes, and of those the store keeps. */
async function rowCounts(): Promise<string> {
  const tables = [
    'session',
    'verification',
    'rate_limits',
    'newsletter_subscribers',
    'orders',
    'order_events',
  ];
  if (database.engine === 'sqlite') tables.push('jobs');
  const counts = await Promise.all(
    tables.map(async (table) => {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return `${table} ${Number(row.n)}`;
    }),
  );
  return counts.join(', ');
}

/** Moves the expiry of rows made over 20 s ago into the past: the days the soak skips. */
async function ageRows() {
  const now = Date.now();
  const past = (ms: number) => (database.engine === 'postgres' ? new Date(ms) : new Date(ms).toISOString());
  const made = past(now - AGED_AFTER_MS);
  for (const table of ['session', 'verification']) {
    await db
      .updateTable(table)
      .set({ expiresAt: past(now - 10 * 60_000) })
      .where('createdAt', '<', made)
      .execute();
  }
  await db
    .updateTable('newsletter_subscribers')
    .set({ subscribed_at: now - 30 * 86_400_000 })
    .where('confirmed_at', 'is', null)
    .where('subscribed_at', '<', now - AGED_AFTER_MS)
    .execute();
  // Every window (a minute to an hour) as if it had passed two minutes ago.
  await db
    .updateTable('rate_limits')
    .set({ reset_at: now - 2 * 60_000 })
    .where('reset_at', '>', now - 2 * 60_000)
    .execute();
  if (database.engine === 'sqlite') {
    await db
      .updateTable('jobs')
      .set({ keep_until: now - 1 })
      .where('keep_until', 'is not', null)
      .where('finished_at', '<', now - AGED_AFTER_MS)
      .execute();
  } else {
    const jobs = jobSchemaName(database.postgres?.schema);
    await sql`update ${sql.id(jobs, 'job')} set completed_on = completed_on - interval '31 days'
      where completed_on < now() - interval '20 seconds' and completed_on > now() - interval '1 day'`.execute(
      db,
    );
  }
}

// A sign-in code may be asked for 3 times a minute per address: at up to 3 visits a second, each
// of 120 accounts asks once in 40 s or less often.
const accounts = await createShoppers(server.url, 120, 'soak');
let cycles = 0;
let skipped = 0;
let failures = 0;
const failed = (what: string, status: number) => {
  failures += 1;
  if (failures <= 5) console.log(`  ${what} answered ${status}`);
};

/** One shopper's visit: a new session, a sign-in code, a cart, sometimes an order, a sign-up. */
async function cycle(n: number) {
  const account = accounts[n % accounts.length];
  if (!account) return;
  const client = createClient(server.url, { headers: { 'x-forwarded-for': nextAddress() } });
  const signIn = await client.post('/api/auth/sign-in/email', { email: account.email, password: PASSWORD });
  if (signIn.status !== 200) return failed('sign-in', signIn.status);
  const code = await client.post('/api/auth/email-otp/send-verification-otp', {
    email: account.email,
    type: 'sign-in',
  });
  if (code.status !== 200) failed('sign-in code', code.status);
  const product = inStock[n % inStock.length];
  const added = await addToCart(client, product?.id ?? '', 1);
  if (added.status !== 200) return failed('add to cart', added.status);
  if (n % CHECKOUT_EVERY === 0) {
    const checkout = await client.post('/api/checkout', { paymentMethod: 'card', address: ADDRESS });
    const { orderId } = checkout.body as { orderId?: string };
    if (checkout.status !== 201 || !orderId) return failed('checkout', checkout.status);
    const paid = await client.request(`/api/checkout/${orderId}/pay`, {
      method: 'POST',
      headers: { 'idempotency-key': `soak-payment-${n}` },
      body: {
        paymentMethod: 'card',
        cardNumber: '4242424242424242',
        cardExpiryMonth: '12',
        cardExpiryYear: String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0'),
        cardCode: '123',
        cardholderName: 'Pat Soak',
        email: account.email,
      },
    });
    if (paid.status !== 200) failed(`payment (${paid.text.slice(0, 120)})`, paid.status);
  } else {
    // Who does not buy empties the cart: the soak's 120 accounts would otherwise fill theirs
    // with a line a visit, a growth of the soak's own making (a cart is bounded by the catalogue).
    const emptied = await clearCart(client);
    if (emptied.status !== 200) failed('empty cart', emptied.status);
  }
  // The footer's sign-up form as its script posts it (docs/decisions/0045).
  const signUp = await client.form('/newsletter', { email: `soak-${n}@example.com` });
  if (signUp.status !== 200) failed('newsletter', signUp.status);
}

const started = Date.now();
const end = started + minutes * 60_000;
let next = 0;
/** Each worker starts the next cycle when its time comes (RATE a second). */
async function worker() {
  while (Date.now() < end) {
    const n = next++;
    const due = started + (n * 1000) / RATE;
    if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
    // A visit more than a second late is skipped, not made up for later: a burst of catching up
    // (after the machine was busy elsewhere) would be a load the soak does not mean to measure.
    else if (due < Date.now() - 1000) {
      skipped += 1;
      continue;
    }
    if (Date.now() >= end) break;
    await cycle(n).catch(() => failed('a request', 0));
    cycles += 1;
  }
}
const ageing = setInterval(
  () => void ageRows().catch((error: unknown) => console.log('ageing failed', error)),
  AGE_EVERY_MS,
);
let first: { bytes: number; parts: string; rows: string; kinds: string } | undefined;
const reading = setTimeout(() => {
  void (async () => {
    first = { ...(await sizeNow()), rows: await rowCounts(), kinds: await bytesByKind() };
    console.log(
      `after ${FIRST_READING_MS / 60_000} min: ${mb(first.bytes)} (${first.parts}); ${first.kinds}; ${cycles} cycles; rows: ${first.rows}`,
    );
  })();
}, FIRST_READING_MS);
const progress = setInterval(() => {
  console.log(
    `${((Date.now() - started) / 60_000).toFixed(1)} min: ${cycles} cycles, ${skipped} skipped, ${failures} failures`,
  );
}, 60_000);

console.log(
  `soak on ${server.engine} for ${minutes} min at ${RATE} cycles/s, retention every ${RETENTION_SECONDS} s (${server.pinning})`,
);
await Promise.all(Array.from({ length: WORKERS }, worker));
clearInterval(ageing);
clearInterval(progress);
clearTimeout(reading);
const last = { ...(await sizeNow()), rows: await rowCounts(), kinds: await bytesByKind() };
console.log(
  `after ${minutes} min: ${mb(last.bytes)} (${last.parts}); ${last.kinds}; ${cycles} cycles; rows: ${last.rows}`,
);
if (first) {
  const change = ((last.bytes - first.bytes) / first.bytes) * 100;
  console.log(
    `end ${mb(last.bytes)} against ${mb(first.bytes)} at ${FIRST_READING_MS / 60_000} min: ${change >= 0 ? '+' : ''}${change.toFixed(1)} %, ${change <= 10 ? 'within' : 'OVER'} 10 %`,
  );
}
console.log(
  `${cycles} cycles, ${skipped} skipped (late), ${failures} failures; ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}, Node ${process.version}`,
);
await database.close();
await server.stop();
