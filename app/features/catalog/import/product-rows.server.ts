import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import { parseRefillWeeks } from '~/commerce/catalogue/refill-weeks';
import type { ProductCsvValues } from './product-csv';

type Db = Kysely<DatabaseSchema>;

/** A product as the CSV sees it, with what a write needs beside (its id, its brand's id). */
export interface StoredProduct {
  id: string;
  sku: string;
  brandId: string;
  values: ProductCsvValues;
}

/**
 * Every product (published or not) in catalogue order, as the CSV sees it: one query, so an
 * import of 10,000 rows is checked against memory, not with a query per row.
 */
export async function readProductsForCsv(
  db: Db,
  page?: { offset: number; limit: number },
): Promise<(StoredProduct & { position: number })[]> {
  const rows = await db
    .selectFrom('products')
    .innerJoin('brands', 'brands.id', 'products.brand_id')
    .leftJoin('inventory', 'inventory.product_id', 'products.id')
    .select([
      'products.id',
      'products.sku',
      'products.name',
      'products.description',
      'products.brand_id',
      'brands.name as brand_name',
      'products.category_id',
      'products.subcategory_id',
      'products.price',
      'products.original_price',
      'products.published',
      'products.is_new',
      'products.is_featured',
      'products.hsa_fsa_eligible',
      'products.hsa_fsa_letter',
      'products.prescription_required',
      'products.returnable',
      'products.freight_only',
      'products.tax_exempt',
      'products.hcpcs_code',
      'products.hcpcs_modifier',
      'products.refill_weeks',
      'products.position',
      'inventory.on_hand',
    ])
    .orderBy('products.position')
    .orderBy('products.id')
    .$if(page !== undefined, (q) => q.limit(page?.limit ?? 0).offset(page?.offset ?? 0))
    .execute();
  return rows.map((r) => ({
    id: r.id,
    sku: r.sku,
    brandId: r.brand_id,
    position: Number(r.position),
    values: {
      name: r.name,
      description: r.description,
      brand: r.brand_name,
      category: r.category_id,
      subcategory: r.subcategory_id,
      price: Number(r.price),
      originalPrice: r.original_price === null ? null : Number(r.original_price),
      stock: Number(r.on_hand ?? 0),
      published: Boolean(r.published),
      isNew: Boolean(r.is_new),
      isFeatured: Boolean(r.is_featured),
      hsaFsaEligible: Boolean(r.hsa_fsa_eligible),
      hsaFsaLetter: Boolean(r.hsa_fsa_letter),
      prescriptionRequired: Boolean(r.prescription_required),
      returnable: Boolean(r.returnable),
      freightOnly: Boolean(r.freight_only),
      taxExempt: Boolean(r.tax_exempt),
      hcpcsCode: r.hcpcs_code ?? null,
      hcpcsModifier: r.hcpcs_modifier ?? null,
      refillWeeks: r.refill_weeks ? parseRefillWeeks(r.refill_weeks) : null,
    },
  }));
}

/** The catalogue's placements as 'category/subcategory'. */
export async function readPlacements(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom('subcategories').select(['category_id', 'id']).execute();
  return new Set(rows.map((r) => `${r.category_id}/${r.id}`));
}
