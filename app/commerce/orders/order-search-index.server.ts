import { type Kysely, sql } from 'kysely';
import { isPostgres } from '#server/db/database';
import type { DatabaseSchema } from '#server/db/schema';

/**
 * SQLite's text index of orders for the console's search, kept in batches after the orders'
 * commits (migration 0117, docs/decisions/0071): an order's own transaction only queues it in
 * `order_search_pending`. PostgreSQL searches with its trigram indexes and has nothing to do.
 */
type Db = Kysely<DatabaseSchema>;

/** Long enough to gather a burst of checkouts into one batch, short for a search's sake. */
const BATCH_EVERY_MS = 250;
/** Orders per transaction when many wait (a bulk import): the event loop is never held long. */
const BATCH_SIZE = 2_000;

/** Any order waiting to be indexed? One indexed lookup: the search asks it every time. */
async function anyPending(db: Db): Promise<boolean> {
  const { rows } = await sql<{ found: number }>`
    select exists (select 1 from order_search_pending) as found`.execute(db);
  return Boolean(rows[0]?.found);
}

/**
 * Moves the queued orders into the text index, a batch a transaction, until none waits.
 * Returns how many were indexed. Each batch reads the orders as they are then, so a name or
 * email changed while queued is indexed as changed.
 */
export async function indexPendingOrders(db: Db): Promise<number> {
  if (isPostgres(db)) return 0;
  let indexed = 0;
  while (await anyPending(db)) {
    indexed += await db.transaction().execute(async (trx) => {
      // SQLite's transactions here take the write lock at their start: nothing is queued
      // between the two statements, so the batch indexed is the batch taken off the queue.
      // An order deleted while queued took its key with it: the join leaves it out.
      await sql`
        insert into order_search (rowid, ship_name, email)
        select k.id, o.ship_name, o.email
        from (select key_id from order_search_pending order by key_id limit ${sql.lit(BATCH_SIZE)}) p
        join order_search_keys k on k.id = p.key_id join orders o on o.id = k.order_id`.execute(trx);
      const taken = await sql`
        delete from order_search_pending where key_id in
          (select key_id from order_search_pending order by key_id limit ${sql.lit(BATCH_SIZE)})`.execute(
        trx,
      );
      return Number(taken.numAffectedRows ?? 0);
    });
  }
  return indexed;
}

/**
 * Indexes what waits every BATCH_EVERY_MS, started with the server's jobs: every way an order
 * is stored (checkout, an accepted quote, a refill cycle, an import) queues it in its own
 * transaction, and this one loop indexes them all after their commits, so none of them
 * schedules anything. A batch that fails leaves its orders queued for the next one or for a
 * search (which indexes the queue first), so failures are not reported here. Returns stop.
 */
export function startOrderIndexing(db: Db): () => Promise<void> {
  if (isPostgres(db)) return async () => undefined;
  // One batch at a time: a tick that finds the last one still running (a bulk import) skips.
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    running ??= indexPendingOrders(db)
      .catch(() => undefined)
      .finally(() => (running = undefined));
  }, BATCH_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
