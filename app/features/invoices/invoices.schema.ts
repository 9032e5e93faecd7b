import { z } from 'zod';
import { decimalToCents } from '~/commerce/money';
import { INVOICE_PAYMENT_METHODS, type InvoicePaymentMethod } from '~/commerce/invoices/invoices';

/** Staff recording a payment against an invoice: the amount in dollars, how, and its reference. */
export const invoicePaymentSchema = z.strictObject({
  amount: z
    .string({ error: 'Enter the amount received, for example 250.00' })
    .trim()
    .transform((value, ctx) => {
      const cents = decimalToCents(value);
      if (cents === undefined || cents <= 0) {
        ctx.addIssue({ code: 'custom', message: 'Enter the amount received, for example 250.00' });
        return z.NEVER;
      }
      return cents;
    }),
  method: z
    .string({ error: 'Choose how it was paid' })
    .refine((value): value is InvoicePaymentMethod => Object.hasOwn(INVOICE_PAYMENT_METHODS, value), {
      message: 'Choose how it was paid',
    }),
  reference: z
    .string()
    .trim()
    .max(80, 'Enter a reference of at most 80 characters')
    .regex(/^[\x20-\x7E]*$/, 'Use only letters, digits, spaces and punctuation in the reference')
    .transform((value) => (value === '' ? null : value)),
});
export type InvoicePaymentInput = z.output<typeof invoicePaymentSchema>;
