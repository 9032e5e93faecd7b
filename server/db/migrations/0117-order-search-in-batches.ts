import { type Kysely, sql } from 'kysely';
import { columnTypes } from './engine';

/**
 * The console's order search index on SQLite (migration 0022) written in batches after the
 * order's commit instead of by a trigger per order (issue 36, docs/decisions/0071). The FTS5
 * trigram insert cost 80-250 µs an order inside the checkout's transaction, most of it FTS5
 * writing a new segment per transaction and merging them; a batch writes one segment for many.
 *
 * An order still gets its key in its own transaction, and a row in `order_search_pending` that
 * says it is not in the text index yet; app/commerce/orders/order-search-index.server.ts moves
 * the pending ones into the index shortly after, and before every text search, so a search never
 * misses an order. A name or email changed while pending needs nothing (the batch reads the
 * order as it is then); the update trigger now fires only when one of them really changed (a
 * payment writes the email it was given, mostly the same one, and re-indexed the order each time).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (columnTypes(db).postgres) return;
  await sql`create table order_search_pending (key_id integer primary key)`.execute(db);
  for (const name of ['insert', 'update', 'delete']) {
    await sql`drop trigger ${sql.id(`order_search_${name}`)}`.execute(db);
  }
  await sql`
    create trigger order_search_insert after insert on orders begin
      insert into order_search_keys (order_id) values (new.id);
      insert into order_search_pending (key_id)
      values ((select id from order_search_keys where order_id = new.id));
    end`.execute(db);
  await sql`
    create trigger order_search_update after update of ship_name, email on orders
    when (old.ship_name is not new.ship_name or old.email is not new.email)
      and not exists (
        select 1 from order_search_pending
        where key_id = (select id from order_search_keys where order_id = new.id))
    begin
      delete from order_search where rowid = (select id from order_search_keys where order_id = old.id);
      insert into order_search (rowid, ship_name, email)
      values ((select id from order_search_keys where order_id = new.id), new.ship_name, new.email);
    end`.execute(db);
  await sql`
    create trigger order_search_delete before delete on orders begin
      delete from order_search where rowid = (select id from order_search_keys where order_id = old.id);
      delete from order_search_pending
      where key_id = (select id from order_search_keys where order_id = old.id);
    end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (columnTypes(db).postgres) return;
  // The pending orders into the index first: the old triggers expect every key indexed.
  await sql`
    insert into order_search (rowid, ship_name, email)
    select k.id, o.ship_name, o.email from order_search_pending p
    join order_search_keys k on k.id = p.key_id join orders o on o.id = k.order_id`.execute(db);
  await sql`drop table order_search_pending`.execute(db);
  for (const name of ['insert', 'update', 'delete']) {
    await sql`drop trigger ${sql.id(`order_search_${name}`)}`.execute(db);
  }
  await sql`
    create trigger order_search_insert after insert on orders begin
      insert into order_search_keys (order_id) values (new.id);
      insert into order_search (rowid, ship_name, email)
      values ((select id from order_search_keys where order_id = new.id), new.ship_name, new.email);
    end`.execute(db);
  await sql`
    create trigger order_search_update after update of ship_name, email on orders begin
      delete from order_search where rowid = (select id from order_search_keys where order_id = old.id);
      insert into order_search (rowid, ship_name, email)
      values ((select id from order_search_keys where order_id = new.id), new.ship_name, new.email);
    end`.execute(db);
  await sql`
    create trigger order_search_delete before delete on orders begin
      delete from order_search where rowid = (select id from order_search_keys where order_id = old.id);
    end`.execute(db);
}
