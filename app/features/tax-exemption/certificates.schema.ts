import { z } from 'zod';
import { US_STATE_CODES } from '~/commerce/delivery/us-states';
import { CERTIFICATE_TEXT } from '~/commerce/organisations/tax-exemption';
import { storeDate } from '~/lib/store-time';

/** The upload form's fields besides the file (which the commerce core checks by its bytes). */
export const uploadSchema = z.strictObject({
  state: z.enum(US_STATE_CODES as [string, ...string[]], { error: CERTIFICATE_TEXT.stateMissing }),
});

const realDate = (value: string) => {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

/** Staff verifying a certificate: its number and expiry date, as printed on it. */
export const verifySchema = z.strictObject({
  number: z
    .string({ error: 'Enter the certificate number' })
    .trim()
    .min(1, 'Enter the certificate number')
    .max(40, 'The certificate number must be at most 40 characters')
    .regex(/^[A-Za-z0-9][A-Za-z0-9 ./-]*$/, 'Use letters, digits, spaces, dots, dashes and slashes only'),
  expiresOn: z
    .string({ error: 'Enter the expiry date' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the expiry date as a date (for example 2027-12-31)')
    .refine(realDate, 'Enter a real date')
    // Checked against today when posted: a certificate expired already exempts nothing.
    .refine((value) => value > storeDate(Date.now()), 'The expiry date must be in the future'),
});

/** Why staff refuse a certificate: the organisation's admins read it in the mail. */
export const refuseSchema = z.strictObject({
  reason: z
    .string({ error: 'Say why the certificate is not accepted' })
    .trim()
    .min(5, 'Say why the certificate is not accepted (at least 5 characters)')
    .max(600, 'The reason must be at most 600 characters'),
});
