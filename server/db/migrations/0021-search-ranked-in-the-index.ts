import { type Kysely, sql } from 'kysely';
import * as productSearch from './0019-product-search';
import { columnTypes } from './engine';

/**
 * The search index of migration 0019, laid out so a query reads the index and nothing else
 * (docs/decisions/0028, "Cost"). At 10,000 products "wheelchair" matches about a thousand; each
 * match was joined to its product for `published` and `position` before it could be ranked,
 * counted and cut to a page of 24. Now the index holds only what is shown (published
 * products) with the catalogue position beside the text:
 *
 * SQLite: `product_search_rows` (an integer key, the product id, position, name, the searchable
 * text) and two contentless FTS5 trigram tables keyed by that integer: one of the whole text,
 * one of the name alone, so "is the word in the name" is a second, small index lookup rather
 * than a read of every match's text. Triggers on the rows table keep both FTS tables.
 * PostgreSQL: the table of 0019 gains `position` and loses unpublished products.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (columnTypes(db).postgres) await upPostgres(db);
  else await upSqlite(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (columnTypes(db).postgres) {
    await sql`drop trigger if exists product_search_products on products`.execute(db);
    await sql`
      create or replace function product_search_write(ids varchar[]) returns void language sql set search_path from current as $$
        insert into product_search (product_id, name, document)
        select p.id, lower(p.name),
          lower(concat_ws(' ', p.name, b.name, p.category_id, c.name, sc.name, p.description))
        from products p
        join brands b on b.id = p.brand_id
        join categories c on c.id = p.category_id
        left join subcategories sc on sc.category_id = p.category_id and sc.id = p.subcategory_id
        where p.id = any(ids)
        on conflict (product_id) do update set name = excluded.name, document = excluded.document
      $$`.execute(db);
    await sql`alter table product_search drop column position`.execute(db);
    await sql`
      create trigger product_search_products
      after insert or update of name, description, brand_id, category_id, subcategory_id on products
      for each row execute function product_search_on_change()`.execute(db);
    await sql`select product_search_write(array(select id from products))`.execute(db);
    return;
  }
  await dropSqlite(db);
  // Migration 0019's index, as it made it.
  await productSearch.up(db);
}

/** Each published product's row (narrowed with `and ...`): the text is 0019's, in one column. */
const SQLITE_ROWS = sql.raw(`
  insert into product_search_rows (product_id, position, name, document)
  select p.id, p.position, p.name,
    p.name || ' ' || b.name || ' ' || p.category_id || ' ' || c.name || ' ' || coalesce(sc.name, '') || ' ' || p.description
  from products p
  join brands b on b.id = p.brand_id
  join categories c on c.id = p.category_id
  left join subcategories sc on sc.category_id = p.category_id and sc.id = p.subcategory_id
  where p.published = 1`);

const SQLITE_TRIGGERS = ['insert', 'update', 'delete', 'brand', 'category', 'subcategory'];

async function dropSqlite(db: Kysely<unknown>) {
  for (const name of [...SQLITE_TRIGGERS, 'rows_insert', 'rows_delete']) {
    await sql`drop trigger if exists ${sql.id(`product_search_${name}`)}`.execute(db);
  }
  for (const table of [
    'product_search',
    'product_search_text',
    'product_search_names',
    'product_search_rows',
  ]) {
    await sql`drop table if exists ${sql.id(table)}`.execute(db);
  }
}

async function upSqlite(db: Kysely<unknown>) {
  await dropSqlite(db);
  await sql`
    create table product_search_rows (
      id integer primary key,
      product_id text not null unique,
      position integer not null,
      name text not null,
      document text not null
    )`.execute(db);
  // Contentless: the text is in the rows table already; the index answers with row keys, which
  // is all a query needs of it (contentless_delete: a row's entry can be removed by its key).
  for (const [table, column] of [
    ['product_search_text', 'document'],
    ['product_search_names', 'name'],
  ] as const) {
    await sql`
      create virtual table ${sql.id(table)} using fts5(
        ${sql.id(column)}, content = '', contentless_delete = 1,
        tokenize = 'trigram remove_diacritics 1'
      )`.execute(db);
  }
  await sql`
    create trigger product_search_rows_insert after insert on product_search_rows begin
      insert into product_search_text (rowid, document) values (new.id, new.document);
      insert into product_search_names (rowid, name) values (new.id, new.name);
    end`.execute(db);
  await sql`
    create trigger product_search_rows_delete after delete on product_search_rows begin
      delete from product_search_text where rowid = old.id;
      delete from product_search_names where rowid = old.id;
    end`.execute(db);
  await sql`
    create trigger product_search_insert after insert on products begin
      ${SQLITE_ROWS} and p.id = new.id;
    end`.execute(db);
  // The searchable columns, and what decides whether and where a product is listed. Stock,
  // prices and review figures change far more often and leave the index alone.
  await sql`
    create trigger product_search_update
    after update of name, description, brand_id, category_id, subcategory_id, position, published on products begin
      delete from product_search_rows where product_id = old.id;
      ${SQLITE_ROWS} and p.id = new.id;
    end`.execute(db);
  await sql`
    create trigger product_search_delete after delete on products begin
      delete from product_search_rows where product_id = old.id;
    end`.execute(db);
  // A renamed brand, category or subcategory: its products' rows again.
  await sql`
    create trigger product_search_brand after update of name on brands begin
      delete from product_search_rows where product_id in (select id from products where brand_id = new.id);
      ${SQLITE_ROWS} and p.brand_id = new.id;
    end`.execute(db);
  await sql`
    create trigger product_search_category after update of name on categories begin
      delete from product_search_rows where product_id in (select id from products where category_id = new.id);
      ${SQLITE_ROWS} and p.category_id = new.id;
    end`.execute(db);
  await sql`
    create trigger product_search_subcategory after update of name on subcategories begin
      delete from product_search_rows where product_id in
        (select id from products where category_id = new.category_id and subcategory_id = new.id);
      ${SQLITE_ROWS} and p.category_id = new.category_id and p.subcategory_id = new.id;
    end`.execute(db);
  // The products already there, in catalogue order.
  await sql`${SQLITE_ROWS} order by p.position`.execute(db);
}

async function upPostgres(db: Kysely<unknown>) {
  await sql`alter table product_search add column position integer not null default 0`.execute(db);
  await sql`alter table product_search alter column position drop default`.execute(db);
  // A product's row is rewritten, or removed when it is not published (its name and text are
  // lowercased once here, so a query compares with LIKE and the trigram index serves it).
  await sql`
    create or replace function product_search_write(ids varchar[]) returns void language sql set search_path from current as $$
      delete from product_search where product_id = any(ids);
      insert into product_search (product_id, position, name, document)
      select p.id, p.position, lower(p.name),
        lower(concat_ws(' ', p.name, b.name, p.category_id, c.name, sc.name, p.description))
      from products p
      join brands b on b.id = p.brand_id
      join categories c on c.id = p.category_id
      left join subcategories sc on sc.category_id = p.category_id and sc.id = p.subcategory_id
      where p.id = any(ids) and p.published
    $$`.execute(db);
  await sql`drop trigger product_search_products on products`.execute(db);
  await sql`
    create trigger product_search_products
    after insert or update of name, description, brand_id, category_id, subcategory_id, position, published on products
    for each row execute function product_search_on_change()`.execute(db);
  await sql`select product_search_write(array(select id from products))`.execute(db);
  // Every row was rewritten: the planner's figures for the table now, not at autovacuum's leisure.
  await sql`analyze product_search`.execute(db);
}
