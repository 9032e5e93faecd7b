import { describe, expect, it } from 'vitest';
import { SEED_PRODUCTS } from '~/commerce/catalogue/catalog-seed';
import { Catalogue } from '~/commerce/catalogue/catalog.server';
import { comparison } from './compare.server';
import { CATEGORIES } from '~/commerce/catalogue/data/categories';

const catalogue = new Catalogue(SEED_PRODUCTS, CATEGORIES);
const CRUISER = 'cruiser-iii-lightweight-wheelchair';
const SENTRA = 'sentra-ec-heavy-duty-bariatric-wheelchair-22';

const rowOf = (result: ReturnType<typeof comparison>, group: string, name: string) =>
  result.groups.find((g) => g.title === group)?.rows.find((row) => row.name === name);

describe('the comparison of products an address names', () => {
  it('lines up fit figures and specifications, each measure once, unknown figures left empty', () => {
    const result = comparison(catalogue, [`${CRUISER},${SENTRA}`]);
    expect(result.columns.map((c) => c.id)).toEqual([CRUISER, SENTRA]);
    expect(result.groups.map((g) => g.title)).toEqual(['Overview', 'Fit', 'Specifications']);
    expect(rowOf(result, 'Fit', 'Maximum user weight')).toEqual({
      name: 'Maximum user weight',
      values: ['300 lb', '450 lb'],
      differs: true,
    });
    expect(rowOf(result, 'Fit', 'Width folded')).toEqual({
      name: 'Width folded',
      values: ['12 in.', null],
      differs: false,
    });
    // The measures' own specification rows would repeat the fit figures.
    const specifications = result.groups.find((g) => g.title === 'Specifications')?.rows ?? [];
    expect(specifications.map((row) => row.name)).not.toContain('Weight capacity');
    expect(specifications.map((row) => row.name)).toContain('Frame material');
    expect(rowOf(result, 'Overview', 'Brand')?.differs).toBe(false);
  });

  it('leaves out a fit row no product has a figure for', () => {
    const result = comparison(catalogue, [CRUISER]);
    for (const row of result.groups.flatMap((g) => g.rows)) {
      expect(
        row.values.some((v) => v !== null),
        row.name,
      ).toBe(true);
    }
  });

  it('counts what it could not find or had no room for, and never fails on it', () => {
    // The first four well-formed ids are looked up: two are products, 'a' is not; 'b' and 'c' are extra.
    const result = comparison(catalogue, [`${CRUISER},no-such-product,<b>,${SENTRA}`, 'a,b,c']);
    expect(result.columns.map((c) => c.id)).toEqual([CRUISER, SENTRA]);
    expect(result.notFound).toBe(3);
    expect(result.extra).toBe(2);
    expect(comparison(catalogue, [])).toEqual({ columns: [], groups: [], notFound: 0, extra: 0 });
  });
});
