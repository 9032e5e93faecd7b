import {
  SHIPPING_CENTS,
  SHIPPING_OPTION_NAMES,
  SHIPPING_OPTIONS,
  type ShippingOption,
  standardShippingIsFree,
} from '~/commerce/shipping';

/**
 * How an order travels. Standard and Expedited for parcels; a product too big for a parcel
 * ships by freight, Standard only and slower, and says so on its page and in the cart.
 */
export const STANDARD_DAYS = '5-7 business days';
export const EXPEDITED_DAYS = '2-3 business days';
export const FREIGHT_DAYS = '7-10 business days';

/** The product page's line for a freight-only product. */
export const FREIGHT_TEXT = `Ships by freight: Standard delivery only, ${FREIGHT_DAYS}`;

export const EXPEDITED_CENTS = 2499;

/** What the shopper chooses; a freight cart's Standard is stored as 'freight'. */
export const SHIPPING_CHOICES = ['standard', 'expedited'] as const;
export type ShippingChoice = (typeof SHIPPING_CHOICES)[number];
export const SHIPPING_OPTION_DAYS: Record<ShippingOption, string> = {
  standard: STANDARD_DAYS,
  expedited: EXPEDITED_DAYS,
  freight: FREIGHT_DAYS,
};

/** 'Expedited, 2-3 business days': the order page, the success page and the mail. */
export function shippingOptionText(option: ShippingOption): string {
  return `${SHIPPING_OPTION_NAMES[option]}, ${SHIPPING_OPTION_DAYS[option]}`;
}

/** A stored order's option as the delivery's type; anything else is a bug (only checkout writes it). */
export function shippingOptionOf(value: string): ShippingOption {
  const option = SHIPPING_OPTIONS.find((known) => known === value);
  if (!option) throw new Error(`Unknown shipping option in an order: ${value}`);
  return option;
}

export interface ShippingOffer {
  choice: ShippingChoice;
  option: ShippingOption;
  /** Cents. */
  price: number;
}

/**
 * What each available option costs the cart. Standard is free when the commerce core says so
 * (`standardShippingIsFree`), else the flat fee; Expedited always costs its own fee (the promise of
 * free shipping is for Standard). A cart with a freight-only product gets Standard freight only.
 */
export function shippingOffers(cart: {
  subtotal: number;
  itemCount: number;
  freeShippingCode: boolean;
  freight: boolean;
}): ShippingOffer[] {
  if (cart.itemCount === 0) return [];
  const standard = standardShippingIsFree(cart.subtotal, cart.freeShippingCode) ? 0 : SHIPPING_CENTS;
  if (cart.freight) return [{ choice: 'standard', option: 'freight', price: standard }];
  return [
    { choice: 'standard', option: 'standard', price: standard },
    { choice: 'expedited', option: 'expedited', price: EXPEDITED_CENTS },
  ];
}
