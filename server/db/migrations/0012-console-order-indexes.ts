import { type Kysely, sql } from 'kysely';
import { columnTypes } from './engine';

/**
 * The console's order lists at the size of a store with history (100,000 orders and more):
 * - (status, created_at) and (fulfilment, created_at): a filtered list ("refunded", "shipped"...)
 *   reads its page in order from an index instead of sorting every match (measured: a page of
 *   the 35,000 orders waiting to ship took 158 ms with one (status, fulfilment, created_at)
 *   index, which SQLite sorted, and 2.7 ms with these);
 * - orders waiting to ship, newest or oldest first, and their count, from a partial index of
 *   just them (the query writes the same condition out, so both engines' planners take it);
 * - paid_at: the dashboard's sales of the last 30 days read that range only, and from the index
 *   alone (with 33,000 orders in 30 days: 101 ms a dashboard on SQLite by the table, 42 ms so);
 * - on PostgreSQL, trigram indexes for a search by part of a name or an email (below).
 */
// The orders feature writes the same text in its queries (order-admin.server.ts TO_SHIP).
const TO_SHIP = sql<boolean>`status = 'paid' and fulfilment in ('unfulfilled', 'packed')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // The id ends each key: the lists order by (created_at, id), so a page is read straight off.
  const indexes: [string, string[]][] = [
    ['orders_created_idx', ['created_at', 'id']],
    ['orders_status_created_idx', ['status', 'created_at', 'id']],
    ['orders_fulfilment_created_idx', ['fulfilment', 'created_at', 'id']],
    // The dashboard's sums read these columns only: from the index, never the table.
    ['orders_paid_at_idx', ['paid_at', 'status', 'total', 'refunded_total']],
  ];
  for (const [name, columns] of indexes) {
    await db.schema.createIndex(name).on('orders').columns(columns).execute();
  }
  await db.schema
    .createIndex('orders_to_ship_idx')
    .on('orders')
    .column('created_at')
    .where(TO_SHIP)
    .execute();
  if (columnTypes(db).postgres) await trigramIndexes(db);
}

const TRIGRAM_COLUMNS = ['ship_name', 'email'] as const;

/**
 * "garcia" or "@clinic.org" is found inside names and emails with `lower(column) like '%…%'`
 * (server/db/like.ts): on PostgreSQL a scan of every order, 190 ms a search at 100,000 orders
 * under load (docs/performance.md), unless pg_trgm's trigram indexes answer it. pg_trgm ships
 * with PostgreSQL and is a trusted extension: a role that may create objects in the database
 * may install it. Where it cannot be installed, searches still work, by a scan. It goes into
 * `public` so that dropping one store's schema never takes it from another's.
 */
async function trigramIndexes(db: Kysely<unknown>): Promise<void> {
  await sql`savepoint pg_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`release savepoint pg_trgm`.execute(db);
  } catch {
    // No right to install it, or another store's migration installed it at the same moment.
    await sql`rollback to savepoint pg_trgm`.execute(db);
  }
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) return;
  for (const column of TRIGRAM_COLUMNS) {
    await sql`create index ${sql.id(`orders_${column}_trgm_idx`)} on orders
      using gin (lower(${sql.ref(column)}) ${sql.id(schema)}.gin_trgm_ops)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of TRIGRAM_COLUMNS) {
    await db.schema.dropIndex(`orders_${column}_trgm_idx`).ifExists().execute();
  }
  await db.schema.dropIndex('orders_paid_at_idx').execute();
  await db.schema.dropIndex('orders_to_ship_idx').execute();
  await db.schema.dropIndex('orders_fulfilment_created_idx').execute();
  await db.schema.dropIndex('orders_status_created_idx').execute();
  await db.schema.dropIndex('orders_created_idx').execute();
}
