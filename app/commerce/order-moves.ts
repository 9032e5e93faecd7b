import { type Fulfilment, FULFILMENTS, type OrderStatus } from './order-states';

/**
 * The order state machine's moves (ADR 0041): every allowed move with the states it starts from,
 * what it writes and who may make it. The other half of the table, the states and their labels,
 * is order-states.ts; the moves live beside it so that a shopper's page, which only words a
 * state, does not download the console's moves (the /account first-load budget).
 */
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
/** A parcel goes out once the order is paid, or placed on an organisation's invoice terms. */
const SHIPPABLE = ['paid', 'invoiced'] as const;

/** Every allowed move. Nothing else changes an order's status or fulfilment. */
export const ORDER_MOVES = {
  /** The card authorised, not charged: a prescription item waits for review. */
  authorize: { by: ['payment'], from: { status: PAYABLE }, to: { status: 'authorized' } },
  capture: { by: ['payment'], from: { status: PAYABLE }, to: { status: 'paid' } },
  decline: { by: ['payment'], from: { status: PAYABLE }, to: { status: 'failed' } },
  /** Placed on the organisation's invoice terms (ADR 0058): no card, an invoice instead. */
  invoice: { by: ['payment'], from: { status: PAYABLE }, to: { status: 'invoiced' } },
  /** Staff approve the prescription; the authorised charge is captured. */
  approve: { by: CONSOLE, from: { status: ['authorized'] }, to: { status: 'paid' } },
  /** Staff reject the prescription; the authorisation is voided. */
  reject: { by: CONSOLE, from: { status: ['authorized'] }, to: { status: 'cancelled' } },
  pack: {
    by: CONSOLE,
    from: { status: SHIPPABLE, fulfilment: ['unfulfilled'] },
    to: { fulfilment: 'packed' },
  },
  ship: {
    by: CONSOLE,
    from: { status: SHIPPABLE, fulfilment: ['unfulfilled', 'packed'] },
    to: { fulfilment: 'shipped' },
  },
  deliver: {
    by: CONSOLE,
    from: { status: SHIPPABLE, fulfilment: ['shipped'] },
    to: { fulfilment: 'delivered' },
  },
  /** Unpaid only (and, in SQL, not while a payment attempt holds the order). */
  cancel: { by: CONSOLE, from: { status: PAYABLE }, to: { status: 'cancelled' } },
  /** The sweep cancels orders left unpaid too long. */
  expire: { by: ['system'], from: { status: ['pending'] }, to: { status: 'cancelled' } },
  /** A signed-in shopper starting a new checkout leaves the older unpaid ones behind. */
  abandon: { by: ['shopper'], from: { status: PAYABLE }, to: { status: 'cancelled' } },
  /** An organisation's approver sends back a cart over a buyer's limit (docs/decisions/0056). */
  sendBack: { by: ['shopper'], from: { status: ['pending'] }, to: { status: 'cancelled' } },
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
export function canMove(
  move: OrderMoveName,
  order: { status: OrderStatus; fulfilment: Fulfilment },
): boolean {
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
