/**
 * What a search query asks for, word by word, and the one-typo forgiveness (docs/decisions/0028).
 *
 * A product matches when each word of the query is part of its name, brand, category or
 * description ("chair" finds wheelchairs, "walk" walkers). A word that is part of no word of
 * the catalogue is taken as mistyped: it stands for the catalogue's words one typo away
 * ("wheelchar" for "wheelchair", "rolator" for "rollator", "wlaker" for "walker"), or for their
 * beginnings, since shoppers type a word before they finish it ("cruch" for "crutch...").
 */

/** More words than this add nothing a shopper means; the rest are ignored. */
export const MAX_QUERY_WORDS = 8;
/** Shorter words are not corrected: one typo away from "cane" is half the dictionary. */
const MIN_CORRECTED_LENGTH = 4;
/** A mistyped word stands for at most this many catalogue words (the most common first). */
const MAX_CORRECTIONS = 6;

/** Lowercase, accents removed: how the index compares text. */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The query's distinct words (letters and digits), in order. */
export function queryWords(query: string): string[] {
  const words = foldText(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
  return [...new Set(words)].slice(0, MAX_QUERY_WORDS);
}

/**
 * Whether `a` becomes `b` by one inserted, deleted or replaced character, or by two neighbours
 * swapped (the typos of a keyboard); equal words are not a typo apart.
 */
export function oneTypoApart(a: string, b: string): boolean {
  if (a === b) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (long.length - short.length > 1) return false;
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  if (short.length === long.length) {
    // Replaced at i, or i and i + 1 swapped.
    if (short.slice(i + 1) === long.slice(i + 1)) return true;
    return short[i] === long[i + 1] && short[i + 1] === long[i] && short.slice(i + 2) === long.slice(i + 2);
  }
  // Inserted at i.
  return short.slice(i) === long.slice(i + 1);
}

/**
 * The catalogue's words, for telling a mistyped query word from one the catalogue has. Built
 * from the same text the search index holds (one per catalogue snapshot).
 */
export class SearchVocabulary {
  /** Every word between newlines: "is this part of a word" is one substring search. */
  private readonly joined: string;
  /** Words by length, each with how many products use it. */
  private readonly byLength = new Map<number, { word: string; products: number }[]>();

  constructor(texts: Iterable<string>) {
    const products = new Map<string, number>();
    for (const text of texts) {
      for (const word of new Set(foldText(text).split(/[^\p{L}\p{N}]+/u))) {
        if (word) products.set(word, (products.get(word) ?? 0) + 1);
      }
    }
    this.joined = `\n${[...products.keys()].join('\n')}\n`;
    for (const [word, count] of products) {
      const list = this.byLength.get(word.length) ?? [];
      list.push({ word, products: count });
      this.byLength.set(word.length, list);
    }
    for (const list of this.byLength.values()) list.sort((a, b) => b.products - a.products);
  }

  /** Whether some catalogue word contains `word`. */
  has(word: string): boolean {
    return this.joined.includes(word);
  }

  /**
   * What the index is asked for in place of `word`: the word itself when the catalogue has it
   * (or it is too short to correct, or nothing is near it), else the beginnings of catalogue
   * words one typo away from it ("cruch" stands for "crutch", which finds "crutches"), the
   * most used first; one that holds another is left out, the shorter finds both.
   */
  alternatives(word: string): string[] {
    if (word.length < MIN_CORRECTED_LENGTH || this.has(word)) return [word];
    const products = new Map<string, number>();
    for (const [length, entries] of this.byLength) {
      if (length < word.length - 1) continue;
      for (const entry of entries) {
        for (let end = word.length - 1; end <= Math.min(length, word.length + 1); end++) {
          const start = entry.word.slice(0, end);
          if (oneTypoApart(word, start)) products.set(start, (products.get(start) ?? 0) + entry.products);
        }
      }
    }
    // A short beginning ("can" for "cain") would find half the catalogue.
    const found = [...products.keys()].filter((start) => start.length >= MIN_CORRECTED_LENGTH);
    const kept = found.filter((start) => !found.some((other) => other !== start && start.includes(other)));
    if (kept.length === 0) return [word];
    return kept
      .sort((a, b) => (products.get(b) ?? 0) - (products.get(a) ?? 0) || a.localeCompare(b))
      .slice(0, MAX_CORRECTIONS);
  }
}
