import { type Kysely, sql } from 'kysely';
import { columnTypes } from './engine';

/**
 * The storefront's search index (docs/decisions/0028): each product's searchable text (name,
 * brand, category and subcategory names, description) in a table the database indexes for
 * substring matching, kept in step by triggers so every way of writing a product (the seed,
 * the console, an import) updates it in the same transaction.
 *
 * SQLite: an FTS5 table with the trigram tokenizer (case- and accent-insensitive substrings of
 * three characters or more come from the index). PostgreSQL: a table of the lowercased text
 * with pg_trgm's GIN index, which serves `LIKE '%word%'`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (columnTypes(db).postgres) await upPostgres(db);
  else await upSqlite(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (columnTypes(db).postgres) {
    for (const table of ['products', 'brands', 'categories', 'subcategories']) {
      await sql`drop trigger if exists ${sql.id(`product_search_${table}`)} on ${sql.id(table)}`.execute(db);
    }
    await sql`drop function if exists product_search_on_change()`.execute(db);
    await sql`drop function if exists product_search_write(varchar[])`.execute(db);
    await sql`drop table if exists product_search`.execute(db);
    return;
  }
  for (const name of ['insert', 'update', 'delete', 'brand', 'category', 'subcategory']) {
    await sql`drop trigger if exists ${sql.id(`product_search_${name}`)}`.execute(db);
  }
  await sql`drop table if exists product_search`.execute(db);
}

/**
 * Every product's row of the index, from the tables (narrowed with `and ...`). The category
 * column holds the category's id and name and the subcategory's name.
 */
const SQLITE_ROWS = sql.raw(`
  select p.id, p.name, b.name, p.category_id || ' ' || c.name || ' ' || coalesce(sc.name, ''), p.description
  from products p
  join brands b on b.id = p.brand_id
  join categories c on c.id = p.category_id
  left join subcategories sc on sc.category_id = p.category_id and sc.id = p.subcategory_id
  where 1 = 1`);

async function upSqlite(db: Kysely<unknown>) {
  await sql`
    create virtual table product_search using fts5(
      product_id unindexed, name, brand, category, description,
      tokenize = 'trigram remove_diacritics 1'
    )`.execute(db);
  const insertColumns = sql.raw(
    'insert into product_search (product_id, name, brand, category, description)',
  );
  await sql`
    create trigger product_search_insert after insert on products begin
      ${insertColumns} ${SQLITE_ROWS} and p.id = new.id;
    end`.execute(db);
  // Only the searchable columns: stock, prices and review figures change far more often.
  await sql`
    create trigger product_search_update
    after update of name, description, brand_id, category_id, subcategory_id on products begin
      delete from product_search where product_id = old.id;
      ${insertColumns} ${SQLITE_ROWS} and p.id = new.id;
    end`.execute(db);
  await sql`
    create trigger product_search_delete after delete on products begin
      delete from product_search where product_id = old.id;
    end`.execute(db);
  // A renamed brand, category or subcategory: its products' rows again.
  await sql`
    create trigger product_search_brand after update of name on brands begin
      delete from product_search where product_id in (select id from products where brand_id = new.id);
      ${insertColumns} ${SQLITE_ROWS} and p.brand_id = new.id;
    end`.execute(db);
  await sql`
    create trigger product_search_category after update of name on categories begin
      delete from product_search where product_id in (select id from products where category_id = new.id);
      ${insertColumns} ${SQLITE_ROWS} and p.category_id = new.id;
    end`.execute(db);
  await sql`
    create trigger product_search_subcategory after update of name on subcategories begin
      delete from product_search where product_id in
        (select id from products where category_id = new.category_id and subcategory_id = new.id);
      ${insertColumns} ${SQLITE_ROWS} and p.category_id = new.category_id and p.subcategory_id = new.id;
    end`.execute(db);
  // The products already there.
  await sql`${insertColumns} ${SQLITE_ROWS}`.execute(db);
}

async function upPostgres(db: Kysely<unknown>) {
  const trgm = await trigramSchema(db);
  await sql`
    create table product_search (
      product_id varchar(120) primary key references products (id) on delete cascade,
      name text not null,
      document text not null
    )`.execute(db);
  const ops = sql.raw(`${sql.id(trgm).compile(db).sql}.gin_trgm_ops`);
  await sql`create index product_search_document_trgm on product_search using gin (document ${ops})`.execute(
    db,
  );
  // Lowercased once here, so a query compares with LIKE and the index serves it. The functions
  // keep the store's schema: a maintenance session with another search path may edit products.
  await sql`
    create function product_search_write(ids varchar[]) returns void language sql set search_path from current as $$
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
  await sql`
    create function product_search_on_change() returns trigger language plpgsql set search_path from current as $$
    begin
      if tg_table_name = 'products' then
        perform product_search_write(array[new.id]);
      elsif tg_table_name = 'brands' then
        perform product_search_write(array(select id from products where brand_id = new.id));
      elsif tg_table_name = 'categories' then
        perform product_search_write(array(select id from products where category_id = new.id));
      else
        perform product_search_write(array(
          select id from products where category_id = new.category_id and subcategory_id = new.id));
      end if;
      return null;
    end
    $$`.execute(db);
  // Only the searchable columns: stock, prices and review figures change far more often. A
  // deleted product's row goes with it (on delete cascade).
  await sql`
    create trigger product_search_products
    after insert or update of name, description, brand_id, category_id, subcategory_id on products
    for each row execute function product_search_on_change()`.execute(db);
  for (const table of ['brands', 'categories', 'subcategories']) {
    await sql`
      create trigger ${sql.id(`product_search_${table}`)} after update of name on ${sql.id(table)}
      for each row execute function product_search_on_change()`.execute(db);
  }
  await sql`select product_search_write(array(select id from products))`.execute(db);
}

/**
 * The schema pg_trgm is installed in, installing it in `public` when it is missing (it is a
 * trusted extension: a database owner may). Test schemas are migrated side by side, hence the
 * lock; the store's own schema may not be on every connection's search path, hence the name.
 */
async function trigramSchema(db: Kysely<unknown>): Promise<string> {
  await sql`select pg_advisory_xact_lock(hashtext('medisupply:pg_trgm'))`.execute(db);
  await sql`create extension if not exists pg_trgm schema public`.execute(db);
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('pg_trgm is not installed and could not be created');
  return schema;
}
