import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bannerPromo,
  brandId,
  discountPercent,
  featuredSubcategoryProducts,
  filterProducts,
  priceSliderMax,
  sortProducts,
  specificationRows,
} from './catalog';
import { parseListingQuery } from './catalog.schema';
import { listingSearch } from './listing-url';
import { PRODUCT_ID_PATTERN } from './product-id';
import { pageList, paginate } from '~/lib/page-list';

const productArb = fc.record({
  id: fc.uuid(),
  name: fc.string(),
  description: fc.string(),
  brand: fc.constantFrom('Drive Medical', 'Medline', 'Vive Health', 'Carex Health Brands'),
  category: fc.constantFrom('mobility', 'respiratory'),
  price: fc.integer({ min: 0, max: 500_000 }),
  isNew: fc.boolean(),
  isSale: fc.boolean(),
  rating: fc.integer({ min: 10, max: 50 }).map((n) => n / 10),
  reviewCount: fc.integer({ min: 0, max: 1000 }),
});
const listArb = fc.array(productArb, { maxLength: 80 });

describe('brandId and discount', () => {
  it('lower-cases brand names and joins words with hyphens', () => {
    expect(brandId('Carex Health Brands')).toBe('carex-health-brands');
    expect(brandId('ResMed')).toBe('resmed');
  });
  it('rounds the percent off, and is 0 without a higher original price', () => {
    expect(discountPercent(49999, 59999)).toBe(17);
    expect(discountPercent(1000, undefined)).toBe(0);
    expect(discountPercent(1000, 900)).toBe(0);
  });
});

describe('product ids', () => {
  it('are slugs of lower-case words joined by hyphens, at most 120 characters', () => {
    for (const id of ['quad-cane', 'cruiser-iii-lightweight-wheelchair', 'a', 'x'.repeat(120)]) {
      expect(id).toMatch(PRODUCT_ID_PATTERN);
    }
    for (const id of [
      '',
      'BAD ID!',
      'Quad-Cane',
      '-cane',
      'cane-',
      'quad--cane',
      'a/b',
      'a\0',
      'x'.repeat(121),
    ]) {
      expect(id).not.toMatch(PRODUCT_ID_PATTERN);
    }
  });
});

describe('sortProducts', () => {
  it('orders by price both ways, rating high first, new first, and keeps order when recommended', () => {
    fc.assert(
      fc.property(listArb, (list) => {
        const low = sortProducts(list, 'price-low');
        const high = sortProducts(list, 'price-high');
        const rating = sortProducts(list, 'rating');
        const newest = sortProducts(list, 'newest');
        for (let i = 1; i < list.length; i++) {
          expect(low[i - 1]!.price).toBeLessThanOrEqual(low[i]!.price);
          expect(high[i - 1]!.price).toBeGreaterThanOrEqual(high[i]!.price);
          expect(rating[i - 1]!.rating).toBeGreaterThanOrEqual(rating[i]!.rating);
          expect(Number(newest[i - 1]!.isNew)).toBeGreaterThanOrEqual(Number(newest[i]!.isNew));
        }
        expect(sortProducts(list, 'recommended')).toEqual(list);
        expect(low).toHaveLength(list.length);
      }),
    );
  });
  it('does not change the list it was given', () => {
    const list = [{ price: 3 }, { price: 1 }].map((p) => ({ ...p, isNew: false, rating: 4, reviewCount: 1 }));
    sortProducts(list, 'price-low');
    expect(list[0]!.price).toBe(3);
  });
});

describe('filterProducts', () => {
  it('keeps exactly the products within inclusive price bounds', () => {
    fc.assert(
      fc.property(listArb, fc.nat(500_000), fc.nat(500_000), (list, a, b) => {
        const [min, max] = a <= b ? [a, b] : [b, a];
        const kept = filterProducts(list, { brands: [], minPrice: min, maxPrice: max });
        expect(kept).toEqual(list.filter((p) => p.price >= min && p.price <= max));
      }),
    );
    const edge = [{ brand: 'Medline', price: 1000 }];
    expect(filterProducts(edge, { brands: [], minPrice: 1000, maxPrice: 1000 })).toHaveLength(1);
  });
  it('keeps only the chosen brands, by brand id', () => {
    const list = [
      { brand: 'Drive Medical', price: 1 },
      { brand: 'Medline', price: 1 },
    ];
    expect(filterProducts(list, { brands: ['drive-medical'] })).toEqual([list[0]]);
    expect(filterProducts(list, { brands: [] })).toEqual(list);
  });
});

describe('paginate and pageList', () => {
  it('covers every item exactly once across pages of 12', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 200 }), (items) => {
        const first = paginate(items, 1, 12);
        const seen = [];
        for (let page = 1; page <= first.totalPages; page++) {
          const p = paginate(items, page, 12);
          expect(p.items.length).toBeLessThanOrEqual(12);
          seen.push(...p.items);
        }
        expect(seen).toEqual(items);
      }),
    );
  });
  it('shows the last page for a page beyond the end, and page 1 for nonsense', () => {
    expect(paginate([1, 2, 3], 9, 2)).toMatchObject({ page: 2, items: [3], totalPages: 2 });
    expect(paginate([1, 2, 3], Number.NaN, 2).page).toBe(1);
  });
  it('lists the first, last and a window around the current page with ellipses', () => {
    expect(pageList(1, 1)).toEqual([1]);
    expect(pageList(1, 3)).toEqual([1, 2, 3]);
    expect(pageList(5, 10)).toEqual([1, 'ellipsis-start', 4, 5, 6, 'ellipsis-end', 10]);
    expect(pageList(1, 10)).toEqual([1, 2, 'ellipsis-end', 10]);
    expect(pageList(10, 10)).toEqual([1, 'ellipsis-start', 9, 10]);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 60 }), (a, b) => {
        const [current, total] = a <= b ? [a, b] : [b, a];
        const list = pageList(current, total);
        const pages = list.filter((e): e is number => typeof e === 'number');
        expect(pages[0]).toBe(1);
        expect(pages.at(-1)).toBe(total);
        expect(pages).toContain(current);
        expect([...pages].sort((x, y) => x - y)).toEqual(pages);
      }),
    );
  });
});

describe('priceSliderMax', () => {
  it('rounds the highest price up to the next thousand dollars', () => {
    expect(priceSliderMax([{ price: 249_900 }, { price: 1_000 }])).toBe(3000);
    expect(priceSliderMax([{ price: 300_000 }])).toBe(3000);
    expect(priceSliderMax([{ price: 300_001 }])).toBe(4000);
    expect(priceSliderMax([])).toBe(1000);
  });
});

describe('featured subcategories', () => {
  const p = (isNew: boolean, isSale: boolean, rating: number) => ({ isNew, isSale, rating });
  const list = [p(true, false, 4.0), p(false, true, 4.0), p(false, false, 4.7), p(false, false, 4.6)];
  it('follows the spec rules', () => {
    expect(featuredSubcategoryProducts(list, 'new-arrivals')).toEqual([list[0]]);
    expect(featuredSubcategoryProducts(list, 'special-offers')).toEqual([list[1]]);
    expect(featuredSubcategoryProducts(list, 'best-sellers')).toEqual([list[2]]);
    expect(featuredSubcategoryProducts(list, 'seasonal')).toEqual(list.slice(0, 3));
  });
  it('advertises the code of each listing', () => {
    expect(bannerPromo('new-arrivals').code).toBe('NEWARRIVE15');
    expect(bannerPromo('best-sellers').code).toBe('BESTSAVE10');
    expect(bannerPromo('special-offers').code).toBe('EXTRASAVE5');
    expect(bannerPromo('seasonal').code).toBe('SEASONSHIP');
    expect(bannerPromo('mobility').code).toBe('HEALTH15');
  });
});

describe('specificationRows', () => {
  it('writes only the measures that apply, with units', () => {
    expect(specificationRows({ weightCapacityLb: 300, seatWidthIn: 18, flowRateLpm: 5 })).toEqual([
      { name: 'Weight capacity', value: '300 lb' },
      { name: 'Seat width', value: '18 in' },
      { name: 'Flow rate', value: '5 L/min' },
    ]);
  });
});

describe('listing query', () => {
  it('reads the URL state and ignores what it cannot read', () => {
    const q = parseListingQuery(
      new URLSearchParams('brand=medline&brand=drive-medical&min=10&max=abc&sort=bogus&page=-3&view=list'),
    );
    expect(q).toEqual({
      brands: ['medline', 'drive-medical'],
      min: 10,
      max: undefined,
      sort: 'recommended',
      view: 'list',
      page: 1,
    });
  });
  it('writes back a short query string that reads the same', () => {
    fc.assert(
      fc.property(
        fc.record({
          brands: fc.array(fc.constantFrom('medline', 'drive-medical'), { maxLength: 2 }),
          min: fc.option(fc.integer({ min: 1, max: 5000 }), { nil: undefined }),
          max: fc.option(fc.integer({ min: 0, max: 5000 }), { nil: undefined }),
          sort: fc.constantFrom('recommended', 'price-low', 'price-high', 'newest', 'rating' as const),
          view: fc.constantFrom('grid', 'list' as const),
          page: fc.integer({ min: 1, max: 30 }),
        }),
        (query) => {
          expect(parseListingQuery(new URLSearchParams(listingSearch(query)))).toEqual(query);
        },
      ),
    );
    expect(listingSearch({ sort: 'recommended', view: 'grid', page: 1, brands: [] })).toBe('');
  });
});
