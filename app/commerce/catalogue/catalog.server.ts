import {
  brandsOf,
  featuredProducts,
  featuredSubcategoryProducts,
  FEATURED_SUBCATEGORIES,
  type FeaturedSubcategory,
  filterProducts,
  PAGE_SIZE,
  priceSliderMax,
  sortProducts,
  toCard,
  type ProductCard,
} from './catalog';
import { type Page, paginate } from '~/lib/page-list';
import { fitSummary, type FitNeeds, hasFitFinder, hasNeeds, mayFit } from './fit';
import type { ListingQuery } from './catalog.schema';
import { SearchVocabulary } from './search-words';
import type { Brand, CategoryDefinition, Product, Subcategory } from './catalog.types';

export const ALL_CATEGORY: CategoryDefinition = {
  id: 'featured', // never used as an id: 'all' is handled before lookups
  name: 'All Products',
  description: 'Every product in our store: mobility, respiratory, orthopedic, bathroom safety and more.',
  bannerImage: '/images/categories/featured.svg',
  inMenu: false,
  subcategories: [],
};

const isFeaturedSub = (id: string): id is FeaturedSubcategory =>
  (FEATURED_SUBCATEGORIES as readonly string[]).includes(id);

/**
 * One immutable snapshot of the catalogue as the server reads it, built from the database
 * (catalogue-store.server.ts) with its indexes; a change builds a new one. Pages receive only
 * what they show, never the whole catalogue.
 */
export class Catalogue {
  readonly products: readonly Product[];
  readonly categories: readonly CategoryDefinition[];
  private readonly byId: Map<string, Product>;
  private readonly categoryById: Map<string, CategoryDefinition>;
  /**
   * What a grid card shows, made once per product: grid pages send these to the browser (as
   * hydration data), so they carry no description (list view only) and no image text.
   */
  private readonly gridCards: Map<string, ProductCard>;
  /** The words of the search index's text, made on the first search of this snapshot. */
  private searchWords?: SearchVocabulary;

  constructor(products: readonly Product[], categories: readonly CategoryDefinition[]) {
    this.products = products;
    this.categories = categories;
    this.byId = new Map(products.map((p) => [p.id, p]));
    this.categoryById = new Map(categories.map((c) => [c.id as string, c]));
    this.gridCards = new Map(
      products.map((p) => {
        const { description: _description, imageAlt: _imageAlt, ...card } = toCard(p);
        return [p.id, card];
      }),
    );
  }

  gridCard(product: Product): ProductCard {
    return this.gridCards.get(product.id) ?? toCard(product);
  }

  getProduct(id: string): Product | undefined {
    return this.byId.get(id);
  }

  getCategory(id: string): CategoryDefinition | undefined {
    return this.categoryById.get(id);
  }

  categoryName(id: string): string {
    return this.categoryById.get(id)?.name ?? id;
  }

  /** Products of a category, or of one of its subcategories; undefined when unknown. */
  productsOf(categoryId: string, subcategoryId?: string): readonly Product[] | undefined {
    if (categoryId === 'all') return subcategoryId ? undefined : this.products;
    const category = this.categoryById.get(categoryId);
    if (!category) return undefined;
    if (subcategoryId && !category.subcategories.some((s) => s.id === subcategoryId)) return undefined;
    if (category.id === 'featured') {
      return subcategoryId && isFeaturedSub(subcategoryId)
        ? featuredSubcategoryProducts(this.products, subcategoryId)
        : featuredProducts(this.products);
    }
    return this.products.filter(
      (p) => p.category === categoryId && (!subcategoryId || p.subcategory === subcategoryId),
    );
  }

  categoryListing(
    categoryId: string,
    subcategoryId: string | undefined,
    query: ListingQuery,
  ): CategoryListing | undefined {
    const products = this.productsOf(categoryId, subcategoryId);
    if (!products) return undefined;
    const category =
      categoryId === 'all' ? { ...ALL_CATEGORY, id: 'all' } : this.categoryById.get(categoryId);
    if (!category) return undefined;
    const subcategory = category.subcategories.find((s) => s.id === subcategoryId);
    const filterLinks =
      categoryId === 'all'
        ? this.categories.map((c) => ({ id: c.id, name: c.name, href: `/category/${c.id}`, current: false }))
        : category.subcategories.map((s) => ({
            id: s.id,
            name: s.name,
            href: s.id === subcategoryId ? `/category/${categoryId}` : `/category/${categoryId}/${s.id}`,
            current: s.id === subcategoryId,
          }));
    const needs: FitNeeds = { weightLb: query.weight, doorIn: query.door };
    const fitFinder = products.some((p) => hasFitFinder(p.subcategory));
    const fitting = fitFinder && hasNeeds(needs);
    const filtered = filterProducts(products, {
      brands: query.brands,
      minPrice: query.min !== undefined ? query.min * 100 : undefined,
      maxPrice: query.max !== undefined ? query.max * 100 : undefined,
    }).filter((p) => !fitting || mayFit(p.measures, needs));
    const card = (p: Product): ProductCard => {
      const shown = query.view === 'list' ? toCard(p) : this.gridCard(p);
      return fitting ? { ...shown, fit: fitSummary(p.measures, needs) } : shown;
    };
    // Cards are made for the page shown only.
    const shown = paginate(sortProducts(filtered, query.sort), query.page, PAGE_SIZE);
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
      fitFinder,
      page: { ...shown, items: shown.items.map(card) },
      query,
    };
  }

  /** The catalogue's words, from the same text as the search index (migration 0019). */
  vocabulary(): SearchVocabulary {
    this.searchWords ??= new SearchVocabulary(this.products.map((p) => this.searchText(p)));
    return this.searchWords;
  }

  /**
   * Keeps the words of the snapshot this one replaces when the changed products' text is as it
   * was: a sale changes stock, not words, and rebuilding them costs tens of milliseconds at
   * 10,000 products.
   */
  keepVocabularyOf(before: Catalogue, changed: readonly string[]): void {
    if (!before.searchWords || before.categories !== this.categories) return;
    const same = changed.every((id) => {
      const old = before.getProduct(id);
      const now = this.getProduct(id);
      return old && now ? before.searchText(old) === this.searchText(now) : !old && !now;
    });
    if (same) this.searchWords = before.searchWords;
  }

  /** What search reads of a product: as the index holds it (migration 0019). */
  private searchText(p: Product): string {
    const category = this.categoryById.get(p.category);
    const subcategory = category?.subcategories.find((s) => s.id === p.subcategory);
    return [p.name, p.brand, p.category, category?.name, subcategory?.name, p.description].join(' ');
  }

  /** Related products: same subcategory first, then the same category; never the product itself. */
  relatedProducts(product: Product, count = 4): Product[] {
    const sameSub = this.products.filter((p) => p.subcategory === product.subcategory && p.id !== product.id);
    const sameCategory = this.products.filter(
      (p) => p.category === product.category && p.subcategory !== product.subcategory,
    );
    return [...sameSub, ...sameCategory].slice(0, count);
  }
}

export interface CategoryListing {
  category: Pick<CategoryDefinition, 'name' | 'description' | 'bannerImage'> & { id: string };
  subcategory?: Subcategory;
  /** Links of the Categories filter: the category's subcategories, or every category on /all. */
  filterLinks: { id: string; name: string; href: string; current: boolean }[];
  brands: Brand[];
  priceMax: number;
  /** Whether the listing offers "Will it fit?" (some of its products carry fit figures). */
  fitFinder: boolean;
  page: Page<ProductCard>;
  query: ListingQuery;
}
