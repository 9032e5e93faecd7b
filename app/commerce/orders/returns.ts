import { FULFILMENT, type Fulfilment, type OrderStatus, STATUS } from '~/commerce/order-states';
import { lineRefundAmount } from './fulfilment';

/**
 * Returns within the money-back guarantee (docs/decisions/0053): the window, the reasons, the
 * steps a return goes through and what its refund is. Pure rules, shared by the shopper's
 * order page, the console and the policy pages (which quote the window from here).
 */
export const RETURN_WINDOW_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Each reason a shopper may give; `ourError` ones are refunded with the shipping charge. */
export const RETURN_REASONS = {
  damaged: { label: 'Damaged or defective', ourError: true },
  wrong_item: { label: 'Wrong item sent', ourError: true },
  not_needed: { label: 'No longer needed', ourError: false },
  mistake: { label: 'Ordered by mistake', ourError: false },
  other: { label: 'Other', ourError: false },
} as const;

export type ReturnReason = keyof typeof RETURN_REASONS;
export const RETURN_REASON_IDS = Object.keys(RETURN_REASONS) as ReturnReason[];

export function returnReasonLabel(reason: string): string {
  return Object.hasOwn(RETURN_REASONS, reason) ? RETURN_REASONS[reason as ReturnReason].label : reason;
}

export const isOurError = (reason: string) =>
  Object.hasOwn(RETURN_REASONS, reason) && RETURN_REASONS[reason as ReturnReason].ourError;

/** A return's steps, each with what the shopper and staff read of it. */
export const RETURN_STEPS = {
  requested: 'Requested',
  approved: 'Approved',
  refused: 'Refused',
  received: 'Received',
  refunded: 'Refunded',
} as const;

export type ReturnStep = keyof typeof RETURN_STEPS;
export const RETURN_STEP_IDS = Object.keys(RETURN_STEPS) as ReturnStep[];
/** Each step by name (`RETURN_STEP.refunded`): a return's words are not mistaken for an order's. */
export const RETURN_STEP = Object.fromEntries(RETURN_STEP_IDS.map((step) => [step, step])) as {
  readonly [K in ReturnStep]: K;
};
/** The steps whose units are on their way back or back already (they count against a line). */
export const OPEN_RETURN_STEPS: ReturnStep[] = ['requested', 'approved', 'received'];

/** Why a line cannot be returned: the policy's words, as the product page says them. */
export { NOT_RETURNABLE_TEXT } from '~/commerce/catalogue/catalog';

/** The date after which a delivered order can no longer be returned. */
export function returnDeadline(deliveredAt: number): number {
  return deliveredAt + RETURN_WINDOW_DAYS * DAY_MS;
}

/** Why this order cannot be returned now, or null when it can. */
export function returnRefusal(
  order: { status: OrderStatus; fulfilment: Fulfilment; deliveredAt: number | null },
  now = Date.now(),
): string | null {
  if (order.status === STATUS.refunded) return 'This order has been refunded in full.';
  // A return's refund goes back through the processor that took the money; an order on terms
  // was paid by invoice, so its return is a credit on that invoice, which our team arranges.
  if (order.status === STATUS.invoiced)
    return 'This order was placed on invoice terms: contact us with its order number to return it, and we will credit your invoice.';
  if (order.status !== STATUS.paid || order.fulfilment !== FULFILMENT.delivered || order.deliveredAt === null)
    return 'Only a delivered order can be returned.';
  if (now > returnDeadline(order.deliveredAt))
    return `The ${RETURN_WINDOW_DAYS}-day return window for this order has closed.`;
  return null;
}

/** A return number as staff and the shopper write it: R- and six characters. */
export const isReturnNumber = (value: string): boolean => /^R-[2-9A-HJKMNP-Z]{6}$/.test(value);

/**
 * A return's refund: each line's share of what was paid for goods (discount and tax in
 * proportion, rounded per line: lineRefundAmount), plus the shipping charge when the reason is
 * our error and no other return has refunded it; never more than is left to refund.
 */
export function returnRefund(
  order: {
    subtotal: number;
    discount: number;
    tax: number;
    shipping: number;
    total: number;
    refundedTotal: number;
  },
  lines: readonly { lineTotal: number; boughtQuantity: number; quantity: number }[],
  options: { ourError: boolean; shippingRefundedAlready: boolean },
): { lines: number[]; shipping: number; total: number } {
  const amounts = lines.map((line) =>
    lineRefundAmount(order, { lineTotal: line.lineTotal, quantity: line.boughtQuantity }, line.quantity),
  );
  const shipping = options.ourError && !options.shippingRefundedAlready ? order.shipping : 0;
  const goods = amounts.reduce((sum, amount) => sum + amount, 0);
  const total = Math.max(0, Math.min(goods + shipping, order.total - order.refundedTotal));
  // Capped, the shipping goes first: what is refunded beyond the goods is the shipping.
  return { lines: amounts, shipping: Math.max(0, total - goods), total };
}
