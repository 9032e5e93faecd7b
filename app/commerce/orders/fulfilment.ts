/**
 * Shipping and refunding an order: carriers, tracking links, a line's refund. Pure rules, shared
 * by the console, the account pages and the mails. The order's states and moves are the commerce
 * core's table (~/commerce/order-states).
 */

/** Carriers we ship with, each with its public tracking page. */
export const CARRIERS = {
  usps: { name: 'USPS', trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=' },
  ups: { name: 'UPS', trackingUrl: 'https://www.ups.com/track?tracknum=' },
  fedex: { name: 'FedEx', trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr=' },
  dhl: {
    name: 'DHL',
    trackingUrl: 'https://www.dhl.com/us-en/home/tracking/tracking-express.html?submit=1&tracking-id=',
  },
} as const;

export type Carrier = keyof typeof CARRIERS;
export const CARRIER_IDS = Object.keys(CARRIERS) as Carrier[];

export function isCarrier(value: unknown): value is Carrier {
  return typeof value === 'string' && Object.hasOwn(CARRIERS, value);
}

/** Letters and digits only, as carriers print them: 8 to 40 of them. */
export const TRACKING_NUMBER = /^[A-Z0-9]{8,40}$/;

/** The carrier's page for a parcel; undefined for anything we do not know how to link. */
export function trackingUrl(carrier: string | null, trackingNumber: string | null): string | undefined {
  if (!isCarrier(carrier) || !trackingNumber || !TRACKING_NUMBER.test(trackingNumber)) return undefined;
  return CARRIERS[carrier].trackingUrl + encodeURIComponent(trackingNumber);
}

export function carrierName(carrier: string | null): string | undefined {
  return isCarrier(carrier) ? CARRIERS[carrier].name : undefined;
}

/**
 * What one line's units are worth back: its share of what the shopper paid for goods (the
 * discount taken off and the tax added in proportion to the line), for `quantity` of its units.
 * Shipping is refunded only with the whole order.
 */
export function lineRefundAmount(
  order: { subtotal: number; discount: number; tax: number },
  line: { lineTotal: number; quantity: number },
  quantity: number,
): number {
  if (order.subtotal <= 0 || line.quantity <= 0) return 0;
  const paidForGoods = order.subtotal - order.discount + order.tax;
  const lineShare = (line.lineTotal * paidForGoods) / order.subtotal;
  return Math.round((lineShare * quantity) / line.quantity);
}
