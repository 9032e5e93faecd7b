/** Money is integer cents everywhere; this is the one place it becomes text. */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatPrice(cents: number): string {
  return usd.format(cents / 100);
}

/** Whole dollars without cents, for ranges such as a price slider. */
export function formatDollars(dollars: number): string {
  return `$${dollars.toLocaleString('en-US')}`;
}
