import { z } from 'zod';
import { RETURN_REASON_IDS, RETURN_STEP_IDS } from '~/commerce/orders/returns';
import { refundKeySchema, refundQuantitySchema } from './order-console.schema';

/** The returns' forms, the shopper's and staff's: what each accepts, with the messages people read. */

/** The shopper's request: a reason, an optional note, and `qty-<line>` fields read apart. */
export const returnRequestSchema = z.strictObject({
  key: refundKeySchema,
  reason: z.enum(RETURN_REASON_IDS as [string, ...string[]], {
    error: 'Choose why you are returning the items',
  }),
  note: z.string().trim().max(1000, 'Keep the note under 1,000 characters'),
});

/** Units of one line to return: a whole number from 0. */
export const returnQuantitySchema = refundQuantitySchema;

export const refusalSchema = z.strictObject({
  return: z.string().max(40),
  reason: z
    .string()
    .trim()
    .min(1, 'Write why the return is refused: the shopper reads it')
    .max(600, 'Keep the reason under 600 characters'),
});

/** Restock or write off, per line (`outcome-<line>` fields read apart). */
export const lineOutcomeSchema = z.enum(['restock', 'write_off'], {
  error: 'Choose restock or write off for every line',
});

export const returnKeySchema = refundKeySchema;

/** The queue's filter from its URL: a step, or every return. */
export function returnStepFilter(value: string | null) {
  return RETURN_STEP_IDS.find((step) => step === value);
}
