import { z } from 'zod';
import { NEWSLETTER_EMAIL, NEWSLETTER_TEXT } from './newsletter';

const invalid = NEWSLETTER_TEXT.invalid.description;

/**
 * Body of POST /api/newsletter. The spec's pattern alone would let "a@b.c,d@e.f" through, which
 * a mailer reads as two recipients, so the address must also be a single valid one.
 */
export const newsletterSchema = z.strictObject({
  email: z
    .string({ error: invalid })
    .trim()
    .toLowerCase()
    .max(254, invalid)
    .regex(NEWSLETTER_EMAIL, invalid)
    .email(invalid),
});

/** Tokens are 32 random bytes, base64url: anything else cannot be one. */
export const newsletterTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/** A campaign's unsubscribe token: the subscriber's id and an HMAC of it (newsletter.server.ts). */
export const signedUnsubscribeTokenSchema = z.string().regex(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);

/** What an unsubscribe link may carry: the confirmation mail's token or a campaign's. */
export const unsubscribeTokenSchema = z.union([newsletterTokenSchema, signedUnsubscribeTokenSchema]);
