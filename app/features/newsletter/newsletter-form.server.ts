import type { z } from 'zod';
import type { AppServices } from '#server/types';
import { postedFields } from '~/lib/form-action.server';
import { newsletterSchema } from './newsletter.schema';
import { requestSubscription, type SubscribeOutcome } from './newsletter.server';

export type SignUpOutcome = SubscribeOutcome | { status: 'invalid'; issues: readonly z.core.$ZodIssue[] };

/**
 * The sign-up form (the footer's, and the /newsletter page's), however it was posted: by the
 * browser to the page's action, or by its script asking for JSON (newsletter-form-answer.server.ts).
 * Its one field is checked with the strict schema, then the double opt-in starts.
 */
export async function signUpWithForm(
  services: Pick<AppServices, 'database' | 'mail' | 'rateLimiter' | 'env'>,
  form: FormData | URLSearchParams,
  ip: string,
): Promise<SignUpOutcome> {
  const parsed = newsletterSchema.safeParse(postedFields(form));
  if (!parsed.success) return { status: 'invalid', issues: parsed.error.issues };
  return requestSubscription(services, parsed.data.email, ip);
}
