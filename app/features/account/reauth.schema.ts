import { z } from 'zod';

/** Confirming it is you on a signed-in session. */
export const reauthPasswordSchema = z.object({ password: z.string().min(1, 'Enter your password') });
export const reauthCodeSchema = z.object({
  code: z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from the email'),
});
