import { PRODUCT_ID_PATTERN } from '~/commerce/catalogue/product-id';

/**
 * "Compare": up to four products side by side. Pure rules shared by the server (the page) and
 * the browser (the selection kept on the device): what a selection may hold, how the page's
 * `ids` are read, and how specifications line up across products with their differences marked.
 */

export const COMPARE_MAX = 4;
/** localStorage key of the device's selection. */
export const COMPARE_KEY = 'compareProducts';

/** A selected product: its name labels the tray's remove buttons without asking the server. */
export interface ComparedProduct {
  id: string;
  name: string;
}

const isCompared = (value: unknown): value is ComparedProduct => {
  const v = value as Partial<ComparedProduct> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.id === 'string' &&
    PRODUCT_ID_PATTERN.test(v.id) &&
    typeof v.name === 'string' &&
    v.name.length > 0 &&
    v.name.length <= 200
  );
};

/** The stored selection; anything damaged or tampered with is dropped, never a crash. */
export function parseSelection(raw: string | null): ComparedProduct[] {
  if (!raw) return [];
  let list: unknown;
  try {
    list = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  const kept: ComparedProduct[] = [];
  for (const entry of list) {
    if (kept.length === COMPARE_MAX) break;
    if (isCompared(entry) && !kept.some((p) => p.id === entry.id)) {
      kept.push({ id: entry.id, name: entry.name });
    }
  }
  return kept;
}

export type ToggleOutcome = 'added' | 'removed' | 'full';

/** Adds the product, or removes it when selected; a fifth is refused and nothing changes. */
export function toggleSelection(
  list: readonly ComparedProduct[],
  product: ComparedProduct,
): { list: ComparedProduct[]; outcome: ToggleOutcome } {
  if (list.some((p) => p.id === product.id)) {
    return { list: list.filter((p) => p.id !== product.id), outcome: 'removed' };
  }
  if (list.length >= COMPARE_MAX) return { list: [...list], outcome: 'full' };
  return { list: [...list, { id: product.id, name: product.name }], outcome: 'added' };
}

/** The page's address for these products, in this order. */
export const compareHref = (ids: readonly string[]) =>
  ids.length === 0 ? '/compare' : `/compare?ids=${ids.join(',')}`;

/** A long query is not worth reading: four ids of 120 characters and their commas fit. */
const MAX_IDS_LENGTH = 600;

/**
 * The page's `ids` (comma-separated, possibly repeated): the first four well-formed distinct
 * ids, and how many were left out for being malformed or beyond four.
 */
export function parseCompareIds(values: readonly string[]): {
  ids: string[];
  malformed: number;
  extra: number;
} {
  const parts = values
    .join(',')
    .slice(0, MAX_IDS_LENGTH)
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const wellFormed = [...new Set(parts.filter((part) => PRODUCT_ID_PATTERN.test(part)))];
  return {
    ids: wellFormed.slice(0, COMPARE_MAX),
    malformed: parts.filter((part) => !PRODUCT_ID_PATTERN.test(part)).length,
    extra: Math.max(0, wellFormed.length - COMPARE_MAX),
  };
}

// ---------------------------------------------------------------- the table

/** One row of the table: a value per product, null where the catalogue does not list one. */
export interface CompareRow {
  name: string;
  values: (string | null)[];
  differs: boolean;
}

/** A row differs when the values known for it are not all the same; an unlisted value never counts. */
export function valuesDiffer(values: readonly (string | null)[]): boolean {
  const known = values.filter((v): v is string => v !== null).map(normalise);
  return known.some((v) => v !== known[0]);
}

const normalise = (value: string) => value.trim().replace(/\s+/g, ' ');

export function compareRow(name: string, values: (string | null)[]): CompareRow {
  return { name, values, differs: valuesDiffer(values) };
}

/**
 * Specifications aligned by name: one row per name any product lists (first seen, first
 * shown), null where a product does not list it. A name a product lists twice keeps both values.
 */
export function alignSpecifications(
  lists: readonly (readonly { name: string; value: string }[])[],
  leaveOut: ReadonlySet<string> = new Set(),
): CompareRow[] {
  const names: string[] = [];
  for (const list of lists) {
    for (const { name } of list) if (!leaveOut.has(name) && !names.includes(name)) names.push(name);
  }
  return names.map((name) => {
    const values = lists.map((list) => {
      const found = list.filter((row) => row.name === name).map((row) => row.value);
      return found.length > 0 ? found.join('; ') : null;
    });
    return compareRow(name, values);
  });
}
