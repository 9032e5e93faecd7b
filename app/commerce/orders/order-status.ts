/**
 * An order's date as a shopper reads it. Kept apart from orders.ts so the order history on
 * /account loads these few lines and not the payment labels the order page needs; the state's
 * words are the state table's (~/commerce/order-states).
 */

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'America/New_York' });

/** Dates in the store's own time zone (Eastern), the same on the server and in the browser. */
export function formatOrderDate(epochMs: number): string {
  return dateFormat.format(new Date(epochMs));
}
