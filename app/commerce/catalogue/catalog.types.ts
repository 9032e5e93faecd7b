/** Shapes of the product catalogue. Money is integer cents; measures are US units. */

export type CategoryId =
  | 'featured'
  | 'medical-equipment'
  | 'mobility'
  | 'respiratory'
  | 'daily-living'
  | 'orthopedic'
  | 'therapy'
  | 'pediatric'
  | 'bathroom-safety';

/** Categories whose products are stored in the data files ('featured' is computed). */
export type StockedCategoryId = Exclude<CategoryId, 'featured'>;

export type StockStatus = 'In Stock' | 'Low Stock' | 'Out of Stock';

export interface Subcategory {
  id: string;
  name: string;
}

export interface CategoryMenuEntry {
  id: CategoryId;
  name: string;
  subcategories: Subcategory[];
  /** Shown in the desktop menu (daily-living and pediatric are linked from footer and home). */
  inMenu: boolean;
}

export interface CategoryDefinition extends CategoryMenuEntry {
  description: string;
  /** Path of the banner illustration under /images/categories/. */
  bannerImage: string;
}

export interface Brand {
  /** Lower-cased name with spaces replaced by hyphens. */
  id: string;
  name: string;
}

/**
 * Measures that decide whether a product fits a person, a doorway or a car boot. Each is
 * optional: only what applies to the product is given.
 */
export interface ProductMeasures {
  weightCapacityLb?: number;
  seatWidthIn?: number;
  seatHeightIn?: number;
  overallWidthIn?: number;
  /** Width folded for a car boot or a doorway, where the maker publishes it. */
  foldedWidthIn?: number;
  /** Length x width x height in inches, as assembled. */
  dimensionsIn?: { length: number; width: number; height: number };
  itemWeightLb?: number;
  batteryLifeHours?: number;
  /** Continuous or maximum flow, litres per minute. */
  flowRateLpm?: number;
  /** Travel range of powered mobility, miles. */
  rangeMiles?: number;
  /** Adjustable height range, inches. */
  heightRangeIn?: { min: number; max: number };
  noiseDb?: number;
}

/** What a data file writes for one product; images and derived fields are added in catalog.ts. */
export interface ProductInput {
  /** URL slug, unique across the catalogue: lower-case words joined by hyphens. */
  id: string;
  name: string;
  /** 2-4 sentences. */
  description: string;
  brand: string;
  category: StockedCategoryId;
  subcategory: string;
  /** Cents. */
  price: number;
  /** Cents, higher than price when the product is on sale. */
  originalPrice?: number;
  /** The seed's figures; a product with published reviews shows theirs instead (catalog.ts). */
  rating: number;
  reviewCount: number;
  /** The seed's availability: the first stock count is drawn from it (catalog-seed.ts). */
  stock: StockStatus;
  sku: string;
  isNew?: boolean;
  /** Staff's pick for the featured category (the console), beside new, best-rated and on-sale products. */
  isFeatured?: boolean;
  /** 4-6 short feature sentences. */
  features: string[];
  measures: ProductMeasures;
  /** Further display rows beyond the measures (material, warranty, power...). */
  extraSpecifications?: { name: string; value: string }[];
  hsaFsaEligible: boolean;
  /**
   * HSA/FSA only with a letter of medical necessity (dual-purpose items: lift chairs, exercise
   * equipment); the seed sets it for those subcategories' eligible products.
   */
  hsaFsaLetter?: boolean;
  prescriptionRequired: boolean;
  returnable: boolean;
  /** Ships by freight only (Standard, longer); the seed sets it for the freight subcategories. */
  freightOnly?: boolean;
  /** No sales tax; the seed sets it for prescription items (exempt in most states). */
  taxExempt?: boolean;
  /** The HCPCS code insurers are billed under (E0601) and its default modifier (NU): hcpcs.ts. */
  hcpcsCode?: string;
  hcpcsModifier?: string;
  /** Refillable: the delivery intervals in weeks staff suggest, smallest first (refill-weeks.ts). */
  refillWeeks?: number[];
  /** 2-4 views, each the suffix of an alt text: 'front view', 'folded for transport'... */
  imageViews: string[];
}

export interface ProductImage {
  id: string;
  src: string;
  alt: string;
  width: number;
  height: number;
}

export interface Product extends Omit<ProductInput, 'imageViews' | 'extraSpecifications'> {
  /** Derived from onHand (catalog.ts stockStatus). */
  stock: StockStatus;
  /** Units on hand when the catalogue was read. */
  onHand: number;
  freightOnly: boolean;
  taxExempt: boolean;
  hsaFsaLetter: boolean;
  isNew: boolean;
  isSale: boolean;
  /** Percent off the original price, rounded; 0 when not on sale. */
  discount: number;
  images: ProductImage[];
  /** Main image path. */
  image: string;
  link: string;
  specifications: { name: string; value: string }[];
  categoryPath: string;
  /**
   * Published reviews of verified buyers (docs/decisions/0027). From the first one on, `rating`
   * and `reviewCount` are theirs, not the seed's.
   */
  verifiedReviewCount: number;
}
