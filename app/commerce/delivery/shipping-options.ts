import {
  SHIPPING_OPTION_NAMES,
  SHIPPING_OPTIONS,
  type ShippingOption,
  type ShippingSettings,
  shipsFree,
} from '~/commerce/shipping';

/**
 * How an order travels. Standard and Expedited for parcels; a product too big for a parcel
 * ships by freight, Standard only and slower, and says so on its page and in the cart. The
 * constants are the values the store launched with (migration 0101 seeds the settings with
 * them); an order's stored option is shown with them.
 */
export const STANDARD_DAYS = '5-7 business days';
export const EXPEDITED_DAYS = '2-3 business days';
export const FREIGHT_DAYS = '7-10 business days';

/** The settings the store launched with (migration 0101 seeds the same): tests start from them. */
export const LAUNCH_SHIPPING: ShippingSettings = {
  standard: { name: 'Standard', price: 999, days: STANDARD_DAYS, freeFrom: 49_900, carts: 'parcel' },
  expedited: { name: 'Expedited', price: 2499, days: EXPEDITED_DAYS, freeFrom: null, carts: 'parcel' },
  freight: { name: 'Standard (freight)', price: 999, days: FREIGHT_DAYS, freeFrom: 49_900, carts: 'freight' },
};

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
  /** As the settings name it now. */
  name: string;
  days: string;
}

/**
 * What each option offered to the cart costs it (the settings say which carts get which): free
 * when the commerce core says so (`shipsFree`), else its price. A cart with a freight-only
 * product gets Standard freight (and Expedited only if the settings offer it to freight carts).
 */
export function shippingOffers(
  cart: { subtotal: number; itemCount: number; freeShippingCode: boolean; freight: boolean },
  settings: ShippingSettings,
): ShippingOffer[] {
  if (cart.itemCount === 0) return [];
  const kind = cart.freight ? 'freight' : 'parcel';
  return SHIPPING_OPTIONS.filter((option) => [kind, 'all'].includes(settings[option].carts)).map((option) => {
    const setting = settings[option];
    return {
      choice: option === 'expedited' ? 'expedited' : 'standard',
      option,
      price: shipsFree(option, setting, cart.subtotal, cart.freeShippingCode) ? 0 : setting.price,
      name: setting.name,
      days: setting.days,
    };
  });
}
