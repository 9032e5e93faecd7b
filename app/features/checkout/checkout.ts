/** Checkout rules shared by the browser (to check as the shopper types) and the server. */

export type PaymentMethod = 'card' | 'bank_transfer';
export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'card';

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: 'Credit/Debit Card',
  bank_transfer: 'Bank Transfer',
};

export const CARD_BRAND_LABELS: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  card: 'Card',
};

export const EMPTY_CART_TITLE = 'Empty cart';
export const EMPTY_CART_MESSAGE = 'Your cart is empty. Add some items before checkout.';
/** Contains 'not configured': the dialog then shows 'Payment Configuration Required' (spec §2). */
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

/** Where the browser goes after a successful payment (spec §2 Order success page). */
export function orderSuccessPath(reference: string, method: PaymentMethod): string {
  const query = new URLSearchParams({ order_ref: reference, payment_method: method });
  return `/order-success?${query.toString()}`;
}
