import { z } from 'zod';
import { emailSchema } from '~/commerce/email';
import type { FormAnswer } from '~/lib/form-answer';

/** Name of the hidden field only bots fill in (the honeypot, docs/decisions/0007). */
export const HONEYPOT_FIELD = 'website';

/** No one types a NUL, and PostgreSQL cannot store one (a contact name of "\u0000" was a 500 there). */
const withoutNul = (text: string) => !text.includes('\u0000');

/**
 * The contact form, checked in the browser and by the /contact page's action. Strict: a field
 * the form does not have is refused.
 */
export const contactSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be at most 100 characters')
    .refine(withoutNul, 'Name holds characters we cannot accept'),
  email: emailSchema,
  message: z
    .string()
    .trim()
    .min(10, 'Message must be at least 10 characters')
    .max(5000, 'Message must be at most 5000 characters')
    .refine(withoutNul, 'Message holds characters we cannot accept'),
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
});

export type ContactInput = z.infer<typeof contactSchema>;

export const CONTACT_MESSAGES = {
  sent: "Message sent successfully! We'll get back to you soon.",
  failed: 'Failed to send message. Please try again.',
  /** Only a hand-made request posts a field the form does not have. */
  foreignField: 'This form holds a field it does not have.',
} as const;

/** What the contact page's action answers (the form shows it, or toasts it with JavaScript). */
export interface ContactAnswer extends FormAnswer {
  intent: 'contact';
  /** Why it failed, when there is more to say (how long to wait). */
  description?: string;
}
