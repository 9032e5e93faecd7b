import { z } from 'zod';
import { isUsStateCode, type UsStateCode } from './us-states';

/** Control characters never belong in an address (they would break labels and mails). */
const printable = (value: string) =>
  ![...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/**
 * A US shipping address, checked field by field with a message a shopper can act on. The same
 * schema checks the form in the browser and the body on the server.
 */
const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(printable, `${label} contains characters we cannot print`);

/** 5 digits, or ZIP+4 with a hyphen (a space or none is accepted and written with a hyphen). */
const ZIP_MESSAGE = 'Enter a 5-digit ZIP code, or ZIP+4 (12345-6789)';
const zip = z
  .string({ error: ZIP_MESSAGE })
  .trim()
  .transform((value) => value.replace(/^(\d{5})[\s-]?(\d{4})$/, '$1-$2'))
  .refine((value) => /^\d{5}(-\d{4})?$/.test(value), ZIP_MESSAGE);

/** A US phone number for the carrier: 10 digits, with or without +1, spaces, dots, dashes or brackets. */
const PHONE_MESSAGE = 'Enter a 10-digit US phone number, such as 555-201-4477';
export const usPhoneSchema = z
  .string({ error: PHONE_MESSAGE })
  .trim()
  .transform((value) => value.replace(/[\s().-]/g, '').replace(/^\+?1(?=\d{10}$)/, ''))
  .refine((digits) => /^[2-9]\d{2}[2-9]\d{6}$/.test(digits), PHONE_MESSAGE)
  .transform((digits) => `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`);

export const addressSchema = z.strictObject({
  recipientName: text('Recipient name', 100),
  line1: text('Address', 100),
  line2: z
    .string({ error: 'Apartment, suite or unit must be text' })
    .trim()
    .max(100, 'Apartment, suite or unit must be at most 100 characters')
    .refine(printable, 'Apartment, suite or unit contains characters we cannot print')
    .default(''),
  city: text('City', 60),
  state: z
    .string({ error: 'Choose a state or territory' })
    .trim()
    .toUpperCase()
    .refine(isUsStateCode, 'Choose a state or territory')
    .transform((value) => value as UsStateCode),
  zip,
  phone: usPhoneSchema,
});

export type AddressInput = z.input<typeof addressSchema>;
export type Address = z.output<typeof addressSchema>;
