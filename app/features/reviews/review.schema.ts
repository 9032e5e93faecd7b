import { z } from 'zod';
import type { FormAnswer } from '~/lib/form-answer';
import { REVIEW_LIMITS } from './reviews';

/**
 * Text as typed: a textarea posts its line breaks as CRLF, which its own maxlength counts as
 * one character; they are kept as LF so the server counts what the browser let through.
 */
const typed = (value: string) => value.replace(/\r\n?/g, '\n').trim();

/** The buyer's review form (server-side: the page carries no zod). */
export const reviewSchema = z.strictObject({
  rating: z
    .enum(['1', '2', '3', '4', '5'], { error: 'Choose a rating from 1 to 5 stars.' })
    .transform(Number),
  title: z
    .string()
    .transform(typed)
    .pipe(
      z.string().max(REVIEW_LIMITS.title, `Keep the title to ${REVIEW_LIMITS.title} characters or fewer.`),
    ),
  body: z
    .string()
    .transform(typed)
    .pipe(
      z
        .string()
        .min(1, 'Write your review: what you liked, and what you did not.')
        .max(REVIEW_LIMITS.body, 'Keep your review to 2,000 characters or fewer.'),
    ),
});

export type ReviewInput = z.infer<typeof reviewSchema>;

/** Why staff do not publish a review: its writer reads it. */
export const rejectSchema = z.strictObject({
  reason: z
    .string()
    .transform(typed)
    .pipe(
      z
        .string()
        .min(1, 'Say why, in a few words: the customer reads it.')
        .max(REVIEW_LIMITS.reason, `Keep the reason to ${REVIEW_LIMITS.reason} characters or fewer.`),
    ),
});

export interface ReviewAnswer extends FormAnswer {
  intent: 'review';
}
