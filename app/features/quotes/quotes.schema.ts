import { z } from 'zod';
import { poNumberSchema } from '~/commerce/invoices/po-number.schema';
import { MAX_QUOTE_QUANTITY } from '~/commerce/quotes';

/** The quotes' forms, the shopper's and staff's: what each accepts, with the messages people read. */

export const messageSchema = z
  .string({ error: 'Write your message' })
  .trim()
  .min(1, 'Write your message')
  .max(2000, 'Keep the message under 2,000 characters');

/** Units of one line (`qty-<product>` fields read apart): a whole number from 0 to 9,999. */
export const quoteQuantitySchema = z
  .string()
  .trim()
  .regex(/^\d{1,4}$/, `Enter a whole number of units from 0 to ${MAX_QUOTE_QUANTITY.toLocaleString('en-US')}`)
  .transform(Number);

/** Staff's unit price for a line (`price-<line>`), in dollars and cents, as typed. */
export const quotedPriceSchema = z
  .string()
  .trim()
  .regex(/^\$?\d{1,6}(\.\d{1,2})?$/, 'Enter a unit price in dollars, such as 12.50')
  .transform((value) => Math.round(Number(value.replace('$', '')) * 100));

/** The last day the prices hold: a date after today (the store's time zone). */
export const expirySchema = z
  .string({ error: 'Choose the last day the prices hold' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose the last day the prices hold, as YYYY-MM-DD');

/** The store's Eastern end of a YYYY-MM-DD day: the moment a quote valid through it expires. */
export function endOfEasternDay(date: string, offsetMinutes: (at: number) => number): number | null {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(year, month - 1, day + 1);
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return midnightUtc + offsetMinutes(midnightUtc) * 60_000;
}

/** Accepting a priced quote: how its order is paid, and the organisation's purchase order. */
export const acceptSchema = z.object({
  paymentMethod: z.enum(['card', 'invoice'], { error: 'Choose how to pay' }).default('card'),
  poNumber: poNumberSchema.default(null),
});
