import { z } from 'zod';

/** A US number as people type it ((503) 555-0142, 503-555-0142) or any number with its +country code. */
export function normalizePhoneNumber(value: string): string {
  const trimmed = value.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) return `+${digits}`;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return digits;
}

export const phoneNumberSchema = z
  .string()
  .transform(normalizePhoneNumber)
  .refine((value) => /^\+[1-9]\d{6,14}$/.test(value), 'Enter your mobile number, such as (503) 555-0142');

export const phoneSignInSchema = z.object({ phoneNumber: phoneNumberSchema });

export const phoneCodeSchema = z.object({
  phoneNumber: phoneNumberSchema,
  code: z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from the text message'),
});
