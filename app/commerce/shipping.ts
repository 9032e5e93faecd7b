import { formatDollars, formatPrice } from './money';

/**
 * Shipping charges, the same on every page and policy: a flat fee per order, free from the
 * threshold on. Every text that states the rule is made here from the same numbers, so the
 * shop never says two things. Its own module in the commerce core, because the header and
 * footer of every page carry the text, and the delivery options and the totals read the rule.
 */
export const SHIPPING_CENTS = 999;
/** Whole dollars: the texts below show it without cents. */
export const FREE_SHIPPING_THRESHOLD_CENTS = 49_900;

/** '$499 or more': a subtotal of exactly the threshold ships free, so no text says "over". */
export const FREE_SHIPPING_MINIMUM = `${formatDollars(FREE_SHIPPING_THRESHOLD_CENTS / 100)} or more`;

/** 'Free shipping on orders of $499 or more': the header, footer, product page and cart. */
export const FREE_SHIPPING_TEXT = `Free shipping on orders of ${FREE_SHIPPING_MINIMUM}`;

/**
 * The one place that decides free shipping (ADR 0042): Standard (parcel or freight) ships free
 * from the threshold on, or with a free-shipping code. The threshold is measured on the subtotal
 * before any discount, as the texts above promise.
 */
export function standardShippingIsFree(subtotal: number, freeShippingCode: boolean): boolean {
  return subtotal >= FREE_SHIPPING_THRESHOLD_CENTS || freeShippingCode;
}

/** How an order travels: a freight cart's Standard is stored as 'freight'. */
export const SHIPPING_OPTIONS = ['standard', 'expedited', 'freight'] as const;
export type ShippingOption = (typeof SHIPPING_OPTIONS)[number];

export const SHIPPING_OPTION_NAMES: Record<ShippingOption, string> = {
  standard: 'Standard',
  expedited: 'Expedited',
  freight: 'Standard (freight)',
};

/** 'Free' or '$24.99'. */
export function shippingPriceText(cents: number): string {
  return cents === 0 ? 'Free' : formatPrice(cents);
}
