import { z } from 'zod';
import type { Address } from '~/commerce/delivery/address.schema';
import { ADDRESS_NOT_FOUND } from '~/commerce/delivery/address-book';
import { SHIPPING_CHOICES } from '~/commerce/delivery/shipping-options';
import { PRODUCT_ID_PATTERN } from '~/commerce/catalogue/product-id';
import { addDays, addWeeks, isCalendarDate, LATEST_DAYS_AHEAD, REMINDER_DAYS_AHEAD } from './refill-dates';

/**
 * Refill plans (issue 35, point 5; docs/decisions/0064): a shopper's standing order for a
 * refillable product, delivered every N weeks to a copied address, by a chosen shipping option,
 * and charged to a card saved at the gateway (we keep its token, brand, last four and expiry,
 * never the card). Shared by the subscribe page, the account's plans and the console.
 */

/** Plans one account keeps that are not cancelled (a family, a few patients of a carer). */
export const REFILL_PLANS_LIMIT = 20;

export type RefillPlanStatus = 'active' | 'paused' | 'cancelled';

export const REFILL_STATUS_TEXT: Record<RefillPlanStatus, string> = {
  active: 'Active',
  paused: 'Paused',
  cancelled: 'Cancelled',
};

export const REFILL_TEXT = {
  created: 'Your refill plan is set up.',
  notOffered: 'This product is not offered on a schedule. Choose another product.',
  weeks: 'Choose one of the delivery intervals offered for this product',
  quantity: 'Enter a quantity from 1 to 99',
  firstDate: 'Enter the date of the first delivery',
  firstDateRange: `Choose a first delivery at least ${REMINDER_DAYS_AHEAD} days from today and within a year`,
  shipping: 'Choose a shipping option',
  unavailable:
    'Refills on a schedule are not available at the moment: the store cannot save cards. Please order as usual, or call us.',
  limit: `You can have up to ${REFILL_PLANS_LIMIT} refill plans. Cancel one to set up another.`,
  cardNotSaved: 'Your card was not saved. Please check it, or use another card.',
  notFound: 'This refill plan is not in your account.',
  tooMany: 'Too many card attempts. Please wait a few minutes and try again.',
} as const;

/** The form's fields besides the address and the card. */
export const REFILL_PLAN_FIELDS = [
  'productId',
  'quantity',
  'weeks',
  'firstDate',
  'shipping',
  'addressId',
] as const;

const wholeNumber = (message: string, min: number, max: number) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,3}$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));

/** What the subscribe form posts besides the address and the card. */
export const refillPlanSchema = z.strictObject({
  productId: z.string({ error: REFILL_TEXT.notOffered }).regex(PRODUCT_ID_PATTERN, REFILL_TEXT.notOffered),
  quantity: wholeNumber(REFILL_TEXT.quantity, 1, 99),
  weeks: wholeNumber(REFILL_TEXT.weeks, 1, 52),
  firstDate: z.string({ error: REFILL_TEXT.firstDate }).trim().refine(isCalendarDate, REFILL_TEXT.firstDate),
  shipping: z.enum(SHIPPING_CHOICES, { error: REFILL_TEXT.shipping }),
  /** A saved address's id, or empty for the new address typed beside it. */
  addressId: z.string({ error: ADDRESS_NOT_FOUND }).max(40, ADDRESS_NOT_FOUND).default(''),
});
export type RefillPlanInput = z.output<typeof refillPlanSchema>;

/** The days a first delivery may be on: time for the reminder first, and within a year. */
export function firstDateRange(today: string): { first: string; last: string } {
  return { first: addDays(today, REMINDER_DAYS_AHEAD), last: addDays(today, LATEST_DAYS_AHEAD) };
}

/** The first delivery offered: one interval from today (never before the earliest allowed). */
export function defaultFirstDate(today: string, weeks: number): string {
  const offered = addWeeks(today, weeks);
  const { first } = firstDateRange(today);
  return offered < first ? first : offered;
}

/** "Every 4 weeks", "Every week". */
export const intervalText = (weeks: number) => (weeks === 1 ? 'Every week' : `Every ${weeks} weeks`);

/** A saved card as pages show it: "Visa ending in 4242, expires 12/29". */
export function savedCardText(card: { brand: string | null; last4: string; expiry: string | null }): string {
  const expiry = card.expiry ? `, expires ${card.expiry}` : '';
  return `${card.brand ?? 'Card'} ending in ${card.last4}${expiry}`;
}

export interface RefillPlanLineView {
  productId: string;
  name: string;
  quantity: number;
  /** Cents: the price the shopper last agreed to. */
  unitPrice: number;
  link: string;
}

/** A plan as the shopper's account and the console show it (no token). */
export interface RefillPlanView {
  id: string;
  status: RefillPlanStatus;
  intervalWeeks: number;
  nextDate: string;
  /** The next delivery's cycle: a skip or a move names it, so a second click changes nothing more. */
  nextCycleId: string | null;
  address: Address;
  shippingOption: string;
  card: { brand: string | null; last4: string; expiry: string | null } | null;
  reason: string | null;
  changedBy: 'shopper' | 'staff' | 'system' | null;
  createdAt: number;
  lines: RefillPlanLineView[];
}
