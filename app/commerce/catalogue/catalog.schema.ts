import { z } from 'zod';
import { SORT_OPTIONS, type SortOption } from './listing-url';
import { PRODUCT_ID_PATTERN } from './product-id';
import { FIT_LIMITS, type FitNeeds } from './fit';

/** A product id in a request body; an id of no product is refused later, by the catalogue. */
export const productIdSchema = z.string().regex(PRODUCT_ID_PATTERN, 'Unknown product');

const sortValues = SORT_OPTIONS.map((o) => o.value) as [SortOption, ...SortOption[]];

/** Whole dollars in the query string; anything unreadable is ignored rather than an error. */
const dollars = z.coerce.number().int().min(0).max(1_000_000).optional().catch(undefined);

/** A fit figure in pounds or inches, to a tenth (a door of 28.5 in. stays 28.5); out of range is ignored. */
const fitFigure = (limits: { min: number; max: number }) =>
  z.coerce
    .number()
    .min(limits.min)
    .max(limits.max)
    .transform((n) => Math.round(n * 10) / 10)
    .optional()
    .catch(undefined);

/** The "Will it fit?" figures of a URL: listings and product pages read the same names. */
const fitQuerySchema = z.object({
  weight: fitFigure(FIT_LIMITS.weightLb),
  door: fitFigure(FIT_LIMITS.doorIn),
});

const FIT_MESSAGES = {
  weight: `Enter a weight from ${FIT_LIMITS.weightLb.min} to ${FIT_LIMITS.weightLb.max} lb`,
  door: `Enter a doorway width from ${FIT_LIMITS.doorIn.min} to ${FIT_LIMITS.doorIn.max} in.`,
} as const;

/** What the "Will it fit?" form sent, as typed (shown again beside an error). */
export interface FitInput {
  values: { weight: string; door: string };
  errors: { weight?: string; door?: string };
  needs: FitNeeds;
}

/**
 * The "Will it fit?" figures of a URL with a message for each one that cannot be used: the form
 * is a plain GET form, so its errors come back with the page (and an unusable figure filters
 * nothing).
 */
export function parseFitInput(params: URLSearchParams): FitInput {
  const raw = (name: 'weight' | 'door') => (params.get(name) ?? '').trim().slice(0, 12);
  const values = { weight: raw('weight'), door: raw('door') };
  const { weight, door } = fitQuerySchema.parse({
    weight: values.weight || undefined,
    door: values.door || undefined,
  });
  const errors: FitInput['errors'] = {};
  if (values.weight && weight === undefined) errors.weight = FIT_MESSAGES.weight;
  if (values.door && door === undefined) errors.door = FIT_MESSAGES.door;
  return { values, errors, needs: { weightLb: weight, doorIn: door } };
}

/**
 * Listing state kept in the URL so a filtered page can be shared and Back works:
 * ?brand=a&brand=b&min=0&max=500&weight=280&door=28&sort=price-low&view=list&page=2
 */
export const listingQuerySchema = fitQuerySchema.extend({
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
    weight: params.get('weight') || undefined,
    door: params.get('door') || undefined,
    sort: params.get('sort') ?? undefined,
    view: params.get('view') ?? undefined,
    page: params.get('page') ?? undefined,
  });
}

export const searchQuerySchema = z.object({
  q: z.string().trim().max(200).catch(''),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
