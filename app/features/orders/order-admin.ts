import type { Fulfilment, PaymentStatus } from './fulfilment';

/** The console's order list: what a row shows, and the filters staff pick from. */

export const ORDER_FILTERS = {
  all: 'All orders',
  'to-ship': 'Paid, waiting to ship',
  shipped: 'Shipped',
  delivered: 'Delivered',
  authorized: 'Awaiting prescription review',
  pending: 'Awaiting payment',
  failed: 'Payment failed',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
} as const;

export type OrderFilter = keyof typeof ORDER_FILTERS;

export function orderFilterOf(value: string | null): OrderFilter {
  return value && Object.hasOwn(ORDER_FILTERS, value) ? (value as OrderFilter) : 'all';
}

export interface OrderSearch {
  /** A reference (or its start), an email or a name. */
  q: string;
  filter: OrderFilter;
  /** Epoch ms, inclusive, and exclusive. */
  from?: number;
  to?: number;
}

export interface OrderListRow {
  reference: string;
  createdAt: number;
  email: string | null;
  name: string | null;
  total: number;
  refundedTotal: number;
  status: PaymentStatus;
  fulfilment: Fulfilment;
  itemCount: number;
}

export interface TimelineEntry {
  at: number;
  /** Who: a member of staff's email, 'Shopper' or 'Store'. */
  who: string;
  text: string;
}
