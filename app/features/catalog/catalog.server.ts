import {
  brandsOf,
  featuredProducts,
  featuredSubcategoryProducts,
  FEATURED_SUBCATEGORIES,
  type FeaturedSubcategory,
  filterProducts,
  PAGE_SIZE,
  priceSliderMax,
  searchProducts,
  sortProducts,
  toCard,
  toProduct,
  type ProductCard,
} from './catalog';
import { type Page, paginate } from '~/lib/page-list';
import type { ListingQuery } from './catalog.schema';
import type { Brand, CategoryDefinition, Product, Subcategory } from './catalog.types';
import { CATEGORIES } from './data/categories';
import { PRODUCT_INPUTS } from './data/products';

/**
 * The catalogue as the server reads it: built once at start-up from the bundled data, then
 * read-only. Pages receive only what they show, never the whole catalogue.
 */
export const PRODUCTS: readonly Product[] = PRODUCT_INPUTS.map(toProduct);
const PRODUCTS_BY_ID = new Map(PRODUCTS.map((p) => [p.id, p]));

/**
 * What a grid card shows, made once per product: grid pages send these to the browser (as
 * hydration data), so they carry no description (list view only) and no image text.
 */
const GRID_CARDS = new Map(
  PRODUCTS.map((p) => {
    const { description: _description, imageAlt: _imageAlt, ...card } = toCard(p);
    return [p.id, card];
  }),
);

export function gridCard(product: Product): ProductCard {
  return GRID_CARDS.get(product.id) ?? toCard(product);
}
const CATEGORY_BY_ID = new Map(CATEGORIES.map((c) => [c.id as string, c]));

export const ALL_CATEGORY: CategoryDefinition = {
  id: 'featured', // never used as an id: 'all' is handled before lookups
  name: 'All Products',
  description: 'Every product in our store: mobility, respiratory, orthopedic, bathroom safety and more.',
  bannerImage: '/images/categories/featured.svg',
  inMenu: false,
  subcategories: [],
};

export function getProduct(id: string): Product | undefined {
  return PRODUCTS_BY_ID.get(id);
}

export function getCategory(id: string): CategoryDefinition | undefined {
  return CATEGORY_BY_ID.get(id);
}

export function categoryName(id: string): string {
  return CATEGORY_BY_ID.get(id)?.name ?? id;
}

export function menuCategories() {
  return CATEGORIES.map(({ id, name, inMenu, subcategories }) => ({ id, name, inMenu, subcategories }));
}

const isFeaturedSub = (id: string): id is FeaturedSubcategory =>
  (FEATURED_SUBCATEGORIES as readonly string[]).includes(id);

/** Products of a category, or of one of its subcategories; undefined when unknown. */
export function productsOf(categoryId: string, subcategoryId?: string): readonly Product[] | undefined {
  if (categoryId === 'all') return subcategoryId ? undefined : PRODUCTS;
  const category = CATEGORY_BY_ID.get(categoryId);
  if (!category) return undefined;
  if (subcategoryId && !category.subcategories.some((s) => s.id === subcategoryId)) return undefined;
  if (category.id === 'featured') {
    return subcategoryId && isFeaturedSub(subcategoryId)
      ? featuredSubcategoryProducts(PRODUCTS, subcategoryId)
      : featuredProducts(PRODUCTS);
  }
  return PRODUCTS.filter(
    (p) => p.category === categoryId && (!subcategoryId || p.subcategory === subcategoryId),
  );
}

export interface CategoryListing {
  category: Pick<CategoryDefinition, 'name' | 'description' | 'bannerImage'> & { id: string };
  subcategory?: Subcategory;
  /** Links of the Categories filter: the category's subcategories, or every category on /all. */
  filterLinks: { id: string; name: string; href: string; current: boolean }[];
  brands: Brand[];
  priceMax: number;
  page: Page<ProductCard>;
  query: ListingQuery;
}

export function categoryListing(
  categoryId: string,
  subcategoryId: string | undefined,
  query: ListingQuery,
): CategoryListing | undefined {
  const products = productsOf(categoryId, subcategoryId);
  if (!products) return undefined;
  const category = categoryId === 'all' ? { ...ALL_CATEGORY, id: 'all' } : CATEGORY_BY_ID.get(categoryId);
  if (!category) return undefined;
  const subcategory = category.subcategories.find((s) => s.id === subcategoryId);
  const filterLinks =
    categoryId === 'all'
      ? CATEGORIES.map((c) => ({ id: c.id, name: c.name, href: `/category/${c.id}`, current: false }))
      : category.subcategories.map((s) => ({
          id: s.id,
          name: s.name,
          href: s.id === subcategoryId ? `/category/${categoryId}` : `/category/${categoryId}/${s.id}`,
          current: s.id === subcategoryId,
        }));
  const filtered = filterProducts(products, {
    brands: query.brands,
    minPrice: query.min !== undefined ? query.min * 100 : undefined,
    maxPrice: query.max !== undefined ? query.max * 100 : undefined,
  });
  return {
    category: {
      id: category.id,
      name: category.name,
      description: category.description,
      bannerImage: category.bannerImage,
    },
    subcategory,
    filterLinks,
    brands: brandsOf(products),
    priceMax: priceSliderMax(products),
    page: paginate(
      sortProducts(filtered, query.sort).map(query.view === 'list' ? toCard : gridCard),
      query.page,
      PAGE_SIZE,
    ),
    query,
  };
}

// Category names are searchable too ("respiratory" finds concentrators); computed once.
const SEARCHABLE = PRODUCTS.map((p) => ({
  product: p,
  name: p.name,
  description: p.description,
  brand: p.brand,
  category: p.category,
  categoryName: categoryName(p.category),
}));

export function search(query: string): Product[] {
  return searchProducts(SEARCHABLE, query).map((entry) => entry.product);
}

/** Related products: same subcategory first, then the same category; never the product itself. */
export function relatedProducts(product: Product, count = 4): Product[] {
  const sameSub = PRODUCTS.filter((p) => p.subcategory === product.subcategory && p.id !== product.id);
  const sameCategory = PRODUCTS.filter(
    (p) => p.category === product.category && p.subcategory !== product.subcategory,
  );
  return [...sameSub, ...sameCategory].slice(0, count);
}
