import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_QUERY_WORDS, oneTypoApart, queryWords, SearchVocabulary } from './search-words';

const word = fc.stringMatching(/^[a-z]{2,12}$/);

/** Every way one keyboard typo can change a word. */
const typo = (w: string) =>
  fc.oneof(
    // inserted
    fc
      .tuple(fc.nat(w.length), fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'))
      .map(([at, c]) => w.slice(0, at) + c + w.slice(at)),
    // deleted
    fc.nat(w.length - 1).map((at) => w.slice(0, at) + w.slice(at + 1)),
    // replaced
    fc
      .tuple(fc.nat(w.length - 1), fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'))
      .map(([at, c]) => w.slice(0, at) + c + w.slice(at + 1)),
    // neighbours swapped
    fc
      .nat(Math.max(0, w.length - 2))
      .map((at) => w.slice(0, at) + (w[at + 1] ?? '') + (w[at] ?? '') + w.slice(at + 2)),
  );

describe('queryWords', () => {
  it('splits on anything but letters and digits, lowercases, drops accents and repeats', () => {
    expect(queryWords('  Wheel-CHAIR, wheelchair 18"  Café ')).toEqual([
      'wheel',
      'chair',
      'wheelchair',
      '18',
      'cafe',
    ]);
    expect(queryWords('"*" OR NEAR(a b) -x')).toEqual(['or', 'near', 'a', 'b', 'x']);
    expect(queryWords('   ')).toEqual([]);
  });

  it('keeps at most the first eight words, each only letters and digits', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (query) => {
        const words = queryWords(query);
        expect(words.length).toBeLessThanOrEqual(MAX_QUERY_WORDS);
        for (const w of words) expect(w).toMatch(/^[\p{L}\p{N}]+$/u);
      }),
    );
  });
});

describe('oneTypoApart', () => {
  it('is true for every single insertion, deletion, replacement or swap, and symmetric', () => {
    fc.assert(
      fc.property(
        word.chain((w) => fc.tuple(fc.constant(w), typo(w))),
        ([w, typed]) => {
          fc.pre(typed !== w);
          expect(oneTypoApart(typed, w)).toBe(true);
          expect(oneTypoApart(w, typed)).toBe(true);
        },
      ),
    );
  });

  it('is false for equal words and for words two changes apart', () => {
    expect(oneTypoApart('walker', 'walker')).toBe(false);
    expect(oneTypoApart('walker', 'wakler')).toBe(true);
    expect(oneTypoApart('walker', 'wlkr')).toBe(false);
    expect(oneTypoApart('walker', 'talkers')).toBe(false);
    expect(oneTypoApart('cane', 'canes ')).toBe(false);
    expect(oneTypoApart('rollator', 'rolator')).toBe(true);
    expect(oneTypoApart('wheelchair', 'wheelchar')).toBe(true);
  });
});

describe('SearchVocabulary', () => {
  const vocabulary = new SearchVocabulary([
    'Cruiser III Lightweight Wheelchair, Drive Medical, mobility Wheelchairs',
    'Nitro Euro-Style Rollator, Drive Medical, mobility Walkers & Rollators',
    'Folding Walker with wheels',
    'Quad Cane',
  ]);

  it('keeps a word that is part of a catalogue word', () => {
    expect(vocabulary.alternatives('chair')).toEqual(['chair']);
    expect(vocabulary.alternatives('walk')).toEqual(['walk']);
    expect(vocabulary.alternatives('euro')).toEqual(['euro']);
  });

  it('stands a mistyped word for the catalogue words (or their beginnings) one typo away', () => {
    // One letter fewer than "wheelchair": the beginning finds what the word would.
    expect(vocabulary.alternatives('wheelchar')).toEqual(['wheelcha']);
    expect(vocabulary.alternatives('wheelchiar')).toEqual(['wheelchair']);
    expect(vocabulary.alternatives('whelchairs')).toEqual(['wheelchairs']);
    expect(vocabulary.alternatives('lightwieght')).toEqual(['lightweight']);
    expect(vocabulary.alternatives('rollatr')).toEqual(['rollat']);
    expect(vocabulary.alternatives('rolator')).toEqual(['rollator']);
    expect(vocabulary.alternatives('rolators')).toEqual(['rollators']);
    expect(vocabulary.alternatives('wlaker')).toEqual(['walker']);
    expect(vocabulary.alternatives('meducal')).toEqual(['medical']);
  });

  it('leaves short words and words with nothing near them as they are', () => {
    expect(vocabulary.alternatives('cne')).toEqual(['cne']);
    expect(vocabulary.alternatives('xyzzy')).toEqual(['xyzzy']);
  });

  it('never offers a word that is not one typo away (property)', () => {
    const words = ['wheelchair', 'walker', 'rollator', 'commode', 'cushion', 'oximeter', 'nebulizer'];
    const built = new SearchVocabulary(words);
    const check = (w: string) => {
      const found = built.alternatives(w);
      if (found.length === 1 && found[0] === w) return;
      for (const alternative of found) {
        expect(oneTypoApart(w, alternative)).toBe(true);
        expect(words.some((known) => known.startsWith(alternative))).toBe(true);
      }
    };
    fc.assert(fc.property(fc.stringMatching(/^[a-z]{4,12}$/), check));
    // And every typo of a catalogue word is forgiven.
    fc.assert(
      fc.property(
        fc.constantFrom(...words).chain((w) => fc.tuple(fc.constant(w), typo(w))),
        ([w, typed]) => {
          fc.pre(!built.has(typed));
          check(typed);
          const found = built.alternatives(typed);
          expect(found.some((alternative) => w.includes(alternative))).toBe(true);
        },
      ),
    );
  });
});
