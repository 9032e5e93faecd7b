import { type Kysely } from 'kysely';
import { isPostgres } from '#server/db/database';
import type { DatabaseSchema } from '#server/db/schema';
import { brandId, productFromRecord, type ProductRecord } from './catalog';
import type { CatalogueSeed } from './catalog-seed';
import { parseRefillWeeks, storedRefillWeeks } from './refill-weeks';
import type {
  CategoryDefinition,
  CategoryId,
  Product,
  ProductMeasures,
  StockedCategoryId,
} from './catalog.types';

type Db = Kysely<DatabaseSchema>;

/** Reading and seeding the catalogue tables (migration 0007). */

export async function readCategories(db: Db): Promise<CategoryDefinition[]> {
  const [categories, subcategories] = await Promise.all([
    db.selectFrom('categories').selectAll().orderBy('position').execute(),
    db.selectFrom('subcategories').selectAll().orderBy('category_id').orderBy('position').execute(),
  ]);
  return categories.map((c) => ({
    id: c.id as CategoryId,
    name: c.name,
    description: c.description,
    bannerImage: c.banner_image,
    inMenu: Boolean(c.in_menu),
    subcategories: subcategories.filter((s) => s.category_id === c.id).map(({ id, name }) => ({ id, name })),
  }));
}

function groupBy<T extends { product_id: string }>(rows: readonly T[]) {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(row.product_id);
    if (group) group.push(row);
    else groups.set(row.product_id, [row]);
  }
  return groups;
}

/** Products in catalogue order (position), with their images, features, specifications and stock; only `ids` when given. */
export async function readProducts(db: Db, ids?: readonly string[]): Promise<Product[]> {
  if (ids && ids.length === 0) return [];
  const some = ids !== undefined;
  const [products, images, features, specifications] = await Promise.all([
    db
      .selectFrom('products')
      .innerJoin('brands', 'brands.id', 'products.brand_id')
      .leftJoin('inventory', 'inventory.product_id', 'products.id')
      .selectAll('products')
      .select(['brands.name as brand_name', 'inventory.on_hand'])
      .$if(some, (q) => q.where('products.id', 'in', ids ?? []))
      .orderBy('products.position')
      .execute(),
    db
      .selectFrom('product_images')
      .selectAll()
      .$if(some, (q) => q.where('product_id', 'in', ids ?? []))
      .orderBy('product_id')
      .orderBy('position')
      .execute(),
    db
      .selectFrom('product_features')
      .selectAll()
      .$if(some, (q) => q.where('product_id', 'in', ids ?? []))
      .orderBy('product_id')
      .orderBy('position')
      .execute(),
    db
      .selectFrom('product_specifications')
      .selectAll()
      .$if(some, (q) => q.where('product_id', 'in', ids ?? []))
      .orderBy('product_id')
      .orderBy('position')
      .execute(),
  ]);
  const imagesOf = groupBy(images);
  const featuresOf = groupBy(features);
  const specificationsOf = groupBy(specifications);
  // Unpublished products are staff's drafts: the storefront never sees them.
  return products
    .filter((row) => Boolean(row.published))
    .map((row) =>
      productFromRecord({
        id: row.id,
        sku: row.sku,
        name: row.name,
        description: row.description,
        brand: row.brand_name,
        category: row.category_id as StockedCategoryId,
        subcategory: row.subcategory_id,
        price: row.price,
        originalPrice: row.original_price ?? undefined,
        rating: row.rating,
        reviewCount: row.review_count,
        isNew: Boolean(row.is_new),
        // Absent unless picked, as in the data files: a product reads the same from either.
        isFeatured: row.is_featured ? true : undefined,
        hsaFsaEligible: Boolean(row.hsa_fsa_eligible),
        hsaFsaLetter: Boolean(row.hsa_fsa_letter),
        prescriptionRequired: Boolean(row.prescription_required),
        returnable: Boolean(row.returnable),
        freightOnly: Boolean(row.freight_only),
        taxExempt: Boolean(row.tax_exempt),
        // Absent when empty, as in the data files.
        ...(row.hcpcs_code ? { hcpcsCode: row.hcpcs_code } : {}),
        ...(row.hcpcs_code && row.hcpcs_modifier ? { hcpcsModifier: row.hcpcs_modifier } : {}),
        ...(row.refill_weeks ? { refillWeeks: parseRefillWeeks(row.refill_weeks) } : {}),
        measures: JSON.parse(row.measures) as ProductMeasures,
        images: (imagesOf.get(row.id) ?? []).map((image) => ({
          id: `${row.id}-${image.position}`,
          src: image.src,
          alt: image.alt,
          width: image.width,
          height: image.height,
        })),
        features: (featuresOf.get(row.id) ?? []).map((f) => f.text),
        extraSpecifications: (specificationsOf.get(row.id) ?? []).map(({ name, value }) => ({ name, value })),
        onHand: row.on_hand ?? 0,
        verifiedReviews: { count: row.verified_review_count, ratingTotal: row.verified_rating_total },
      }),
    );
}

/** A flag as this engine stores it: SQLite has no boolean (0/1, and better-sqlite3 binds none). */
export function flagFor(db: Db): (value: boolean) => boolean | number {
  const postgres = isPostgres(db);
  return (value) => (postgres ? value : Number(value));
}

export async function hasCatalogue(db: Db): Promise<boolean> {
  const row = await db.selectFrom('categories').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Writes the seed into the catalogue tables. Every row is inserted only if its key is not
 * there yet, so a second run (or two instances starting at once) changes nothing, and a
 * product staff edited keeps their edit. Returns how many products were new.
 */
export async function seedCatalogue(db: Db, seed: CatalogueSeed, now = Date.now()): Promise<number> {
  const flag = flagFor(db);
  // A few multi-row statements, not one per row: a PostgreSQL start pays a round trip each.
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('categories')
      .values(
        seed.categories.map((c, position) => ({
          id: c.id,
          name: c.name,
          description: c.description,
          banner_image: c.bannerImage,
          in_menu: flag(c.inMenu),
          position,
        })),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await trx
      .insertInto('subcategories')
      .values(
        seed.categories.flatMap((c) =>
          c.subcategories.map((s, position) => ({ category_id: c.id, id: s.id, name: s.name, position })),
        ),
      )
      .onConflict((oc) => oc.columns(['category_id', 'id']).doNothing())
      .execute();
    await trx
      .insertInto('brands')
      .values(seed.brands.map(({ id, name }) => ({ id, name })))
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const inserted = await trx
      .insertInto('products')
      .values(seed.products.map((p, position) => productRow(p, { position, now, flag })))
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .execute();
    // An existing product (seeded before, perhaps edited since) keeps its rows as they are.
    const added = new Set(inserted.map((row) => row.id));
    const fresh = seed.products.filter((p) => added.has(p.id));
    if (fresh.length === 0) return 0;
    const { images, features, specifications, inventory } = productDetailRows(fresh, now);
    if (images.length > 0) await trx.insertInto('product_images').values(images).execute();
    if (features.length > 0) await trx.insertInto('product_features').values(features).execute();
    if (specifications.length > 0) {
      await trx.insertInto('product_specifications').values(specifications).execute();
    }
    await trx.insertInto('inventory').values(inventory).execute();
    return fresh.length;
  });
}

/**
 * A product's rows beside its own (images, features, specifications, stock), positions from 1:
 * what the seed writes, and the growth bench for its generated products.
 */
export function productDetailRows(products: readonly ProductRecord[], now: number) {
  const numbered = <T>(items: readonly T[]) => items.map((item, index) => ({ item, position: index + 1 }));
  return {
    images: products.flatMap((p) =>
      numbered(p.images).map(({ item, position }) => ({
        product_id: p.id,
        position,
        src: item.src,
        alt: item.alt,
        width: item.width,
        height: item.height,
      })),
    ),
    features: products.flatMap((p) =>
      numbered(p.features).map(({ item, position }) => ({ product_id: p.id, position, text: item })),
    ),
    specifications: products.flatMap((p) =>
      numbered(p.extraSpecifications).map(({ item, position }) => ({
        product_id: p.id,
        position,
        name: item.name,
        value: item.value,
      })),
    ),
    inventory: products.map((p) => ({ product_id: p.id, on_hand: p.onHand, updated_at: now })),
  };
}

/** A product's own row of the products table (the seed's, and the growth bench's). */
export function productRow(
  p: ProductRecord,
  { position, now, flag }: { position: number; now: number; flag: (value: boolean) => boolean | number },
) {
  return {
    id: p.id,
    sku: p.sku,
    name: p.name,
    description: p.description,
    brand_id: brandId(p.brand),
    category_id: p.category,
    subcategory_id: p.subcategory,
    price: p.price,
    original_price: p.originalPrice ?? null,
    rating: p.rating,
    review_count: p.reviewCount,
    is_new: flag(p.isNew),
    hsa_fsa_eligible: flag(p.hsaFsaEligible),
    hsa_fsa_letter: flag(p.hsaFsaLetter),
    prescription_required: flag(p.prescriptionRequired),
    returnable: flag(p.returnable),
    freight_only: flag(p.freightOnly),
    tax_exempt: flag(p.taxExempt),
    hcpcs_code: p.hcpcsCode ?? null,
    hcpcs_modifier: p.hcpcsModifier ?? null,
    refill_weeks: storedRefillWeeks(p.refillWeeks),
    measures: JSON.stringify(p.measures),
    position,
    updated_at: now,
  };
}
