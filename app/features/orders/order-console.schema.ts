import { z } from 'zod';
import { CARRIER_IDS, TRACKING_NUMBER } from '~/commerce/orders/fulfilment';

/** The console's order forms: what each accepts, with the messages staff read. */
export const shipSchema = z.strictObject({
  carrier: z.enum(CARRIER_IDS as [string, ...string[]], { error: 'Choose the carrier' }),
  trackingNumber: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
    .pipe(z.string().regex(TRACKING_NUMBER, 'Enter the tracking number: 8 to 40 letters and digits')),
});

export const noteSchema = z.strictObject({
  text: z.string().trim().min(1, 'Write the note').max(2000, 'Keep the note under 2,000 characters'),
});

/** A refund's idempotency key (made when the page was rendered): a double click sends the same. */
export const refundKeySchema = z.string().regex(/^[A-Za-z0-9-]{16,80}$/, 'Reload the order and try again.');

export const refundQuantitySchema = z.coerce
  .number({ error: 'Enter a whole number of units' })
  .int('Enter a whole number of units')
  .min(0, 'Enter a whole number of units')
  .max(999, 'Enter a whole number of units');
