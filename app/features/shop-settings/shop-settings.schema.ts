import { z } from 'zod';
import { US_STATE_CODES, type UsStateCode } from '~/commerce/delivery/us-states';
import { SHIPPING_OPTIONS } from '~/commerce/shipping';
import { npiIsValid } from '~/commerce/prescriptions/claim-data';

/** The console's shipping and tax forms (docs/decisions/0051). Money is typed in dollars, kept in cents. */

const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `Enter the ${label}`)
    .max(max, `Keep the ${label} under ${max + 1} characters`);

const cents = (label: string, example: string, wholeDollars: boolean) =>
  z
    .string()
    .trim()
    .regex(
      wholeDollars ? /^\$?\d{1,6}$/ : /^\$?\d{1,6}(\.\d{1,2})?$/,
      `Enter the ${label} in ${wholeDollars ? 'whole dollars' : 'dollars'}, such as ${example}`,
    )
    .transform((value) => Math.round(Number(value.replace('$', '')) * 100))
    .pipe(z.number().int().max(1_000_000, `The ${label} must be at most $10,000`));

export const shippingOptionSchema = z.strictObject({
  option: z.enum(SHIPPING_OPTIONS),
  name: text('name', 60),
  price: cents('price', '9.99', false),
  days: text('delivery time', 60),
  // Empty: the option never ships free by amount. Whole dollars: the texts quote it without cents.
  freeFrom: z
    .string()
    .trim()
    .regex(
      /^(\$?\d{1,6})?$/,
      'Enter the free-shipping threshold in whole dollars, such as 499, or leave it empty',
    )
    .transform((value) => (value === '' ? null : Number(value.replace('$', '')) * 100))
    .refine(
      (value) => value === null || value <= 1_000_000,
      'The free-shipping threshold must be at most $10,000',
    ),
  // Only Expedited's is a choice: Standard is the parcel carts' option and freight the freight carts'.
  carts: z.enum(['parcel', 'all']).optional(),
});

/** '7.25' (percent) is 7250 thousandths. */
const ratePercent = z
  .string()
  .trim()
  .regex(/^\d{1,2}(\.\d{1,3})?$/, 'Enter a rate from 0 to 15 %, with at most 3 decimals, such as 7.25')
  .transform((value) => Math.round(Number(value) * 1000))
  .pipe(z.number().int().max(15_000, 'The rate must be at most 15 %'));

export const taxRatesSchema = z.strictObject(
  Object.fromEntries(US_STATE_CODES.map((state) => [state, ratePercent])) as Record<
    UsStateCode,
    typeof ratePercent
  >,
);

export const SUPPLIER_TEXT = {
  npiFormat: "Enter the store's NPI as 10 digits, or leave it empty",
  npiCheck:
    "This NPI is not valid: its last digit does not match the others. Check the store's NPI as the NPI registry lists it.",
  taxId: 'Enter the tax id (EIN) as NN-NNNNNNN, such as 12-3456789, or leave it empty',
} as const;

/**
 * The store as a supplier on insurance statements (docs/decisions/0063): its NPI, with the
 * prescriber's NPI check (Luhn with 80840), and its EIN, kept as NN-NNNNNNN. Empty clears one.
 */
export const supplierSchema = z.strictObject({
  npi: z
    .string()
    .trim()
    .transform((raw) => raw.replace(/[\s-]/g, ''))
    .refine((npi) => npi === '' || /^\d{10}$/.test(npi), SUPPLIER_TEXT.npiFormat)
    .refine((npi) => npi === '' || !/^\d{10}$/.test(npi) || npiIsValid(npi), SUPPLIER_TEXT.npiCheck)
    .transform((npi) => npi || null),
  taxId: z
    .string()
    .trim()
    .regex(/^(\d{2}-?\d{7})?$/, SUPPLIER_TEXT.taxId)
    .transform((raw) => (raw === '' ? null : `${raw.slice(0, 2)}-${raw.replace('-', '').slice(2)}`)),
});
