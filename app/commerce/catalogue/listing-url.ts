/**
 * The state of a listing page kept in its URL (sort, view, brands, price, fit, page), parsed with zod
 * in catalog.schema.ts. Apart from catalog.ts so product cards, which every listing shares, do
 * not carry it.
 */

export const SORT_OPTIONS = [
  { value: 'recommended', label: 'Recommended' },
  { value: 'price-low', label: 'Price: Low to High' },
  { value: 'price-high', label: 'Price: High to Low' },
  { value: 'newest', label: 'Newest' },
  { value: 'rating', label: 'Highest Rated' },
] as const;

export type SortOption = (typeof SORT_OPTIONS)[number]['value'];

export function isSortOption(value: unknown): value is SortOption {
  return SORT_OPTIONS.some((option) => option.value === value);
}

/** Listing state kept in the URL (parsed with zod in catalog.schema.ts). */
export interface ListingState {
  brands: string[];
  min?: number;
  max?: number;
  /** "Will it fit?": the user's weight (lb) and the narrowest doorway (in.). */
  weight?: number;
  door?: number;
  sort: SortOption;
  view: 'grid' | 'list';
  page: number;
}

/** The query string for a listing state, leaving out defaults so URLs stay short. */
export function listingSearch(query: Partial<ListingState>): string {
  const params = new URLSearchParams();
  for (const brand of query.brands ?? []) params.append('brand', brand);
  if (query.min !== undefined && query.min > 0) params.set('min', String(query.min));
  if (query.max !== undefined) params.set('max', String(query.max));
  if (query.weight !== undefined) params.set('weight', String(query.weight));
  if (query.door !== undefined) params.set('door', String(query.door));
  if (query.sort && query.sort !== 'recommended') params.set('sort', query.sort);
  if (query.view && query.view !== 'grid') params.set('view', query.view);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return search ? `?${search}` : '';
}
