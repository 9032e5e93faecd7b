import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import { CATEGORIES } from '../../app/commerce/catalogue/data/categories';
import { SEARCH_PAGE_SIZE, searchIndex } from '../../app/features/catalog/product-search.server';
import { foldText } from '../../app/commerce/catalogue/search-words';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

/** The seed's products whose searchable text holds `word`, as the index should find them. */
function holding(word: string): Set<string> {
  return new Set(
    SEED_PRODUCTS.filter((p) => {
      const category = CATEGORIES.find((c) => c.id === p.category);
      const subcategory = category?.subcategories.find((s) => s.id === p.subcategory);
      const text = [p.name, p.brand, p.category, category?.name, subcategory?.name, p.description].join(' ');
      return foldText(text).includes(word);
    }).map((p) => p.id),
  );
}

const named = (word: string) => SEED_PRODUCTS.filter((p) => foldText(p.name).includes(word)).map((p) => p.id);

describe.each(testEngines)('search on %s', (engine) => {
  let t: TestServer;
  const db = () => t.server.services.database.db;

  beforeAll(async () => {
    t = await startTestServer(engine);
  });
  afterAll(async () => t?.close());

  /** Every result of a query, page by page, as the search page lists them. */
  async function results(q: string): Promise<{ ids: string[]; count: string }> {
    const ids: string[] = [];
    let count = '';
    for (let page = 1; page <= 20; page++) {
      const response = await fetch(`${t.url}/search?q=${encodeURIComponent(q)}&page=${page}`);
      expect(response.status).toBe(200);
      const html = (await response.text()).replaceAll('<!-- -->', '');
      count = /(\d+ products? found)/.exec(html)?.[1] ?? '';
      const onPage = [...new Set([...html.matchAll(/href="\/product\/([a-z0-9-]+)"/g)].map((m) => m[1]!))];
      ids.push(...onPage);
      if (!html.includes(`aria-label="Page ${page + 1}"`)) break;
    }
    return { ids, count };
  }

  it('finds every product whose name, brand, category or description holds each word, names first', async () => {
    for (const word of ['wheelchair', 'chair', 'oxygen', 'walk', 'drive', 'respiratory']) {
      const expected = holding(word);
      expect(expected.size).toBeGreaterThan(0);
      const { ids, count } = await results(word);
      expect(new Set(ids), word).toEqual(expected);
      expect(count).toBe(`${expected.size} ${expected.size === 1 ? 'product' : 'products'} found`);
      const inName = named(word).length;
      expect(
        ids.slice(0, inName).every((id) => named(word).includes(id)),
        word,
      ).toBe(true);
    }
  });

  it('needs every word: two words find what holds both', async () => {
    const both = [...holding('folding')].filter((id) => holding('walker').has(id));
    expect(both.length).toBeGreaterThan(0);
    expect(new Set((await results('Folding  WALKER')).ids)).toEqual(new Set(both));
  });

  it('forgives one typo: "wheelchar" and "rolator" find wheelchairs and rollators', async () => {
    expect(new Set((await results('wheelchar')).ids)).toEqual(holding('wheelchair'));
    const rollators = (await results('rolator')).ids;
    expect(new Set(rollators)).toEqual(holding('rollator'));
    expect(rollators.length).toBeGreaterThan(0);
    expect(new Set((await results('wlaker')).ids)).toEqual(holding('walker'));
  });

  it('says so when nothing matches, and treats query syntax as plain words', async () => {
    const none = await results('zzqqxx');
    expect(none).toEqual({ ids: [], count: '0 products found' });
    for (const hostile of ['"', '*', 'NEAR(a b)', 'wheel" OR "', '%_%', "' or 1=1 --", 'a-b c:d ^e']) {
      const response = await fetch(`${t.url}/search?q=${encodeURIComponent(hostile)}`);
      expect(response.status, hostile).toBe(200);
    }
  });

  it('pages long answers, and a page past the end shows the last page', async () => {
    // "e" is in every product: a word too short for the trigram index, compared with the text.
    const { ids, count } = await results('e');
    expect(ids.length).toBe(SEED_PRODUCTS.length);
    expect(new Set(ids).size).toBe(SEED_PRODUCTS.length);
    expect(count).toBe(`${SEED_PRODUCTS.length} products found`);
    const lastPage = Math.ceil(SEED_PRODUCTS.length / SEARCH_PAGE_SIZE);
    const past = await (await fetch(`${t.url}/search?q=e&page=999`)).text();
    expect(past).toContain(`aria-label="Page ${lastPage}" aria-current="page"`);
  });

  it('ranks by how many of the words the name holds, then in catalogue order', async () => {
    const groups = [['folding'], ['walker']];
    const { ids } = await searchIndex(db(), engine, groups, { offset: 0, limit: 200 });
    expect(ids.length).toBeGreaterThan(2);
    const byId = new Map(SEED_PRODUCTS.map((p, position) => [p.id, { p, position }]));
    const ranks = ids.map((id) => {
      const { p, position } = byId.get(id)!;
      const name = foldText(p.name);
      return { score: groups.filter(([word]) => name.includes(word!)).length, position };
    });
    expect(new Set(ranks.map((r) => r.score)).size).toBeGreaterThan(1);
    for (let i = 1; i < ranks.length; i++) {
      const [before, after] = [ranks[i - 1]!, ranks[i]!];
      expect(
        before.score > after.score || (before.score === after.score && before.position < after.position),
      ).toBe(true);
    }
  });

  it('follows every write to a product, and never returns an unpublished one', async () => {
    const [product] = SEED_PRODUCTS;
    const search = (word: string) => searchIndex(db(), engine, [[word]], { offset: 0, limit: 50 });
    await db()
      .updateTable('products')
      .set({ name: 'Zebracorn Transport Chair' })
      .where('id', '=', product!.id)
      .execute();
    expect((await search('zebracorn')).ids).toEqual([product!.id]);

    await db().updateTable('brands').set({ name: 'Quokkamed' }).where('name', '=', product!.brand).execute();
    const brand = await search('quokkamed');
    expect(brand.ids).toContain(product!.id);
    expect(brand.total).toBe(SEED_PRODUCTS.filter((p) => p.brand === product!.brand).length);

    // The index keeps the catalogue order: a product moved to the end is listed last.
    const { position } = await db()
      .selectFrom('products')
      .select('position')
      .where('id', '=', product!.id)
      .executeTakeFirstOrThrow();
    await db().updateTable('products').set({ position: 1_000_000 }).where('id', '=', product!.id).execute();
    expect((await search('quokkamed')).ids.at(-1)).toBe(product!.id);
    await db().updateTable('products').set({ position }).where('id', '=', product!.id).execute();
    expect((await search('quokkamed')).ids).toEqual(brand.ids);

    const flag = (on: boolean) =>
      engine === 'postgres' ? sql<boolean>`${sql.lit(on)}` : sql<number>`${on ? 1 : 0}`;
    await db()
      .updateTable('products')
      .set({ published: flag(false) })
      .where('id', '=', product!.id)
      .execute();
    expect((await search('zebracorn')).ids).toEqual([]);
    expect((await search('quokkamed')).total).toBe(brand.total - 1);
    await db()
      .updateTable('products')
      .set({ published: flag(true) })
      .where('id', '=', product!.id)
      .execute();
    expect((await search('zebracorn')).ids).toEqual([product!.id]);

    const [other] = (await search('quokkamed')).ids.filter((id) => id !== product!.id);
    await db().deleteFrom('products').where('id', '=', other!).execute();
    expect((await search('quokkamed')).ids).not.toContain(other);
    expect((await search('quokkamed')).total).toBe(brand.total - 1);
  });
});
