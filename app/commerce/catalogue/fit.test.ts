import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEED_PRODUCTS } from './catalog-seed';
import { parseFitInput, parseListingQuery } from './catalog.schema';
import { Catalogue } from './catalog.server';
import type { ProductMeasures } from './catalog.types';
import { CATEGORIES } from './data/categories';
import { checkFit, fitFigures, fitHeadline, fitSummary, mayFit, openWidth, overallAnswer } from './fit';

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const halfInches = (min: number, max: number) => fc.integer({ min: min * 2, max: max * 2 }).map((n) => n / 2);

const measuresArb: fc.Arbitrary<ProductMeasures> = fc.record(
  {
    weightCapacityLb: fc.integer({ min: 50, max: 1000 }),
    overallWidthIn: halfInches(3, 60),
    foldedWidthIn: halfInches(3, 30),
    dimensionsIn: fc.record({
      length: halfInches(3, 90),
      width: halfInches(3, 60),
      height: halfInches(3, 80),
    }),
    seatWidthIn: halfInches(10, 30),
    itemWeightLb: fc.integer({ min: 1, max: 400 }),
  },
  { requiredKeys: [] },
);
const needsArb = fc.record({
  weightLb: maybe(fc.integer({ min: 20, max: 1000 })),
  doorIn: maybe(halfInches(12, 96)),
});

describe('will it fit', () => {
  it('never keeps a product whose known figures do not fit, and never drops one whose known figures fit', () => {
    fc.assert(
      fc.property(measuresArb, needsArb, (m, needs) => {
        const width = openWidth(m);
        const knownMisfit =
          (needs.weightLb !== undefined &&
            m.weightCapacityLb !== undefined &&
            m.weightCapacityLb < needs.weightLb) ||
          (needs.doorIn !== undefined && width !== undefined && width > needs.doorIn);
        expect(mayFit(m, needs)).toBe(!knownMisfit);
      }),
    );
  });

  it("says 'unknown' exactly where a figure asked about is missing, and 'unknown' for the product only if none fails", () => {
    fc.assert(
      fc.property(measuresArb, needsArb, (m, needs) => {
        const checks = checkFit(m, needs);
        const weight = checks.find((c) => c.need === 'weight');
        const door = checks.find((c) => c.need === 'door');
        expect(weight !== undefined).toBe(needs.weightLb !== undefined);
        expect(door !== undefined).toBe(needs.doorIn !== undefined);
        if (weight) expect(weight.answer === 'unknown').toBe(m.weightCapacityLb === undefined);
        if (door) expect(door.answer === 'unknown').toBe(openWidth(m) === undefined);
        const answer = overallAnswer(checks);
        if (answer === 'unknown') expect(checks.some((c) => c.answer === 'does-not-fit')).toBe(false);
        if (checks.some((c) => c.answer === 'unknown') && answer !== 'does-not-fit') {
          expect(fitSummary(m, needs).text).toMatch(/^May fit: .*unknown/);
        }
      }),
    );
  });

  it('answers in plain words, with the room to spare and a folded width that goes through', () => {
    const cruiser = { weightCapacityLb: 300, overallWidthIn: 25.5, foldedWidthIn: 12 };
    expect(checkFit(cruiser, { weightLb: 280, doorIn: 28 }).map((c) => c.text)).toEqual([
      'Holds up to 300 lb: enough for 280 lb.',
      '25.5 in. wide: fits a 28 in. doorway with 2.5 in. to spare.',
    ]);
    expect(checkFit(cruiser, { doorIn: 26 })[0]!.text).toBe(
      '25.5 in. wide: fits a 26 in. doorway, but tightly (0.5 in. to spare).',
    );
    expect(checkFit(cruiser, { doorIn: 24 })[0]!.text).toBe(
      '25.5 in. wide: too wide for a 24 in. doorway. Folded (12 in.) it can be carried through.',
    );
    expect(checkFit(cruiser, { weightLb: 320 })[0]!.text).toBe('Holds up to 300 lb: not enough for 320 lb.');
    expect(fitHeadline('fits', { weightLb: 280, doorIn: 28 })).toBe(
      'Yes, it fits a person of 280 lb and a 28 in. doorway.',
    );
    expect(fitHeadline('does-not-fit', { weightLb: 320 })).toBe('No, it does not fit a person of 320 lb.');
  });

  it('shows every fit figure, "Unknown" where the catalogue does not have it', () => {
    expect(
      fitFigures({ weightCapacityLb: 350, dimensionsIn: { length: 20, width: 21.5, height: 30 } }),
    ).toEqual([
      { name: 'Maximum user weight', value: '350 lb' },
      { name: 'Overall width', value: '21.5 in.' },
      { name: 'Width folded', value: 'Unknown' },
      { name: 'Seat width', value: 'Unknown' },
      { name: 'Seat height', value: 'Unknown' },
      { name: 'Product weight', value: 'Unknown' },
    ]);
    // A seat with an adjustable height (a shower chair) gives its seat height as a range.
    const seat = fitFigures({ seatWidthIn: 20, heightRangeIn: { min: 16, max: 21 } });
    expect(seat.find((row) => row.name === 'Seat height')?.value).toBe('16 to 21 in.');
    // A walker's height range is its handles', not a seat's.
    const walker = fitFigures({ heightRangeIn: { min: 32, max: 39 } });
    expect(walker.find((row) => row.name === 'Seat height')?.value).toBe('Unknown');
  });
});

describe('will it fit on the catalogue', () => {
  const catalogue = new Catalogue(SEED_PRODUCTS, CATEGORIES);
  const listing = (path: string, search: string) => {
    const [category, sub] = path.split('/');
    return catalogue.categoryListing(category!, sub, parseListingQuery(new URLSearchParams(search)))!;
  };

  it('filters wheelchairs for a 280 lb user and a 28 in. door: the heavy-duty chairs wide enough to hold them are too wide', () => {
    const all = listing('mobility/wheelchairs', '');
    const fitting = listing('mobility/wheelchairs', 'weight=280&door=28');
    expect(all.fitFinder).toBe(true);
    expect(fitting.page.items.map((card) => card.id)).toEqual([
      'cruiser-iii-lightweight-wheelchair',
      'medline-excel-k1-basic-wheelchair-18',
      'everest-jennings-traveler-hd-wheelchair-20',
    ]);
    for (const card of fitting.page.items) expect(card.fit?.answer).toBe('fits');
    expect(all.page.items.every((card) => card.fit === undefined)).toBe(true);
  });

  it('on any listing and any figures: shown products may fit, every product left out does not', () => {
    const paths = [
      'mobility',
      'mobility/wheelchairs',
      'bathroom-safety',
      'medical-equipment',
      'pediatric',
      'all',
    ];
    fc.assert(
      fc.property(fc.constantFrom(...paths), needsArb, (path, needs) => {
        const [category, sub] = path.split('/');
        const search = new URLSearchParams();
        if (needs.weightLb !== undefined) search.set('weight', String(needs.weightLb));
        if (needs.doorIn !== undefined) search.set('door', String(needs.doorIn));
        const query = { ...parseListingQuery(search), page: 1 };
        const products = catalogue.productsOf(category!, sub)!;
        const shown = catalogue.categoryListing(category!, sub, { ...query })!;
        const expected = products.filter((p) => mayFit(p.measures, needs));
        expect(shown.page.total).toBe(expected.length);
        for (const card of shown.page.items) {
          const product = catalogue.getProduct(card.id)!;
          expect(mayFit(product.measures, needs)).toBe(true);
          if (needs.weightLb !== undefined || needs.doorIn !== undefined) {
            expect(card.fit?.answer).not.toBe('does-not-fit');
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('says which figure could not be used, and filters by none of them', () => {
    const input = parseFitInput(new URLSearchParams('weight=heavy&door=5'));
    expect(input.errors).toEqual({
      weight: 'Enter a weight from 20 to 1000 lb',
      door: 'Enter a doorway width from 12 to 96 in.',
    });
    expect(input.values).toEqual({ weight: 'heavy', door: '5' });
    expect(input.needs).toEqual({ weightLb: undefined, doorIn: undefined });
    expect(listing('mobility/wheelchairs', 'weight=heavy&door=5').page.total).toBe(5);
    expect(parseFitInput(new URLSearchParams('weight=280&door=28.5')).needs).toEqual({
      weightLb: 280,
      doorIn: 28.5,
    });
  });
});
