import { STORE } from '~/lib/store-info';
import { ACCEPTED_PAYMENTS } from '~/commerce/checkout/checkout';
import { RETURN_WINDOW_DAYS } from '~/commerce/orders/returns';

/**
 * Figures quoted by several content and policy pages. Every page reads them from here so the
 * shop never says two different things. The free-shipping threshold and Standard's price are shop
 * settings: pages quote them with components/shipping-figures.tsx.
 */
export const SHIPPING = {
  handlingTime: '1-2 business days',
  standardTime: '5-7 business days',
  expressTime: '2-3 business days',
  nextDayCutoff: '2 PM EST',
} as const;

export const RETURNS = {
  /** The window the order page's return form keeps to (the returns rules). */
  windowDays: RETURN_WINDOW_DAYS,
  guarantee: '30-day money-back guarantee',
  /** Damage in transit must be reported quickly so the carrier claim can be filed. */
  damageReportDays: 7,
  refundProcessingTime: '5 business days',
} as const;

/** Items that cannot come back once opened, for hygiene and safety. */
export const NON_RETURNABLE_ONCE_OPENED = [
  'CPAP and BiPAP equipment, including machines, masks, tubing and humidifier chambers',
  'Compression stockings, sleeves and other compression garments',
  'Suction machines, canisters and tubing',
  'Nebulizer masks and mouthpieces sold on their own',
] as const;

/** Large items that travel by freight with a delivery appointment. */
export const FREIGHT_EXAMPLES = 'hospital beds, power lift chairs and mobility scooters';

/** What the store takes, as the checkout defines it. */
export const PAYMENT_METHODS = ACCEPTED_PAYMENTS;

/** Date shown on every formal policy page. */
export const POLICY_LAST_UPDATED = { label: 'April 18, 2025', iso: '2025-04-18' } as const;

export const SUPPORT_HOURS = [
  { days: 'Monday to Friday', hours: '9 AM to 6 PM' },
  { days: 'Saturday', hours: '10 AM to 4 PM' },
  { days: 'Sunday', hours: 'Closed' },
] as const;

export const SUPPORT_TIME_ZONE = 'Eastern Time';

/** Job applications go to a careers inbox on the store's own mail domain. */
export const CAREERS_EMAIL = STORE.supportEmail.replace(/^[^@]+/, 'careers');

/** A list joined the way people say it: "A, B and C". */
export function joinWithAnd(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
