import type { Brand, Product, ProductImage, ProductInput, StockStatus } from './catalog.types';
import type { FitAnswer } from './fit';
import type { SortOption } from './listing-url';

/** Pure catalogue rules (no data, no I/O): safe for the browser and the server alike. */

export const PAGE_SIZE = 12;
export const IMAGE_SIZE = 600;
export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';

/** Brand id: the lower-cased name with spaces replaced by hyphens. */
export function brandId(name: string): string {
  return name.toLowerCase().replace(/\s+/g, '-');
}

/** Percent off, rounded; 0 when there is no higher original price. */
export function discountPercent(price: number, originalPrice: number | undefined): number {
  if (!originalPrice || originalPrice <= price) return 0;
  return Math.round(((originalPrice - price) / originalPrice) * 100);
}

// ---------------------------------------------------------------- stock

/** At this many units or fewer a product is 'Low Stock' and its page says how many are left. */
export const LOW_STOCK_AT = 5;

/** The availability label, derived from the units on hand (never stored). */
export function stockStatus(onHand: number): StockStatus {
  if (onHand <= 0) return 'Out of Stock';
  return onHand <= LOW_STOCK_AT ? 'Low Stock' : 'In Stock';
}

/** 'Only 3 left' on a product page, when stock is low; nothing otherwise. */
export function lowStockText(onHand: number): string | null {
  return onHand > 0 && onHand <= LOW_STOCK_AT ? `Only ${onHand} left` : null;
}

// ---------------------------------------------------------------- products

/**
 * What a product page sends to the browser. The count on hand changes with every sale and is
 * shown only when low: a page that carried it would go stale in the page cache at each sale.
 */
export type ProductPage = Omit<Product, 'onHand'> & {
  left: number | null;
  hsaFsaText: string;
  /** What the page says of a prescription item; null for the rest. */
  prescriptionText: string | null;
};

/** What a product page says about HSA and FSA (made by the server: no client code carries it,
 * nor the prescription text below). */
const HSA_FSA_PAGE_TEXT: Record<HsaFsaStatus, string> = {
  eligible: 'Eligible for HSA and FSA spending: your receipt lists it as eligible.',
  'with-letter':
    'Eligible for HSA and FSA spending with a letter of medical necessity from your doctor: ask your plan for its form.',
  'not-eligible': 'Not eligible for HSA or FSA spending',
};

const PRESCRIPTION_PAGE_TEXT =
  "Prescription required: you upload it, or give your prescriber's details, at checkout. Your card is charged only once it is approved.";

export function productForPage(product: Product): ProductPage {
  const { onHand, ...rest } = product;
  return {
    ...rest,
    left: lowStockText(onHand) === null ? null : onHand,
    hsaFsaText: HSA_FSA_PAGE_TEXT[hsaFsaStatus(product)],
    prescriptionText: product.prescriptionRequired ? PRESCRIPTION_PAGE_TEXT : null,
  };
}

/** The seed's images: one per view, named after the product. */
export function seedImages(input: Pick<ProductInput, 'id' | 'name' | 'imageViews'>): ProductImage[] {
  return input.imageViews.map((view, index) => ({
    id: `${input.id}-${index + 1}`,
    src: `/images/products/${input.id}-${index + 1}.svg`,
    alt: `${input.name}, ${view}`,
    width: IMAGE_SIZE,
    height: IMAGE_SIZE,
  }));
}

/** A product as stored (catalogue tables and stock): what staff edit. */
export interface ProductRecord extends Omit<
  ProductInput,
  'imageViews' | 'stock' | 'isNew' | 'freightOnly' | 'taxExempt' | 'hsaFsaLetter'
> {
  isNew: boolean;
  freightOnly: boolean;
  taxExempt: boolean;
  hsaFsaLetter: boolean;
  images: ProductImage[];
  extraSpecifications: { name: string; value: string }[];
  /** Units on hand. */
  onHand: number;
  /** Its published reviews: how many, and their stars added up (none in the seed). */
  verifiedReviews?: { count: number; ratingTotal: number };
}

/**
 * The rating and count a product shows: the seed's until it has a published review, then its
 * published reviews' (the average to one decimal, as the seed's are).
 */
export function shownRating(
  seed: { rating: number; reviewCount: number },
  reviews: { count: number; ratingTotal: number } | undefined,
): { rating: number; reviewCount: number } {
  if (!reviews || reviews.count <= 0) return { rating: seed.rating, reviewCount: seed.reviewCount };
  return { rating: Math.round((reviews.ratingTotal / reviews.count) * 10) / 10, reviewCount: reviews.count };
}

/** A product as the storefront shows it: the record with what follows from it. */
export function productFromRecord(record: ProductRecord): Product {
  const { images, extraSpecifications, onHand, verifiedReviews, ...rest } = record;
  const discount = discountPercent(record.price, record.originalPrice);
  return {
    ...rest,
    ...shownRating(record, verifiedReviews),
    verifiedReviewCount: verifiedReviews?.count ?? 0,
    stock: stockStatus(onHand),
    onHand,
    isSale: discount > 0,
    discount,
    images,
    image: images[0]?.src ?? PLACEHOLDER_IMAGE,
    link: `/product/${record.id}`,
    specifications: [...specificationRows(record.measures), ...extraSpecifications],
    categoryPath: `/category/${record.category}/${record.subcategory}`,
  };
}

/** Display rows for the measures that apply, in the order a shopper checks fit. */
export function specificationRows(m: ProductInput['measures']): { name: string; value: string }[] {
  const rows: [string, string | undefined][] = [
    ['Weight capacity', m.weightCapacityLb ? `${m.weightCapacityLb} lb` : undefined],
    ['Seat width', m.seatWidthIn ? `${m.seatWidthIn} in` : undefined],
    ['Seat height', m.seatHeightIn ? `${m.seatHeightIn} in` : undefined],
    ['Overall width', m.overallWidthIn ? `${m.overallWidthIn} in` : undefined],
    ['Width folded', m.foldedWidthIn ? `${m.foldedWidthIn} in` : undefined],
    [
      'Dimensions (L x W x H)',
      m.dimensionsIn
        ? `${m.dimensionsIn.length} x ${m.dimensionsIn.width} x ${m.dimensionsIn.height} in`
        : undefined,
    ],
    ['Height range', m.heightRangeIn ? `${m.heightRangeIn.min}-${m.heightRangeIn.max} in` : undefined],
    ['Item weight', m.itemWeightLb ? `${m.itemWeightLb} lb` : undefined],
    ['Battery life', m.batteryLifeHours ? `${m.batteryLifeHours} hours` : undefined],
    ['Flow rate', m.flowRateLpm ? `${m.flowRateLpm} L/min` : undefined],
    ['Range', m.rangeMiles ? `${m.rangeMiles} miles` : undefined],
    ['Noise level', m.noiseDb ? `${m.noiseDb} dB` : undefined],
  ];
  return rows
    .filter((row): row is [string, string] => row[1] !== undefined)
    .map(([name, value]) => ({ name, value }));
}

/** Brands of a product list, sorted by name, each once. */
export function brandsOf(products: readonly Pick<Product, 'brand'>[]): Brand[] {
  const names = [...new Set(products.map((p) => p.brand))].sort((a, b) => a.localeCompare(b));
  return names.map((name) => ({ id: brandId(name), name }));
}

/** What a product card shows: a small slice of the product, so listings stay light. */
export type ProductCard = Pick<
  Product,
  | 'id'
  | 'name'
  | 'image'
  | 'price'
  | 'originalPrice'
  | 'rating'
  | 'reviewCount'
  | 'link'
  | 'category'
  | 'brand'
  | 'isNew'
  | 'isSale'
  | 'discount'
  | 'stock'
> & {
  /** Shown in list view only: grid pages (gridCard in catalog.server.ts) leave it out. */
  description?: string;
  imageAlt?: string;
  hsaFsa: HsaFsaStatus;
  /** On a listing filtered by "Will it fit?": the answer for the figures entered. */
  fit?: { answer: FitAnswer; text: string };
};

export function toCard(p: Product): ProductCard {
  return {
    id: p.id,
    name: p.name,
    image: p.image,
    imageAlt: p.images[0]?.alt ?? p.name,
    price: p.price,
    originalPrice: p.originalPrice,
    rating: p.rating,
    reviewCount: p.reviewCount,
    link: p.link,
    category: p.category,
    brand: p.brand,
    isNew: p.isNew,
    isSale: p.isSale,
    discount: p.discount,
    description: p.description,
    stock: p.stock,
    hsaFsa: hsaFsaStatus(p),
  };
}

export const isPurchasable = (stock: StockStatus) => stock !== 'Out of Stock';

/** How HSA and FSA plans treat a product: payable, payable with a doctor's letter, or not. */
export type HsaFsaStatus = 'eligible' | 'with-letter' | 'not-eligible';

export function hsaFsaStatus(p: Pick<Product, 'hsaFsaEligible' | 'hsaFsaLetter'>): HsaFsaStatus {
  if (!p.hsaFsaEligible) return 'not-eligible';
  return p.hsaFsaLetter ? 'with-letter' : 'eligible';
}

/** Why a product marked not returnable cannot come back (the return policy's exclusions). */
export const NOT_RETURNABLE_TEXT =
  'This item cannot be returned once opened, for hygiene and safety reasons.';

export const HSA_FSA_TEXT: Record<HsaFsaStatus, string> = {
  eligible: 'HSA/FSA eligible',
  'with-letter': 'HSA/FSA eligible with a letter of medical necessity',
  'not-eligible': 'Not HSA/FSA eligible',
};

// ---------------------------------------------------------------- filters, sort and pages

export interface ProductFilters {
  brands: readonly string[];
  /** Inclusive bounds in cents; undefined means unbounded. */
  minPrice?: number;
  maxPrice?: number;
}

export function filterProducts<T extends Pick<Product, 'brand' | 'price'>>(
  products: readonly T[],
  filters: ProductFilters,
): T[] {
  const brands = new Set(filters.brands);
  return products.filter(
    (p) =>
      (brands.size === 0 || brands.has(brandId(p.brand))) &&
      (filters.minPrice === undefined || p.price >= filters.minPrice) &&
      (filters.maxPrice === undefined || p.price <= filters.maxPrice),
  );
}

type Sortable = Pick<Product, 'price' | 'isNew' | 'rating' | 'reviewCount'>;

/** Stable sorts; 'recommended' keeps the catalogue order. */
export function sortProducts<T extends Sortable>(products: readonly T[], sort: SortOption): T[] {
  const list = [...products];
  switch (sort) {
    case 'price-low':
      return list.sort((a, b) => a.price - b.price);
    case 'price-high':
      return list.sort((a, b) => b.price - a.price);
    case 'newest':
      return list.sort((a, b) => Number(b.isNew) - Number(a.isNew));
    case 'rating':
      return list.sort((a, b) => b.rating - a.rating || b.reviewCount - a.reviewCount);
    case 'recommended':
      return list;
  }
}

/** Highest price rounded up to the next thousand dollars, in whole dollars (the price filter's upper end). */
export function priceSliderMax(products: readonly Pick<Product, 'price'>[]): number {
  const highestDollars = Math.max(0, ...products.map((p) => p.price)) / 100;
  return Math.max(1000, Math.ceil(highestDollars / 1000) * 1000);
}

// ---------------------------------------------------------------- featured

export const FEATURED_SUBCATEGORIES = ['new-arrivals', 'best-sellers', 'special-offers', 'seasonal'] as const;
export type FeaturedSubcategory = (typeof FEATURED_SUBCATEGORIES)[number];
export const BEST_SELLER_RATING = 4.7;
export const SEASONAL_COUNT = 6;

type Featurable = Pick<Product, 'isNew' | 'isSale' | 'rating' | 'isFeatured'>;

/** Featured products: picked by staff, new, best-rated or on sale, in catalogue order. */
export function featuredProducts<T extends Featurable>(products: readonly T[]): T[] {
  return products.filter((p) => p.isFeatured || p.isNew || p.isSale || p.rating >= BEST_SELLER_RATING);
}

/** The rules of the featured subcategories. */
export function featuredSubcategoryProducts<T extends Featurable>(
  products: readonly T[],
  sub: FeaturedSubcategory,
): T[] {
  switch (sub) {
    case 'new-arrivals':
      return products.filter((p) => p.isNew);
    case 'best-sellers':
      return products.filter((p) => p.rating >= BEST_SELLER_RATING);
    case 'special-offers':
      return products.filter((p) => p.isSale);
    case 'seasonal':
      return featuredProducts(products).slice(0, SEASONAL_COUNT);
  }
}

// ---------------------------------------------------------------- promotions on banners

/** Code advertised on a listing's promo banner, by category or subcategory id. */
export function bannerPromo(listingId: string): { code: string; text: string } {
  switch (listingId) {
    case 'new-arrivals':
      return { code: 'NEWARRIVE15', text: '15% off your first order' };
    case 'best-sellers':
      return { code: 'BESTSAVE10', text: '10% off when you buy two or more' };
    case 'special-offers':
      return { code: 'EXTRASAVE5', text: 'an extra 5% off' };
    case 'seasonal':
      return { code: 'SEASONSHIP', text: 'free shipping' };
    default:
      return { code: 'HEALTH15', text: '15% off your first order' };
  }
}
