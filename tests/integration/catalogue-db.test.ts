import { afterEach, describe, expect, it } from 'vitest';
import { CATALOGUE_SEED, SEED_PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import { parseListingQuery } from '../../app/commerce/catalogue/catalog.schema';
import { Catalogue } from '../../app/commerce/catalogue/catalog.server';
import { CATEGORIES } from '../../app/commerce/catalogue/data/categories';
import {
  readCategories,
  readProducts,
  seedCatalogue,
} from '../../app/commerce/catalogue/catalogue-db.server';
import { openMigratedTestDatabase, testEngines } from '../support/test-database';

const TABLES = [
  'categories',
  'subcategories',
  'brands',
  'products',
  'product_images',
  'product_features',
  'product_specifications',
  'inventory',
] as const;

describe.each(testEngines)('the catalogue tables on %s', (engine) => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => cleanup?.());

  async function open() {
    const testDb = await openMigratedTestDatabase(engine);
    cleanup = testDb.cleanup;
    return testDb.database.db;
  }

  async function counts(db: Awaited<ReturnType<typeof open>>) {
    const result: Record<string, number> = {};
    for (const table of TABLES) {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      result[table] = Number(row.n);
    }
    return result;
  }

  it('hold the data files exactly as the storefront showed them, and a second seed changes nothing', async () => {
    const db = await open();
    expect(await seedCatalogue(db, CATALOGUE_SEED)).toBe(SEED_PRODUCTS.length);
    const first = await counts(db);
    expect(first.products).toBe(SEED_PRODUCTS.length);
    expect(first.inventory).toBe(SEED_PRODUCTS.length);

    expect(await seedCatalogue(db, CATALOGUE_SEED)).toBe(0);
    expect(await counts(db)).toEqual(first);

    expect(await readProducts(db)).toEqual(SEED_PRODUCTS);
    expect(await readCategories(db)).toEqual(CATEGORIES);
  });

  it('keep what staff changed when the seed runs again', async () => {
    const db = await open();
    await seedCatalogue(db, CATALOGUE_SEED);
    const [product] = SEED_PRODUCTS;
    await db.updateTable('products').set({ price: 12_345 }).where('id', '=', product!.id).execute();
    await db.updateTable('inventory').set({ on_hand: 2 }).where('product_id', '=', product!.id).execute();
    await seedCatalogue(db, CATALOGUE_SEED);
    const [read] = await readProducts(db, [product!.id]);
    expect(read).toMatchObject({ price: 12_345, onHand: 2, stock: 'Low Stock' });
  });

  it('refuse a negative stock count', async () => {
    const db = await open();
    await seedCatalogue(db, CATALOGUE_SEED);
    await expect(
      db
        .updateTable('inventory')
        .set({ on_hand: -1 })
        .where('product_id', '=', SEED_PRODUCTS[0]!.id)
        .execute(),
    ).rejects.toThrow();
  });

  it('read the same listings as the seed', async () => {
    const db = await open();
    await seedCatalogue(db, CATALOGUE_SEED);
    const fromDb = new Catalogue(await readProducts(db), await readCategories(db));
    const fromSeed = new Catalogue(SEED_PRODUCTS, CATEGORIES);
    const query = parseListingQuery(new URLSearchParams('sort=price-low'));
    expect(fromDb.categoryListing('mobility', undefined, query)).toEqual(
      fromSeed.categoryListing('mobility', undefined, query),
    );
    expect(fromDb.vocabulary().alternatives('oxygn')).toEqual(fromSeed.vocabulary().alternatives('oxygn'));
  });
});
