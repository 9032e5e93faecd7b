import { type Kysely, type QueryResult, type RawBuilder, sql } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import type { AppServices } from '#server/types';
import type { Page } from '~/lib/page-list';
import type { ProductCard } from '~/commerce/catalogue/catalog';
import { catalogueOf } from '~/commerce/catalogue/catalogue-store.server';
import { queryWords } from '~/commerce/catalogue/search-words';

/**
 * The search index of migrations 0019 and 0021, asked (docs/decisions/0028). Each group is one
 * query word with what it may stand for (search-words.ts): a product matches when every group
 * has a word in its text. Products whose name holds more of the groups come first, then
 * catalogue order; staff's drafts (unpublished) are not in the index.
 */
export interface SearchPage {
  /** The product ids of the page asked for, best first. */
  ids: string[];
  /** How many products match in all. */
  total: number;
}

/** Results on one page of /search. */
export const SEARCH_PAGE_SIZE = 24;

/** Words this short are not in the trigram index: they are compared against the text. */
const INDEXED_LENGTH = 3;

export async function searchIndex(
  db: Kysely<DatabaseSchema>,
  engine: 'sqlite' | 'postgres',
  groups: readonly (readonly string[])[],
  page: { offset: number; limit: number },
): Promise<SearchPage> {
  if (groups.length === 0) return { ids: [], total: 0 };
  if (engine === 'sqlite') return pageOf(await sqliteQuery(groups, page).execute(db));
  const query = postgresQuery(groups, page);
  // Words under three letters have no trigrams: the index cannot serve them, the text is read.
  if (!groups.some(isIndexed)) return pageOf(await query.execute(db));
  return pageOf(
    await db.transaction().execute(async (trx) => {
      // PostgreSQL's estimate for a trigram index grows with the word's trigrams: for
      // "wheelchair" at 10,000 products it chose to read every row's text (5 ms, against 1-2 ms
      // from the index, measured; docs/decisions/0028).
      await sql`set local enable_seqscan = off`.execute(trx);
      return query.execute(trx);
    }),
  );
}

const pageOf = ({ rows }: QueryResult<{ id: string; total: number | string }>): SearchPage => ({
  ids: rows.map((row) => row.id),
  total: Number(rows[0]?.total ?? 0),
});

type SearchQuery = RawBuilder<{ id: string; total: number | string }>;

const anyOf = (parts: RawBuilder<unknown>[]) => sql`(${sql.join(parts, sql` or `)})`;
const allOf = (parts: RawBuilder<unknown>[]) => sql.join(parts, sql` and `);
const isIndexed = (group: readonly string[]) => group.every((word) => word.length >= INDEXED_LENGTH);
// Each word a quoted phrase: a substring to the trigram tokenizer. Words hold only letters and
// digits (search-words.ts), so nothing in them is query syntax.
const phrases = (group: readonly string[]) => group.map((word) => `"${word}"`).join(' OR ');

function sqliteQuery(groups: readonly (readonly string[])[], page: { offset: number; limit: number }) {
  const indexed = groups.filter(isIndexed);
  const match = indexed.map((group) => `(${phrases(group)})`).join(' AND ');
  const conditions: RawBuilder<unknown>[] = [];
  if (match) conditions.push(sql`product_search_text match ${match}`);
  for (const group of groups.filter((group) => !isIndexed(group))) {
    conditions.push(anyOf(group.map((word) => sql`r.document like ${`%${word}%`}`)));
  }
  // The name index answers "which products have the word in their name" once for the query;
  // the matches are looked up in that answer rather than their names read one by one.
  const nameHits = sql.join(
    groups.map((group) =>
      isIndexed(group)
        ? sql`(r.id in (select rowid from product_search_names where product_search_names match ${phrases(group)}))`
        : anyOf(group.map((word) => sql`instr(lower(r.name), ${word}) > 0`)),
    ),
    sql` + `,
  );
  const from = match
    ? sql`product_search_text join product_search_rows r on r.id = product_search_text.rowid`
    : sql`product_search_rows r`;
  return sql`
    select r.product_id as id, count(*) over () as total
    from ${from}
    where ${allOf(conditions)}
    order by ${nameHits} desc, r.position
    limit ${page.limit} offset ${page.offset}` as SearchQuery;
}

function postgresQuery(groups: readonly (readonly string[])[], page: { offset: number; limit: number }) {
  // The text is lowercased and pg_trgm's index serves LIKE '%word%' (three characters on).
  const conditions = groups.map((group) => anyOf(group.map((word) => sql`s.document like ${`%${word}%`}`)));
  const nameHits = sql.join(
    groups.map((group) => sql`(${anyOf(group.map((word) => sql`strpos(s.name, ${word}) > 0`))})::int`),
    sql` + `,
  );
  return sql`
    select s.product_id as id, count(*) over () as total
    from product_search s
    where ${allOf(conditions)}
    order by ${nameHits} desc, s.position
    limit ${page.limit} offset ${page.offset}` as SearchQuery;
}

/**
 * One page of search results for a shopper's query, as the grid shows them (a listing's page
 * shape); a page beyond the end shows the last one.
 */
export async function searchCatalogue(
  services: AppServices,
  query: string,
  pageNumber: number,
): Promise<Page<ProductCard>> {
  const catalogue = catalogueOf(services);
  const vocabulary = catalogue.vocabulary();
  const groups = queryWords(query).map((word) => vocabulary.alternatives(word));
  const { db, engine } = services.database;
  const ask = (page: number) =>
    searchIndex(db, engine, groups, { offset: (page - 1) * SEARCH_PAGE_SIZE, limit: SEARCH_PAGE_SIZE });
  let page = Math.max(1, Math.floor(pageNumber) || 1);
  let found = await ask(page);
  if (found.ids.length === 0 && page > 1) {
    const { total } = await ask(1);
    page = Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE));
    found = await ask(page);
  }
  // The snapshot may lag a moment behind the table on another instance: a product it does not
  // have yet is left out of this answer rather than shown half.
  const items = found.ids.flatMap((id) => {
    const product = catalogue.getProduct(id);
    return product ? [catalogue.gridCard(product)] : [];
  });
  return {
    items,
    page,
    totalPages: Math.max(1, Math.ceil(found.total / SEARCH_PAGE_SIZE)),
    total: found.total,
  };
}
