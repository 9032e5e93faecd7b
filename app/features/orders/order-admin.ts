import {
  CONSOLE_FILTERS,
  FULFILMENT_STATES,
  type Fulfilment,
  type OrderStatus,
  PAYMENT_STATES,
} from '~/commerce/order-states';

/** The console's order list: what a row shows, and the filters staff pick from. */

/** Each filter's label; the states among them, and their labels, come from the state table. */
export const ORDER_FILTERS = {
  all: 'All orders',
  'to-ship': 'Paid, waiting to ship',
  ...labelled(CONSOLE_FILTERS.fulfilment, (state) => FULFILMENT_STATES[state].staff),
  ...labelled(CONSOLE_FILTERS.status, (state) => PAYMENT_STATES[state].staff),
} as Record<'all' | 'to-ship' | (typeof CONSOLE_FILTERS)['fulfilment' | 'status'][number], string>;

export type OrderFilter = keyof typeof ORDER_FILTERS;

function labelled<S extends string>(states: readonly S[], label: (state: S) => string) {
  return Object.fromEntries(states.map((state) => [state, label(state)])) as Record<S, string>;
}

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
  status: OrderStatus;
  fulfilment: Fulfilment;
  itemCount: number;
}

export interface TimelineEntry {
  at: number;
  /** Who: a member of staff's email, 'Shopper' or 'Store'. */
  who: string;
  text: string;
}
