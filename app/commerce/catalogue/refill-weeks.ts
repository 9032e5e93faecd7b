import { z } from 'zod';

/**
 * Refillable products (issue 35, point 5; docs/decisions/0064): consumables staff mark as
 * refillable carry the delivery intervals they suggest, in weeks (1-52, up to four), which the
 * product page offers as "Deliver every N weeks". Stored as "4,8,12" (products.refill_weeks),
 * null when the product is not refillable.
 */
export const REFILL_WEEKS_MIN = 1;
export const REFILL_WEEKS_MAX = 52;
export const REFILL_INTERVALS_MAX = 4;

export const REFILL_WEEKS_TEXT = {
  format: 'Enter the intervals as whole numbers of weeks, separated by commas, for example 4, 8, 12',
  range: `Each interval must be from ${REFILL_WEEKS_MIN} to ${REFILL_WEEKS_MAX} weeks`,
  tooMany: `Enter at most ${REFILL_INTERVALS_MAX} different intervals`,
  missing: 'Enter at least one interval in weeks for a refillable product, for example 4, 8, 12',
} as const;

/** The stored value as the intervals, smallest first; empty for a product that is not refillable. */
export function parseRefillWeeks(stored: string | null | undefined): number[] {
  if (!stored) return [];
  return stored
    .split(',')
    .map((part) => Number(part))
    .filter((weeks) => Number.isInteger(weeks) && weeks >= REFILL_WEEKS_MIN && weeks <= REFILL_WEEKS_MAX);
}

/** The intervals as stored ("4,8,12"), or null for none. */
export function storedRefillWeeks(weeks: readonly number[] | undefined): string | null {
  return weeks && weeks.length > 0 ? weeks.join(',') : null;
}

/** "4, 8, 12" as a form or the CSV shows them. */
export const refillWeeksText = (weeks: readonly number[] | undefined) => (weeks ?? []).join(', ');

/**
 * Typed intervals ("4, 8, 12", "4 8 12"): distinct whole weeks, sorted; an empty text is null
 * (not refillable). The console's form and the products CSV.
 */
export const refillWeeksSchema = z
  .string()
  .trim()
  .transform((value, ctx) => {
    if (value === '') return null;
    const parts = value.split(/[\s,;]+/).filter(Boolean);
    if (!parts.every((part) => /^\d{1,2}$/.test(part))) {
      ctx.addIssue({ code: 'custom', message: REFILL_WEEKS_TEXT.format });
      return z.NEVER;
    }
    const weeks = [...new Set(parts.map(Number))].sort((a, b) => a - b);
    if (weeks.some((w) => w < REFILL_WEEKS_MIN || w > REFILL_WEEKS_MAX)) {
      ctx.addIssue({ code: 'custom', message: REFILL_WEEKS_TEXT.range });
      return z.NEVER;
    }
    if (weeks.length > REFILL_INTERVALS_MAX) {
      ctx.addIssue({ code: 'custom', message: REFILL_WEEKS_TEXT.tooMany });
      return z.NEVER;
    }
    return weeks;
  });
