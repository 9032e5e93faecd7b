import { z } from 'zod';
import { INVOICE_TEXT, PO_NUMBER_MAX, PO_NUMBER_PATTERN } from './invoices';

/**
 * The buyer's purchase order number; empty means none (required only by some organisations).
 * The checkout's and a quote's acceptance read it alike.
 */
export const poNumberSchema = z
  .string({ error: INVOICE_TEXT.poNotPrintable })
  .trim()
  .max(PO_NUMBER_MAX, INVOICE_TEXT.poTooLong)
  .refine((value) => value === '' || PO_NUMBER_PATTERN.test(value), INVOICE_TEXT.poNotPrintable)
  .transform((value) => (value === '' ? null : value));
