import { shopperStatusText } from '~/commerce/order-states';
import type { OrderView } from './orders';

/**
 * What a shopper reads about an order's state and date. Kept apart from orders.ts so the order
 * history on /account loads these few lines and not the payment labels the order page needs.
 */

/** The one status a shopper reads: the payment's, and once paid, where the parcel is. */
export function orderStatusText(order: Pick<OrderView, 'status' | 'fulfilment' | 'refundedTotal'>): string {
  return shopperStatusText(order);
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'America/New_York' });

/** Dates in the store's own time zone (Eastern), the same on the server and in the browser. */
export function formatOrderDate(epochMs: number): string {
  return dateFormat.format(new Date(epochMs));
}
