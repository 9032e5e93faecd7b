/**
 * The order state machine, as one table (ADR 0041). An order has two states side by side: its
 * payment's (`status`) and its parcel's (`fulfilment`). Every other module reads these names,
 * labels, moves and guards from here: the database types, the SQL guards of each UPDATE, the
 * console's badges and filters, the shopper's status text and the mails. A test
 * (tests/lint/order-state-literals.test.ts) fails on an order state spelled out anywhere else.
 */

/**
 * The payment's states, each with what a shopper and staff read. `placed`: the shopper's order
 * went through (the card is charged or authorised), so it counts as bought and holds its units.
 * `receipt`: money was taken, so the order has a receipt. 'refunded': every cent went back (a
 * part refund keeps 'paid'); 'authorized': the card is authorised, not charged, while staff
 * review the prescription.
 */
export const PAYMENT_STATES = {
  pending: { shopper: 'Awaiting payment', staff: 'Awaiting payment', placed: false, receipt: false },
  authorized: {
    shopper: 'Awaiting prescription review',
    staff: 'Awaiting prescription review',
    placed: true,
    receipt: false,
  },
  paid: { shopper: 'Paid', staff: 'Paid', placed: true, receipt: true },
  failed: { shopper: 'Payment failed', staff: 'Payment failed', placed: false, receipt: false },
  cancelled: { shopper: 'Cancelled', staff: 'Cancelled', placed: false, receipt: false },
  refunded: { shopper: 'Refunded', staff: 'Refunded', placed: false, receipt: true },
} as const;

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
export const STATUS = namesOf(PAYMENT_STATES);
export const FULFILMENT = namesOf(FULFILMENT_STATES);

export const ORDER_STATUSES = Object.keys(PAYMENT_STATES) as OrderStatus[];
export const FULFILMENTS = Object.keys(FULFILMENT_STATES) as Fulfilment[];

/**
 * Who makes a move: `payment` (the checkout, with the processor's answer), `system` (a job or
 * the server on the shopper's behalf), `shopper`, or the console's roles. Every order move the
 * console offers is open to both `staff` and `admin` (requireStaff), as today.
 */
export type MoveActor = 'payment' | 'system' | 'shopper' | 'staff' | 'admin';

export interface OrderMove {
  by: readonly MoveActor[];
  /** The states the order must be in: the WHERE of the move's UPDATE. */
  from: { status: readonly OrderStatus[]; fulfilment?: readonly Fulfilment[] };
  /** What the move writes; a part refund writes neither (the order stays 'paid'). */
  to: { status?: OrderStatus; fulfilment?: Fulfilment };
}

const CONSOLE = ['staff', 'admin'] as const;
const PAYABLE = ['pending', 'failed'] as const;

/** Every allowed move. Nothing else changes an order's status or fulfilment. */
export const ORDER_MOVES = {
  /** The card authorised, not charged: a prescription item waits for review. */
  authorize: { by: ['payment'], from: { status: PAYABLE }, to: { status: 'authorized' } },
  capture: { by: ['payment'], from: { status: PAYABLE }, to: { status: 'paid' } },
  decline: { by: ['payment'], from: { status: PAYABLE }, to: { status: 'failed' } },
  /** Staff approve the prescription; the authorised charge is captured. */
  approve: { by: CONSOLE, from: { status: ['authorized'] }, to: { status: 'paid' } },
  /** Staff reject the prescription; the authorisation is voided. */
  reject: { by: CONSOLE, from: { status: ['authorized'] }, to: { status: 'cancelled' } },
  pack: { by: CONSOLE, from: { status: ['paid'], fulfilment: ['unfulfilled'] }, to: { fulfilment: 'packed' } },
  ship: {
    by: CONSOLE,
    from: { status: ['paid'], fulfilment: ['unfulfilled', 'packed'] },
    to: { fulfilment: 'shipped' },
  },
  deliver: { by: CONSOLE, from: { status: ['paid'], fulfilment: ['shipped'] }, to: { fulfilment: 'delivered' } },
  /** Unpaid only (and, in SQL, not while a payment attempt holds the order). */
  cancel: { by: CONSOLE, from: { status: PAYABLE }, to: { status: 'cancelled' } },
  /** The sweep cancels orders left unpaid too long. */
  expire: { by: ['system'], from: { status: ['pending'] }, to: { status: 'cancelled' } },
  /** A signed-in shopper starting a new checkout leaves the older unpaid ones behind. */
  abandon: { by: ['shopper'], from: { status: PAYABLE }, to: { status: 'cancelled' } },
  partRefund: { by: CONSOLE, from: { status: ['paid'] }, to: {} },
  refund: { by: CONSOLE, from: { status: ['paid'] }, to: { status: 'refunded' } },
} as const satisfies Record<string, OrderMove>;

export type OrderMoveName = keyof typeof ORDER_MOVES;

/** The payment states a move starts from, as the array a `where('status', 'in', …)` takes. */
export function fromStatuses(move: OrderMoveName): OrderStatus[] {
  return [...ORDER_MOVES[move].from.status];
}

/** The parcel states a move starts from (every one, for a move that does not look at the parcel). */
export function fromFulfilments(move: OrderMoveName): Fulfilment[] {
  const from: OrderMove['from'] = ORDER_MOVES[move].from;
  return [...(from.fulfilment ?? FULFILMENTS)];
}

/** Whether an order in these states may make the move. */
export function canMove(move: OrderMoveName, order: { status: OrderStatus; fulfilment: Fulfilment }): boolean {
  return fromStatuses(move).includes(order.status) && fromFulfilments(move).includes(order.fulfilment);
}

/** Whether this actor may make the move. */
export function mayMove(move: OrderMoveName, actor: MoveActor): boolean {
  return (ORDER_MOVES[move].by as readonly MoveActor[]).includes(actor);
}

/** Where an order can go next in the console. */
export function nextSteps(order: { status: OrderStatus; fulfilment: Fulfilment }) {
  return {
    pack: canMove('pack', order),
    ship: canMove('ship', order),
    deliver: canMove('deliver', order),
    cancel: canMove('cancel', order),
    refund: canMove('refund', order),
  };
}

/** The states where the shopper's order went through (charged or authorised). */
export const PLACED_STATUSES = statusesWhere('placed');
/** The states where money was taken: the order has a receipt and counts in sales. */
export const RECEIPT_STATUSES = statusesWhere('receipt');

export const isPlaced = (status: OrderStatus) => PAYMENT_STATES[status].placed;
/** Orders that were paid have an itemised receipt (a refunded one too: it shows the refund). */
export const hasReceipt = (order: { status: OrderStatus }) => PAYMENT_STATES[order.status].receipt;

/** The console's status line: the payment's, and once paid, where the parcel is. */
export function staffStatusText(order: { status: OrderStatus; fulfilment: Fulfilment }): string {
  return order.status === STATUS.paid
    ? `${PAYMENT_STATES.paid.staff} · ${FULFILMENT_STATES[order.fulfilment].staff}`
    : PAYMENT_STATES[order.status].staff;
}

/** The one status a shopper reads: the payment's, and once paid, where the parcel is. */
export function shopperStatusText(order: {
  status: OrderStatus;
  fulfilment: Fulfilment;
  refundedTotal: number;
}): string {
  if (order.status !== STATUS.paid) return PAYMENT_STATES[order.status].shopper;
  const step = FULFILMENT_STATES[order.fulfilment].shopper;
  return order.refundedTotal > 0 ? `${step} · Partly refunded` : step;
}

/** The tone of a status badge (its words carry the meaning; colour only repeats it). */
export function statusTone(order: { status: OrderStatus; fulfilment: Fulfilment }): 'done' | 'good' | 'bad' | 'plain' {
  if (order.status === STATUS.paid) return order.fulfilment === FULFILMENT.delivered ? 'done' : 'good';
  return order.status === STATUS.failed ? 'bad' : 'plain';
}

/**
 * The console order list's filters, in the order staff see them: first the parcel's states
 * (paid orders only), then the payment's.
 */
export const CONSOLE_FILTERS = {
  fulfilment: ['shipped', 'delivered'],
  status: ['authorized', 'pending', 'failed', 'refunded', 'cancelled'],
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
