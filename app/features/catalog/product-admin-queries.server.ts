import type { Kysely } from 'kysely';
import { containsText } from '#server/db/like';
import type { DatabaseSchema } from '#server/db/schema';
import { LOW_STOCK_AT } from '~/commerce/catalogue/catalog';
import type { ProductMeasures } from '~/commerce/catalogue/catalog.types';
import { flagFor } from '~/commerce/catalogue/catalogue-db.server';
import { parseRefillWeeks, refillWeeksText } from '~/commerce/catalogue/refill-weeks';
import { MEASURE_FIELDS } from './product-admin.schema';
import { centsToDecimal } from '~/commerce/money';

/** What the console reads of the catalogue: the staff product list and one product for its editor. */
type Db = Kysely<DatabaseSchema>;

export const PRODUCTS_PAGE_SIZE = 50;

export interface ProductFilter {
  q: string;
  category: string;
  stock: '' | 'in' | 'low' | 'out';
  published: '' | 'yes' | 'no';
}

export interface StaffProductRow {
  id: string;
  name: string;
  sku: string;
  category: string;
  price: number;
  onHand: number;
  published: boolean;
}

export async function listProductsForStaff(db: Db, filter: ProductFilter, page: number) {
  const flag = flagFor(db);
  let query = db
    .selectFrom('products')
    .leftJoin('inventory', 'inventory.product_id', 'products.id')
    .select([
      'products.id',
      'products.name',
      'products.sku',
      'products.category_id',
      'products.price',
      'products.published',
      'inventory.on_hand',
    ]);
  const q = filter.q.trim();
  if (q) {
    query = query.where((eb) =>
      eb.or([
        containsText('products.name', q),
        containsText('products.sku', q),
        containsText('products.id', q),
      ]),
    );
  }
  if (filter.category) query = query.where('products.category_id', '=', filter.category);
  if (filter.stock === 'out') query = query.where('inventory.on_hand', '<=', 0);
  if (filter.stock === 'low')
    query = query.where('inventory.on_hand', '>', 0).where('inventory.on_hand', '<=', LOW_STOCK_AT);
  if (filter.stock === 'in') query = query.where('inventory.on_hand', '>', LOW_STOCK_AT);
  if (filter.published) query = query.where('products.published', '=', flag(filter.published === 'yes'));
  const rows = await query
    .orderBy('products.name')
    .limit(PRODUCTS_PAGE_SIZE + 1)
    .offset((page - 1) * PRODUCTS_PAGE_SIZE)
    .execute();
  const products: StaffProductRow[] = rows.slice(0, PRODUCTS_PAGE_SIZE).map((row) => ({
    id: row.id,
    name: row.name,
    sku: row.sku,
    category: row.category_id,
    price: row.price,
    onHand: Number(row.on_hand ?? 0),
    published: Boolean(row.published),
  }));
  return { products, hasNext: rows.length > PRODUCTS_PAGE_SIZE };
}

/** A product as its editor shows it (the form's values), or undefined. */
export async function productForStaff(db: Db, id: string) {
  if (!/^[a-z0-9-]{1,100}$/.test(id)) return undefined;
  const row = await db
    .selectFrom('products')
    .innerJoin('brands', 'brands.id', 'products.brand_id')
    .leftJoin('inventory', 'inventory.product_id', 'products.id')
    .selectAll('products')
    .select(['brands.name as brand_name', 'inventory.on_hand'])
    .where('products.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const [features, specifications, images, history] = await Promise.all([
    db
      .selectFrom('product_features')
      .select('text')
      .where('product_id', '=', id)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('product_specifications')
      .select(['name', 'value'])
      .where('product_id', '=', id)
      .orderBy('position')
      .execute(),
    db.selectFrom('product_images').selectAll().where('product_id', '=', id).orderBy('position').execute(),
    db
      .selectFrom('stock_movements')
      .selectAll()
      .where('product_id', '=', id)
      .orderBy('at', 'desc')
      .limit(50)
      .execute(),
  ]);
  const measures = JSON.parse(row.measures) as ProductMeasures;
  const simple = measures as Record<string, unknown>;
  const values: Record<string, string> = {
    name: row.name,
    sku: row.sku,
    description: row.description,
    brand: row.brand_name,
    placement: `${row.category_id}/${row.subcategory_id}`,
    price: centsToDecimal(row.price),
    originalPrice: row.original_price === null ? '' : centsToDecimal(row.original_price),
    features: features.map((f) => f.text).join('\n'),
    specifications: specifications.map((s) => `${s.name}: ${s.value}`).join('\n'),
    hcpcsCode: row.hcpcs_code ?? '',
    hcpcsModifier: row.hcpcs_modifier ?? '',
    refillWeeks: refillWeeksText(parseRefillWeeks(row.refill_weeks)),
    ...Object.fromEntries(
      MEASURE_FIELDS.map(([name]) => [name, simple[name] === undefined ? '' : String(simple[name])]),
    ),
  };
  const flags = {
    isNew: Boolean(row.is_new),
    isFeatured: Boolean(row.is_featured),
    freightOnly: Boolean(row.freight_only),
    taxExempt: Boolean(row.tax_exempt),
    hsaFsaEligible: Boolean(row.hsa_fsa_eligible),
    hsaFsaLetter: Boolean(row.hsa_fsa_letter),
    prescriptionRequired: Boolean(row.prescription_required),
    returnable: Boolean(row.returnable),
  };
  return {
    id,
    values,
    flags,
    published: Boolean(row.published),
    onHand: Number(row.on_hand ?? 0),
    images: images.map((i) => ({
      position: i.position,
      src: i.src,
      alt: i.alt,
      width: i.width,
      height: i.height,
    })),
    history: history.map((h) => ({
      at: Number(h.at),
      delta: h.delta,
      onHand: h.on_hand,
      reason: h.reason,
      orderId: h.order_id,
    })),
  };
}
