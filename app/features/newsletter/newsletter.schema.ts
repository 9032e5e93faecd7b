import { z } from 'zod';
import { INVALID_EMAIL_MESSAGE, lowercaseEmailSchema } from '~/commerce/email';
import { NEWSLETTER_EMAIL } from './newsletter';

/**
 * The sign-up form's fields (POST /newsletter). The spec's pattern alone would let "a@b.c,d@e.f" through, which
 * a mailer reads as two recipients, so the address must also be a single valid one.
 */
export const newsletterSchema = z.strictObject({
  // The spec's pattern on top of the one email schema (issue 32), with its one message; the
  // toast a shopper sees is NEWSLETTER_TEXT.invalid whatever the message says.
  email: lowercaseEmailSchema.refine((email) => NEWSLETTER_EMAIL.test(email), INVALID_EMAIL_MESSAGE),
});

/** Tokens are 32 random bytes, base64url: anything else cannot be one. */
export const newsletterTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/** A campaign's unsubscribe token: the subscriber's id and an HMAC of it (newsletter.server.ts). */
export const signedUnsubscribeTokenSchema = z.string().regex(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);

/** What an unsubscribe link may carry: the confirmation mail's token or a campaign's. */
export const unsubscribeTokenSchema = z.union([newsletterTokenSchema, signedUnsubscribeTokenSchema]);
