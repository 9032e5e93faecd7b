import { z } from 'zod';

/**
 * The one email field every form and API that takes an address checks with (issue 32): trimmed,
 * at most 254 characters (RFC 5321's longest forward path less its angle brackets), one valid
 * address, and one message (the spec's payment message, the one most forms already gave).
 */
export const EMAIL_MAX_LENGTH = 254;
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';

/** An address as typed, trimmed (sign-in: Better Auth lowercases it itself). */
export const emailSchema = /* @__PURE__ */ z
  .string({ error: INVALID_EMAIL_MESSAGE })
  .trim()
  .max(EMAIL_MAX_LENGTH, INVALID_EMAIL_MESSAGE)
  .pipe(z.email(INVALID_EMAIL_MESSAGE));

/** An address the store keeps and compares (subscribers, staff invitations): also lowercased. */
export const lowercaseEmailSchema = /* @__PURE__ */ emailSchema.transform((email) => email.toLowerCase());
