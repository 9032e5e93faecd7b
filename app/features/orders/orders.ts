import type { CardBrand, PaymentMethod } from '../checkout/checkout';
import { CARD_BRAND_LABELS, PAYMENT_METHOD_LABELS } from '../checkout/checkout';
import type { Address } from '../delivery/address.schema';
import type { ShippingOption } from '../delivery/shipping-options';

/** Orders as the shopper sees them (no internal ids of the payment machinery). */
export type OrderStatus = 'pending' | 'paid' | 'failed' | 'cancelled';

export interface OrderLine {
  productId: string;
  name: string;
  imageUrl: string;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
}

export interface OrderView {
  reference: string;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  email: string | null;
  subtotal: number;
  shipping: number;
  discount: number;
  /** Cents, and the rate it was worked out at (thousandths of a percent); null on orders from before the store asked where to deliver. */
  tax: number | null;
  taxRate: number | null;
  total: number;
  promoCode: string | null;
  shippingOption: ShippingOption;
  /** Where it goes; null only on orders from before the store asked. */
  address: Address | null;
  cardBrand: CardBrand | null;
  cardLast4: string | null;
  bankLast4: string | null;
  createdAt: number;
  paidAt: number | null;
  items: OrderLine[];
}

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  failed: 'Payment failed',
  cancelled: 'Cancelled',
};

/** "Visa ending in 4242", "Bank account ending in 6789" or the method's name. */
export function paymentDescription(
  order: Pick<OrderView, 'paymentMethod' | 'cardBrand' | 'cardLast4' | 'bankLast4'>,
): string {
  if (order.paymentMethod === 'card' && order.cardLast4) {
    return `${CARD_BRAND_LABELS[order.cardBrand ?? 'card']} ending in ${order.cardLast4}`;
  }
  if (order.paymentMethod === 'bank_transfer' && order.bankLast4) {
    return `Bank account ending in ${order.bankLast4}`;
  }
  return PAYMENT_METHOD_LABELS[order.paymentMethod];
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'America/New_York' });

/** Dates in the store's own time zone (Eastern), the same on the server and in the browser. */
export function formatOrderDate(epochMs: number): string {
  return dateFormat.format(new Date(epochMs));
}
