import { formatDollars, formatPrice } from './money';

/**
 * Shipping charges: each option's price, and the subtotal from which it ships free. The figures
 * are settings (staff edit them in the console, docs/decisions/0051); these functions are the
 * rules over them, pure, so the server and the texts apply the same ones. Every text that states
 * the free-shipping rule is made here, so the shop never says two things.
 */

/** How an order travels: a freight cart's Standard is stored as 'freight'. */
export const SHIPPING_OPTIONS = ['standard', 'expedited', 'freight'] as const;
export type ShippingOption = (typeof SHIPPING_OPTIONS)[number];

/** Which carts an option is offered to: those without a freight-only product, those with one, or both. */
export const SHIPPING_CARTS = ['parcel', 'freight', 'all'] as const;
export type ShippingCarts = (typeof SHIPPING_CARTS)[number];

/** One option's settings. Cents. */
export interface ShippingOptionSetting {
  name: string;
  price: number;
  /** '5-7 business days'. */
  days: string;
  /** The subtotal (before discount) from which it ships free; null: never free by amount. */
  freeFrom: number | null;
  carts: ShippingCarts;
}

export type ShippingSettings = Readonly<Record<ShippingOption, ShippingOptionSetting>>;

/** The subtotal the texts quote: Standard's, the option every parcel cart is offered. */
export const freeShippingThreshold = (settings: ShippingSettings): number | null =>
  settings.standard.freeFrom;

/** The product page's line for a freight-only product, with the freight option's days. */
export const freightText = (days: string) => `Ships by freight: Standard delivery only, ${days}`;

/** '$499 or more': a subtotal of exactly the threshold ships free, so no text says "over". */
export function freeShippingMinimum(threshold: number): string {
  return `${formatDollars(threshold / 100)} or more`;
}

/** 'Free shipping on orders of $499 or more': the header, footer, product page and cart. None without a threshold. */
export function freeShippingText(threshold: number | null): string | null {
  return threshold === null ? null : `Free shipping on orders of ${freeShippingMinimum(threshold)}`;
}

/**
 * The one place that decides free shipping (ADR 0042): an option ships free from its threshold
 * on (measured on the subtotal before any discount, as the texts promise), and Standard (parcel
 * or freight) with a free-shipping code; Expedited is never free by a code.
 */
export function shipsFree(
  option: ShippingOption,
  setting: ShippingOptionSetting,
  subtotal: number,
  freeShippingCode: boolean,
): boolean {
  if (setting.freeFrom !== null && subtotal >= setting.freeFrom) return true;
  return freeShippingCode && option !== 'expedited';
}

/** The names the store launched with: an order's stored option is shown with them (see shipping-options.ts). */
export const SHIPPING_OPTION_NAMES: Record<ShippingOption, string> = {
  standard: 'Standard',
  expedited: 'Expedited',
  freight: 'Standard (freight)',
};

/** 'Free' or '$24.99'. */
export function shippingPriceText(cents: number): string {
  return cents === 0 ? 'Free' : formatPrice(cents);
}
