import { z } from 'zod';
import { SORT_OPTIONS, type SortOption } from './listing-url';
import { PRODUCT_ID_PATTERN } from './product-id';

/** A product id in a request body; an id of no product is refused later, by the catalogue. */
export const productIdSchema = z.string().regex(PRODUCT_ID_PATTERN, 'Unknown product');

const sortValues = SORT_OPTIONS.map((o) => o.value) as [SortOption, ...SortOption[]];

/** Whole dollars in the query string; anything unreadable is ignored rather than an error. */
const dollars = z.coerce.number().int().min(0).max(1_000_000).optional().catch(undefined);

/**
 * Listing state kept in the URL so a filtered page can be shared and Back works:
 * ?brand=a&brand=b&min=0&max=500&sort=price-low&view=list&page=2
 */
export const listingQuerySchema = z.object({
  brands: z
    .array(z.string().regex(/^[a-z0-9&-]{1,60}$/))
    .max(50)
    .catch([]),
  min: dollars,
  max: dollars,
  sort: z.enum(sortValues).catch('recommended'),
  view: z.enum(['grid', 'list']).catch('grid'),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export type ListingQuery = z.infer<typeof listingQuerySchema>;

/** A listing without a query string (most requests): the defaults, worked out once. */
const DEFAULT_QUERY: Readonly<ListingQuery> = Object.freeze(listingQuerySchema.parse({}));

export function parseListingQuery(params: URLSearchParams): ListingQuery {
  if (params.size === 0) return { ...DEFAULT_QUERY, brands: [] };
  return listingQuerySchema.parse({
    brands: params.getAll('brand').filter(Boolean),
    min: params.get('min') ?? undefined,
    max: params.get('max') ?? undefined,
    sort: params.get('sort') ?? undefined,
    view: params.get('view') ?? undefined,
    page: params.get('page') ?? undefined,
  });
}

export const searchQuerySchema = z.object({
  q: z.string().trim().max(200).catch(''),
});
