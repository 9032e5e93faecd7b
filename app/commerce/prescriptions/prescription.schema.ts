import { z } from 'zod';
import { usPhoneSchema } from '../delivery/address.schema';

/** The prescriber's details, when the buyer gives them instead of a file. */
export const prescriberSchema = z.strictObject({
  prescriberName: z
    .string({ error: "Enter the prescriber's name" })
    .trim()
    .min(2, "Enter the prescriber's name")
    .max(120, "The prescriber's name must be at most 120 characters")
    .refine(
      (value) => ![...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f),
      "The prescriber's name contains characters we cannot print",
    ),
  prescriberPhone: usPhoneSchema,
});

/** Why staff do not accept a prescription: the buyer reads it in the mail. */
export const rejectionSchema = z.strictObject({
  reason: z
    .string({ error: 'Say why the prescription is not accepted' })
    .trim()
    .min(5, 'Say why the prescription is not accepted (at least 5 characters)')
    .max(1000, 'The reason must be at most 1,000 characters'),
});
