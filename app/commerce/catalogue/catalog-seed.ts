import { brandId, productFromRecord, type ProductRecord, seedImages } from './catalog';
import type { CategoryDefinition, Product, ProductInput, StockStatus } from './catalog.types';
import { CATEGORIES } from './data/categories';
import { SEED_HCPCS } from './data/hcpcs';
import { SEED_REFILL_WEEKS } from './data/refills';
import { PRODUCT_INPUTS } from './data/products';

/**
 * The data files as the first contents of the catalogue tables: an empty database is seeded
 * with these, and nothing reads the files after that (staff edit the tables).
 */

/** A stable number per product (FNV-1a of its id): the same seed on every machine and run. */
function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** A plausible first count for the label the data file gives: 20-200, 1-5 or 0. */
export function seedOnHand(id: string, label: StockStatus): number {
  const hash = stableHash(id);
  switch (label) {
    case 'In Stock':
      return 20 + (hash % 181);
    case 'Low Stock':
      return 1 + (hash % 5);
    case 'Out of Stock':
      return 0;
  }
}

/** Too big for a parcel: these ship by freight. */
const FREIGHT_SUBCATEGORIES = new Set(['hospital-beds', 'power-lift-chairs', 'scooters', 'patient-lifts']);

/** Dual-purpose equipment: HSA and FSA plans pay for it with a letter of medical necessity. */
const LETTER_SUBCATEGORIES = new Set(['power-lift-chairs', 'exercise-rehab']);

/** The product's own HCPCS code, else the seed's for its id (data/hcpcs.ts), else none. */
function hcpcsOf(input: ProductInput): Pick<ProductInput, 'hcpcsCode' | 'hcpcsModifier'> {
  if (input.hcpcsCode) return {}; // kept from the input itself
  const seed = SEED_HCPCS[input.id];
  if (!seed) return {};
  const [hcpcsCode, hcpcsModifier] = seed;
  return hcpcsModifier ? { hcpcsCode, hcpcsModifier } : { hcpcsCode };
}

/** The product's own intervals, else the seed's for its id (data/refills.ts), else not refillable. */
function refillOf(input: ProductInput): Pick<ProductInput, 'refillWeeks'> {
  const seed = SEED_REFILL_WEEKS[input.id];
  return input.refillWeeks || !seed ? {} : { refillWeeks: [...seed] };
}

export function recordFromInput(input: ProductInput): ProductRecord {
  const { imageViews: _views, stock, extraSpecifications = [], isNew = false, ...rest } = input;
  return {
    ...rest,
    isNew,
    freightOnly: input.freightOnly ?? FREIGHT_SUBCATEGORIES.has(input.subcategory),
    taxExempt: input.taxExempt ?? input.prescriptionRequired,
    hsaFsaLetter: input.hsaFsaLetter ?? (input.hsaFsaEligible && LETTER_SUBCATEGORIES.has(input.subcategory)),
    ...hcpcsOf(input),
    ...refillOf(input),
    images: seedImages(input),
    extraSpecifications,
    onHand: seedOnHand(input.id, stock),
  };
}

export interface CatalogueSeed {
  categories: readonly CategoryDefinition[];
  brands: readonly { id: string; name: string }[];
  products: readonly ProductRecord[];
}

export const CATALOGUE_SEED: CatalogueSeed = {
  categories: CATEGORIES,
  brands: [...new Set(PRODUCT_INPUTS.map((p) => p.brand))].map((name) => ({ id: brandId(name), name })),
  products: PRODUCT_INPUTS.map(recordFromInput),
};

/** The products an empty database starts with, as the storefront shows them (tests and benches). */
export const SEED_PRODUCTS: readonly Product[] = CATALOGUE_SEED.products.map(productFromRecord);
