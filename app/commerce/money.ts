/**
 * Money is integer cents everywhere; this is the one place it becomes text: `formatPrice` for
 * what a person reads, `centsToDecimal` for what a machine reads (CSV, JSON-LD, exports).
 */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/**
 * '$1,234.50' for 123450 cents. With `whole`, an amount of whole dollars drops its '.00'
 * ('$1,500', a chart's tick); an amount with cents keeps them, so nothing is ever rounded.
 */
export function formatPrice(cents: number, options?: { whole?: boolean }): string {
  return options?.whole && cents % 100 === 0 ? usdWhole.format(cents / 100) : usd.format(cents / 100);
}

/**
 * '1234.50' for 123450 cents: a plain decimal string with two places, no symbol or grouping.
 * Built from the integer digits, so no float rounding can turn 1005 cents into '10.04'.
 */
export function centsToDecimal(cents: number): string {
  if (!Number.isInteger(cents)) throw new Error(`Money must be whole cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** Whole dollars without cents, for ranges such as a price slider. */
export function formatDollars(dollars: number): string {
  return `$${dollars.toLocaleString('en-US')}`;
}
