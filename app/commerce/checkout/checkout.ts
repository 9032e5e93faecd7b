import type { Address } from '../delivery/address.schema';
import type { ShippingOption } from '~/commerce/shipping';

/** Checkout rules shared by the browser (to check as the shopper types) and the server. */

/**
 * How a shopper pays: by card (the default) or by bank transfer; a member of an organisation
 * with invoice terms may also pay by invoice (ADR 0058), offered to them alone.
 */
export const PAYMENT_METHODS = ['card', 'bank_transfer', 'invoice'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** The methods every shopper is offered. */
export const OPEN_PAYMENT_METHODS = ['card', 'bank_transfer'] as const satisfies readonly PaymentMethod[];

/**
 * A stored order's payment method as the checkout's type. The database layer types the column
 * as text (it knows no checkout rules); only the checkout writes it, so anything else is a bug.
 */
export function paymentMethodOf(value: string): PaymentMethod {
  const method = PAYMENT_METHODS.find((known) => known === value);
  if (!method) throw new Error(`Unknown payment method in an order: ${value}`);
  return method;
}
export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'card';

/** Each method's name: 'Paid with Credit/Debit Card', the order page and the order mail. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: 'Credit/Debit Card',
  bank_transfer: 'Bank Transfer',
  invoice: 'Invoice',
};

export const CARD_BRAND_LABELS: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  card: 'Card',
};

/** The card networks the store takes, in the order it lists them. */
const ACCEPTED_CARD_NAMES = (['visa', 'mastercard', 'amex', 'discover'] as const).map(
  (brand) => CARD_BRAND_LABELS[brand],
);

/** The cart's choice of method: its label and what it covers. */
export const PAYMENT_METHOD_CHOICES: Record<PaymentMethod, { label: string; hint: string }> = {
  card: { label: PAYMENT_METHOD_LABELS.card, hint: ACCEPTED_CARD_NAMES.join(', ') },
  bank_transfer: { label: `ACH/${PAYMENT_METHOD_LABELS.bank_transfer}`, hint: 'Pay from a US bank account' },
  invoice: { label: 'Pay by invoice', hint: "On your organisation's terms" },
};

/** Everything the store takes, as its pages list it: the card networks, then ACH/Bank Transfer. */
export const ACCEPTED_PAYMENTS: readonly string[] = [
  ...ACCEPTED_CARD_NAMES,
  PAYMENT_METHOD_CHOICES.bank_transfer.label,
];

/** The answer of create-payment (the payment session), amounts in cents. */
export interface CheckoutSession {
  url: string;
  orderId: string;
  reference: string;
  paymentMethod: PaymentMethod;
  amount: number;
  subtotal: number;
  shipping: number;
  discount: number;
  tax: number;
  taxRate: number;
  /** The tax exemption certificate the order carries no tax under, or null (ADR 0057). */
  taxCertificate: string | null;
  shippingOption: ShippingOption;
  address: Address;
  /** A new address the shopper asked to keep was saved to the address book (false: the book is full). */
  addressSaved: boolean;
  promoCode: string | null;
  mock: boolean;
  email: string | null;
  /** Something in the order needs a prescription: the form asks for it, and the card is authorised only. */
  prescriptionRequired: boolean;
  /**
   * Over the buyer's spending limit (docs/decisions/0056): the order waits for the organisation's
   * approvers, the dialog shows this message instead of the payment form, and the payment refuses it.
   */
  approval?: { organisationId: string; message: string };
}

export const EMPTY_CART_TITLE = 'Empty cart';
export const EMPTY_CART_MESSAGE = 'Your cart is empty. Add some items before checkout.';
/** Contains 'not configured': the dialog then shows 'Payment Configuration Required'. */
export const NOT_CONFIGURED_MESSAGE = 'Payments are not configured on this store yet.';
export const REDIRECT_DELAY_MS = 1500;

export function isConfigurationError(message: string): boolean {
  return message.includes('not configured');
}

/** The card's network from its leading digits; 'card' when we cannot tell. */
export function detectCardBrand(number: string): CardBrand {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
  return 'card';
}

/** ABA routing number checksum: 3-7-1 weights over the nine digits sum to a multiple of 10. */
export function isValidRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = [...value].reduce((total, digit, i) => total + Number(digit) * (weights[i] ?? 0), 0);
  return sum % 10 === 0;
}

/** Whether a card expiring at the end of MM/YY has expired at `now`. */
export function isCardExpired(month: string, year: string, now = new Date()): boolean {
  const expiryYear = 2000 + Number(year);
  const expiryMonth = Number(month);
  const currentYear = now.getUTCFullYear();
  const currentMonth = now.getUTCMonth() + 1;
  return expiryYear < currentYear || (expiryYear === currentYear && expiryMonth < currentMonth);
}

export function digitsOnly(value: string, maxLength: number): string {
  return value.replace(/\D/g, '').slice(0, maxLength);
}

export function lastFour(digits: string): string {
  return digits.slice(-4);
}

/** Where the browser goes after a successful payment (the order success page). */
export function orderSuccessPath(reference: string, method: PaymentMethod): string {
  const query = new URLSearchParams({ order_ref: reference, payment_method: method });
  return `/order-success?${query.toString()}`;
}

/** Paying for units someone else bought first: the processor was not called. */
export function soldOutMessage(productName: string): string {
  return `Sorry, ${productName} sold out before your payment went through. You have not been charged. Please update your cart and check out again.`;
}
