import type { HsaFsaStatus } from '../catalogue/catalog';
import type { CardBrand, PaymentMethod } from '../checkout/checkout';
import { CARD_BRAND_LABELS, PAYMENT_METHOD_LABELS } from '../checkout/checkout';
import type { Address } from '../delivery/address.schema';
import type { ShippingOption } from '~/commerce/shipping';
import type { Fulfilment, OrderStatus } from '~/commerce/order-states';

/** Orders as the shopper sees them (no internal ids of the payment machinery). */

export interface OrderLine {
  productId: string;
  name: string;
  imageUrl: string;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
  /** As when bought: the receipt for an HSA or FSA claim says it line by line. */
  hsaFsa: HsaFsaStatus;
  /** As when bought: such a line is charged only once staff have approved the prescription. */
  prescriptionRequired: boolean;
  /** As when bought: its product's HCPCS code and default modifier, null when it had none. */
  hcpcsCode: string | null;
  hcpcsModifier: string | null;
}

/** A line of a stored order: with its id (refunds name it) and the units refunded so far. */
export interface OrderViewLine extends OrderLine {
  id: string;
  refundedQuantity: number;
}

/** Where the parcel is, once it left: the carrier's name and its tracking page. */
export interface Shipment {
  carrier: string;
  trackingNumber: string;
  trackingUrl: string | null;
  shippedAt: number;
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
  /** The tax exemption certificate the order was exempted under, or null. */
  taxCertificate: string | null;
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
  fulfilment: Fulfilment;
  shipment: Shipment | null;
  deliveredAt: number | null;
  /** Cents given back so far. */
  refundedTotal: number;
  items: OrderViewLine[];
}

/** An order authorised while staff review its prescription: what the buyer reads about the payment. */
export function authorizedPaymentText(
  order: Pick<OrderView, 'total' | 'paymentMethod' | 'cardBrand' | 'cardLast4' | 'bankLast4'>,
  total: string,
): string {
  return `${paymentDescription(order)} is authorised for ${total}, not charged. We charge it once our team has approved your prescription, and email you either way.`;
}

/** Where an order's receipt downloads from (the account's; the mailed link adds a key). */
export const receiptPath = (reference: string) => `/account/orders/${reference}/receipt.pdf`;

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
