import { z } from 'zod';
import type { FormAnswer } from '~/lib/form-answer';

/** The approvals page's two forms (docs/decisions/0056). */
const reference = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{4,40}$/, 'This is not an order reference.')
  .transform((value) => value.toUpperCase());

export const approveSchema = z.strictObject({ reference });

export const sendBackSchema = z.strictObject({
  reference,
  comment: z
    .string()
    .trim()
    .min(1, 'Write a comment for the buyer: what to change, or why the order is not approved.')
    .max(1000, 'Keep the comment under 1,000 characters.'),
});

export interface ApprovalAnswer extends FormAnswer {
  intent: 'approve' | 'sendBack';
  /** The order the answer is about, so the page shows it beside that order. */
  reference?: string;
}
