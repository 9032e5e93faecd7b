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

/**
 * Cents from a decimal typed by a person or read from a file: '12.5' is 1250, '$12.50' is 1250
 * (the console's price fields take the sign, so a CSV does too). Read digit by digit, never
 * through a float, so '0.29' is 29 and never 28.999…. Anything else is undefined: a third
 * decimal ('12.505' would need rounding nobody asked for), grouping ('1,200'), a minus, words.
 */
export function decimalToCents(text: string): number | undefined {
  const match = /^\$?(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  const [, whole, fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
