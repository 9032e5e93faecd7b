import { type Kysely, sql } from 'kysely';

/**
 * The console's order lists at the size of a store with history (100,000 orders and more):
 * - (status, created_at) and (fulfilment, created_at): a filtered list ("refunded", "shipped"...)
 *   reads its page in order from an index instead of sorting every match (measured: a page of
 *   the 35,000 orders waiting to ship took 158 ms with one (status, fulfilment, created_at)
 *   index, which SQLite sorted, and 2.7 ms with these);
 * - orders waiting to ship, newest or oldest first, and their count, from a partial index of
 *   just them (the query writes the same condition out, so both engines' planners take it);
 * - paid_at: the dashboard's sales of the last 30 days read that range only.
 */
// The orders feature writes the same text in its queries (order-admin.server.ts TO_SHIP).
const TO_SHIP = sql<boolean>`status = 'paid' and fulfilment in ('unfulfilled', 'packed')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // The id ends each key: the lists order by (created_at, id), so a page is read straight off.
  const indexes: [string, string[]][] = [
    ['orders_created_idx', ['created_at', 'id']],
    ['orders_status_created_idx', ['status', 'created_at', 'id']],
    ['orders_fulfilment_created_idx', ['fulfilment', 'created_at', 'id']],
    ['orders_paid_at_idx', ['paid_at']],
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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_paid_at_idx').execute();
  await db.schema.dropIndex('orders_to_ship_idx').execute();
  await db.schema.dropIndex('orders_fulfilment_created_idx').execute();
  await db.schema.dropIndex('orders_status_created_idx').execute();
  await db.schema.dropIndex('orders_created_idx').execute();
}
