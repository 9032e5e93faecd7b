import { z } from 'zod';
import { MEMBER_ROLES, ORGANISATION_KINDS } from '~/commerce/organisations/organisations';

/** The organisation's forms (docs/decisions/0055): what each accepts, and what it says when it does not. */

/**
 * An NPI is 10 digits whose last is a Luhn check digit computed over "80840" and the first nine
 * (the health-industry prefix the NPI standard defines): a mistyped digit is caught here.
 */
export function validNpi(npi: string): boolean {
  if (!/^\d{10}$/.test(npi)) return false;
  const sum = [...`80840${npi}`].reverse().reduce((total, char, i) => {
    const d = Number(char) * (i % 2 === 1 ? 2 : 1);
    return total + (d > 9 ? d - 9 : d);
  }, 0);
  return sum % 10 === 0;
}

const optional = (schema: z.ZodType<string, string>) =>
  z
    .string()
    .trim()
    .transform((v) => (v === '' ? null : v))
    .pipe(schema.nullable());

export const applicationSchema = z.strictObject({
  name: z.string().trim().min(1, 'Enter the legal name').max(200, 'Use at most 200 characters'),
  kind: z.enum(Object.keys(ORGANISATION_KINDS) as [keyof typeof ORGANISATION_KINDS], {
    message: 'Choose the type of organisation',
  }),
  line1: z.string().trim().min(1, 'Enter the street address').max(200, 'Use at most 200 characters'),
  line2: optional(z.string().max(200, 'Use at most 200 characters')),
  city: z.string().trim().min(1, 'Enter the city').max(100, 'Use at most 100 characters'),
  state: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Enter the state as two letters, such as NY'),
  zip: z
    .string()
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, 'Enter a ZIP code of 5 digits (or 5+4, such as 10001-1234)'),
  phone: z
    .string()
    .trim()
    .regex(/^[0-9+()\-. ]{7,32}$/, 'Enter a phone number of digits, spaces and + ( ) - only'),
  npi: optional(
    z
      .string()
      .regex(/^\d{10}$/, 'An NPI is 10 digits')
      .refine(validNpi, 'This NPI is not valid: its check digit does not match. Check each digit.'),
  ),
  taxId: optional(z.string().regex(/^\d{2}-\d{7}$/, 'Enter the EIN as NN-NNNNNNN, such as 12-3456789')),
});
export type Application = z.infer<typeof applicationSchema>;

export const refusalSchema = z.strictObject({
  reason: z
    .string()
    .trim()
    .min(1, 'Write why it is refused: the applicant reads it')
    .max(600, 'Use at most 600 characters'),
});

/** Dollars typed ("1,500.50" or "1500"), to cents; blank is none. */
const dollars = (what: string) =>
  z
    .string()
    .trim()
    .transform((v) => v.replace(/[$,]/g, ''))
    .refine(
      (v) => v === '' || /^\d{1,9}(\.\d{1,2})?$/.test(v),
      `Enter the ${what} in dollars, such as 1500 or 1500.00, or leave it blank`,
    )
    .transform((v) => (v === '' ? null : Math.round(Number(v) * 100)));

export const termsSchema = z
  .strictObject({
    poRequired: z.enum(['yes', 'no'], { message: 'Choose whether a purchase order is required' }),
    terms: z.enum(['none', '15', '30', '60'], { message: 'Choose none, net 15, net 30 or net 60' }),
    creditLimit: dollars('credit limit'),
  })
  .superRefine((value, ctx) => {
    if (value.terms !== 'none' && value.creditLimit === null)
      ctx.addIssue({ code: 'custom', path: ['creditLimit'], message: 'Pay by invoice needs a credit limit' });
  });

const role = z.enum(Object.keys(MEMBER_ROLES) as [keyof typeof MEMBER_ROLES], {
  message: 'Choose admin, approver or buyer',
});

export const inviteSchema = z.strictObject({
  email: z.string().trim().toLowerCase().email('Enter an email address, such as name@clinic.org').max(320),
  role,
});

export const memberSchema = z.strictObject({
  userId: z.string().min(1).max(64),
  role,
  orderLimit: dollars('order limit'),
  monthlyLimit: dollars('monthly limit'),
});

export const memberKeySchema = z.strictObject({ userId: z.string().min(1).max(64) });
export const invitationKeySchema = z.strictObject({ invitationId: z.string().min(1).max(40) });

/** Leaving, after the page's confirmation step; the organisation is the one the page showed. */
export const leaveSchema = z.strictObject({
  organisationId: z.string().min(1).max(40),
  confirm: z.literal('yes', { message: 'Confirm that you want to leave the organisation.' }),
});

export const ORDERS_PAGE_MESSAGE = 'The orders’ page number must be a whole number from 1 to 10,000.';
/** The orders' page in the query string (?page=2): a whole number from 1 to 10,000. */
export const ordersPageSchema = z.coerce
  .number({ message: ORDERS_PAGE_MESSAGE })
  .int(ORDERS_PAGE_MESSAGE)
  .min(1, ORDERS_PAGE_MESSAGE)
  .max(10_000, ORDERS_PAGE_MESSAGE);
