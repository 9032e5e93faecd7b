import { z } from 'zod';

/** A code from an authenticator app (the server's own wording for the same rule). */
export const totpCode = z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app');

export const totpCodeSchema = z.object({ code: totpCode });

/** A second-step code texted to the account's mobile number. */
export const smsCodeSchema = z.object({
  code: z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from the text message'),
});

export const backupCodeSchema = z.object({
  code: z.string().trim().min(1, 'Enter one of your backup codes'),
});

export const disableTwoFactorSchema = z.object({
  password: z.string().min(1, 'Enter your password'),
  code: totpCode,
});

/** People often type "123 456" as the app shows it. */
export const withoutSpaces = (code: string) => code.replace(/\s/g, '');
