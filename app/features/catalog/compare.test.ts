import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  alignSpecifications,
  COMPARE_MAX,
  compareHref,
  parseCompareIds,
  parseSelection,
  toggleSelection,
  valuesDiffer,
  type ComparedProduct,
} from './compare';

const product = (n: number): ComparedProduct => ({ id: `product-${n}`, name: `Product ${n}` });

describe('the device selection', () => {
  it('adds, removes, and refuses a fifth without changing anything', () => {
    let list: ComparedProduct[] = [];
    for (let n = 1; n <= 4; n++) {
      const result = toggleSelection(list, product(n));
      expect(result.outcome).toBe('added');
      list = result.list;
    }
    expect(list).toHaveLength(COMPARE_MAX);
    const fifth = toggleSelection(list, product(5));
    expect(fifth).toEqual({ list, outcome: 'full' });
    const removed = toggleSelection(list, product(2));
    expect(removed.outcome).toBe('removed');
    expect(removed.list.map((p) => p.id)).toEqual(['product-1', 'product-3', 'product-4']);
    // Room again: the fifth can now come in, last.
    expect(toggleSelection(removed.list, product(5)).list.at(-1)).toEqual(product(5));
  });

  it('reads the stored value defensively: damaged, tampered or excess entries are dropped', () => {
    expect(parseSelection(null)).toEqual([]);
    expect(parseSelection('not json')).toEqual([]);
    expect(parseSelection('{"id":"a","name":"A"}')).toEqual([]);
    const stored = JSON.stringify([
      product(1),
      { id: '../admin', name: 'Path' },
      { id: 'product-2' },
      { id: 'product-3', name: 'x'.repeat(201) },
      null,
      'product-4',
      product(1),
      { ...product(5), price: 1 },
      product(6),
      product(7),
      product(8),
    ]);
    expect(parseSelection(stored)).toEqual([product(1), product(5), product(6), product(7)]);
  });
});

describe('the page address', () => {
  it('keeps the first four well-formed distinct ids and counts what it left out', () => {
    expect(parseCompareIds([])).toEqual({ ids: [], malformed: 0, extra: 0 });
    expect(parseCompareIds(['a-1, b-2,,a-1', 'c-3'])).toEqual({
      ids: ['a-1', 'b-2', 'c-3'],
      malformed: 0,
      extra: 0,
    });
    expect(parseCompareIds(['a,b,c,d,e,f'])).toEqual({ ids: ['a', 'b', 'c', 'd'], malformed: 0, extra: 2 });
    expect(parseCompareIds(['a,<script>,B,../x'])).toEqual({ ids: ['a'], malformed: 3, extra: 0 });
  });

  it('never reads more than a few hundred characters, whatever is sent', () => {
    const { ids } = parseCompareIds([Array.from({ length: 10_000 }, (_, n) => `p${n}`).join(',')]);
    expect(ids).toHaveLength(COMPARE_MAX);
  });

  it('links the comparison of chosen products', () => {
    expect(compareHref(['a', 'b'])).toBe('/compare?ids=a,b');
    expect(compareHref([])).toBe('/compare');
  });
});

describe('aligning specifications', () => {
  it('has one row per name any product lists, in first-seen order, with missing values left empty', () => {
    const rows = alignSpecifications([
      [
        { name: 'Weight capacity', value: '300 lb' },
        { name: 'Warranty', value: 'Lifetime frame' },
      ],
      [
        { name: 'Warranty', value: 'Lifetime frame' },
        { name: 'Material', value: 'Steel' },
      ],
      [{ name: 'Weight capacity', value: '250 lb' }],
    ]);
    expect(rows).toEqual([
      { name: 'Weight capacity', values: ['300 lb', null, '250 lb'], differs: true },
      { name: 'Warranty', values: ['Lifetime frame', 'Lifetime frame', null], differs: false },
      { name: 'Material', values: [null, 'Steel', null], differs: false },
    ]);
  });

  it('leaves out the names it is told to, and keeps both values of a name listed twice', () => {
    const rows = alignSpecifications(
      [
        [
          { name: 'Seat width', value: '18 in' },
          { name: 'Height range', value: '30-36 in' },
          { name: 'Height range', value: 'Handles 31-38 in' },
        ],
      ],
      new Set(['Seat width']),
    );
    expect(rows).toEqual([{ name: 'Height range', values: ['30-36 in; Handles 31-38 in'], differs: false }]);
  });

  it('marks a row as differing exactly when its known values are not all equal', () => {
    const value = fc.option(fc.constantFrom('18 in', '20 in', '300 lb', 'Steel'), { nil: null });
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: COMPARE_MAX }), (values) => {
        const known = values.filter((v) => v !== null);
        expect(valuesDiffer(values)).toBe(new Set(known).size > 1);
        const [row] = alignSpecifications(
          values.map((v) => (v === null ? [] : [{ name: 'Spec', value: v }])),
        );
        if (known.length === 0) expect(row).toBeUndefined();
        else expect(row?.differs).toBe(new Set(known).size > 1);
      }),
    );
  });

  it('does not call spacing a difference', () => {
    expect(valuesDiffer(['18 in', ' 18  in'])).toBe(false);
  });
});
