import { type Kysely, sql } from 'kysely';
import { columnTypes } from './engine';

/**
 * The console's search of orders by part of a name or an email on SQLite, at the size of a store
 * with years of history. `lower(ship_name) like '%garcia%'` reads every order: 491 ms of CPU a
 * search at 1,000,000 orders, p99 2.9 s (docs/performance.md, "Growth"). PostgreSQL answers the
 * same from the trigram indexes of migration 0012 (9 ms); this is SQLite's trigram index, FTS5
 * with the trigram tokenizer, which finds a substring of three characters or more from the
 * index (a quoted phrase is matched as a substring, case folded).
 *
 * The index is contentless (the names and emails stay in `orders` only) and keyed by a small
 * integer of `order_search_keys`, not by the orders' own rowid, which a VACUUM may renumber in a
 * table without an integer primary key. Triggers on `orders` keep both; a name or email
 * changed (an account's deletion anonymises its orders) is taken out and written again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (columnTypes(db).postgres) return;
  await sql`
    create table order_search_keys (
      id integer primary key,
      order_id text not null unique references orders (id) on delete cascade
    )`.execute(db);
  await sql`
    create virtual table order_search using fts5(
      ship_name, email, content = '', contentless_delete = 1,
      tokenize = 'trigram remove_diacritics 1'
    )`.execute(db);
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
  // The orders already there, oldest first.
  await sql`insert into order_search_keys (order_id) select id from orders order by created_at, id`.execute(
    db,
  );
  await sql`
    insert into order_search (rowid, ship_name, email)
    select k.id, o.ship_name, o.email from order_search_keys k join orders o on o.id = k.order_id`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (columnTypes(db).postgres) return;
  for (const name of ['insert', 'update', 'delete']) {
    await sql`drop trigger if exists ${sql.id(`order_search_${name}`)}`.execute(db);
  }
  await sql`drop table if exists order_search`.execute(db);
  await sql`drop table if exists order_search_keys`.execute(db);
}
