/**
 * The order state machine, as one table (ADR 0041). An order has two states side by side: its
 * payment's (`status`) and its parcel's (`fulfilment`). This file holds the states and their
 * labels; order-moves.ts beside it holds the allowed moves over them. Every other module reads
 * these names, labels, moves and guards from here: the database types, the SQL guards of each
 * UPDATE, the console's badges and filters, the shopper's status text and the mails. A test
 * (tests/lint/order-state-literals.test.ts) fails on an order state spelled out anywhere else.
 */

/**
 * The payment's states, each with what a shopper and staff read. `placed`: the shopper's order
 * went through (the card is charged or authorised), so it counts as bought and holds its units.
 * `receipt`: money was taken, so the order has a receipt. 'refunded': every cent went back (a
 * part refund keeps 'paid'); 'authorized': the card is authorised, not charged, while staff
 * review the prescription;
 * 'invoiced': an organisation's order placed on its invoice terms (docs/decisions/0058): it counts
 * as bought, holds its units and is shipped like a paid one, but no money was taken yet (the
 * invoice is paid later, so no receipt, and nothing to refund).
 */
export const PAYMENT_STATES = {
  pending: sameLabel('Awaiting payment', false, false),
  authorized: sameLabel('Awaiting prescription review', true, false),
  paid: sameLabel('Paid', true, true),
  failed: sameLabel('Payment failed', false, false),
  cancelled: sameLabel('Cancelled', false, false),
  refunded: sameLabel('Refunded', false, true),
  invoiced: sameLabel('Invoiced', true, false),
};

/** A payment state shoppers and staff read alike (every one, today). */
function sameLabel(label: string, placed: boolean, receipt: boolean) {
  return { shopper: label, staff: label, placed, receipt };
}

/** The parcel's states (migration 0011), once the order is paid; a shopper reads `shopper`. */
export const FULFILMENT_STATES = {
  unfulfilled: { shopper: 'Paid', staff: 'Not yet packed' },
  packed: { shopper: 'Being prepared', staff: 'Packed' },
  shipped: { shopper: 'Shipped', staff: 'Shipped' },
  delivered: { shopper: 'Delivered', staff: 'Delivered' },
} as const;

export type OrderStatus = keyof typeof PAYMENT_STATES;
export type Fulfilment = keyof typeof FULFILMENT_STATES;

/** Each state by name, so code says `STATUS.paid`, and a typo or a removed state fails to compile. */
// Marked pure (here and below) so a page that does not use one leaves it out of its bundle.
export const STATUS = /* @__PURE__ */ namesOf(PAYMENT_STATES);
export const FULFILMENT = /* @__PURE__ */ namesOf(FULFILMENT_STATES);

export const ORDER_STATUSES = /* @__PURE__ */ Object.keys(PAYMENT_STATES) as OrderStatus[];
export const FULFILMENTS = /* @__PURE__ */ Object.keys(FULFILMENT_STATES) as Fulfilment[];

/** The states where the shopper's order went through (charged or authorised). */
export const PLACED_STATUSES = /* @__PURE__ */ statusesWhere('placed');
/** The states where money was taken: the order has a receipt and counts in sales. */
export const RECEIPT_STATUSES = /* @__PURE__ */ statusesWhere('receipt');
/**
 * The states sales figures read, by `paid_at`: money taken, or an order on invoice terms whose
 * invoice was paid in full (its `paid_at` is set then; docs/decisions/0058). An invoiced order
 * whose invoice is open has no `paid_at`, so no report or dashboard counts it yet.
 */
export const SALES_STATUSES: readonly OrderStatus[] = /* @__PURE__ */ [...RECEIPT_STATUSES, 'invoiced'];

export const isPlaced = (status: OrderStatus) => PAYMENT_STATES[status].placed;
/** Orders that were paid have an itemised receipt (a refunded one too: it shows the refund). */
export const hasReceipt = (order: { status: OrderStatus }) => PAYMENT_STATES[order.status].receipt;

/** The payment states whose parcel is on its way: paid, or placed on invoice terms. */
const ships = (status: OrderStatus) => status === 'paid' || status === 'invoiced';

/** The console's status line: the payment's, and once paid or invoiced, where the parcel is. */
export function staffStatusText(order: { status: OrderStatus; fulfilment: Fulfilment }): string {
  return ships(order.status)
    ? `${PAYMENT_STATES[order.status].staff} · ${FULFILMENT_STATES[order.fulfilment].staff}`
    : PAYMENT_STATES[order.status].staff;
}

/** The one status a shopper reads: the payment's, and once paid, where the parcel is. */
export function shopperStatusText(order: {
  status: OrderStatus;
  fulfilment: Fulfilment;
  refundedTotal: number;
}): string {
  if (!ships(order.status)) return PAYMENT_STATES[order.status].shopper;
  // An invoiced order not yet packed reads 'Invoiced', not 'Paid' (the invoice is still open).
  if (order.status === 'invoiced' && order.fulfilment === 'unfulfilled')
    return PAYMENT_STATES.invoiced.shopper;
  const step = FULFILMENT_STATES[order.fulfilment].shopper;
  return order.refundedTotal > 0 ? `${step} · Partly refunded` : step;
}

/** The tone of a status badge (its words carry the meaning; colour only repeats it). */
export function statusTone(order: {
  status: OrderStatus;
  fulfilment: Fulfilment;
}): 'done' | 'good' | 'bad' | 'plain' {
  // Literals, not STATUS.x, here in the table itself: the shopper's pages then leave namesOf out.
  if (ships(order.status)) return order.fulfilment === 'delivered' ? 'done' : 'good';
  return order.status === 'failed' ? 'bad' : 'plain';
}

/**
 * The console order list's filters, in the order staff see them: first the parcel's states
 * (paid orders only), then the payment's.
 */
export const CONSOLE_FILTERS = {
  fulfilment: ['shipped', 'delivered'],
  status: ['authorized', 'invoiced', 'pending', 'failed', 'refunded', 'cancelled'],
} as const satisfies { fulfilment: readonly Fulfilment[]; status: readonly OrderStatus[] };

/** `'a', 'b'` for a SQL text written out in full (a partial index's condition must match it word for word). */
export const sqlList = (states: readonly string[]) => states.map((state) => `'${state}'`).join(', ');

function statusesWhere(flag: 'placed' | 'receipt'): OrderStatus[] {
  return ORDER_STATUSES.filter((status) => PAYMENT_STATES[status][flag]);
}

function namesOf<T extends object>(table: T): { readonly [K in keyof T]: K } {
  return Object.fromEntries(Object.keys(table).map((key) => [key, key])) as { readonly [K in keyof T]: K };
}

/** Whether a string is one of these states (a filter from a URL, a kind from the timeline). */
export function isOneOf<S extends string>(states: readonly S[], value: string): value is S {
  return (states as readonly string[]).includes(value);
}
