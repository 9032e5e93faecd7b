import type { AppLoadContext } from 'react-router';
import { answer, invalidFields } from '~/lib/form-action.server';
import { textFields } from '~/lib/form-answer';
import { tooManyAttempts } from '../../../server/rate-limit';
import { CONTACT_MESSAGES, type ContactAnswer, contactSchema, HONEYPOT_FIELD } from './contact.schema';
import { submitContactMessage } from './contact.server';

/** The action of /contact: the form's fields, checked with the API's schema, then sent alike. */
export async function contactAction(context: AppLoadContext, request: Request) {
  const form = await request.formData();
  const fields = textFields(form, ['name', 'email', 'message', HONEYPOT_FIELD]);
  const values = { name: fields.name, email: fields.email, message: fields.message };
  const intent = 'contact';
  const parsed = contactSchema.safeParse(fields);
  if (!parsed.success) return invalidFields<ContactAnswer>({ intent, values }, parsed.error.issues);
  const outcome = await submitContactMessage(context.services, parsed.data, context.clientIp);
  const failed = { intent, ok: false, message: CONTACT_MESSAGES.failed, values } as const;
  if (outcome.status === 'rate_limited') {
    const seconds = outcome.retryAfterSeconds;
    return answer<ContactAnswer>(
      { ...failed, description: tooManyAttempts(seconds) },
      { status: 429, headers: new Headers({ 'Retry-After': String(seconds) }) },
    );
  }
  return answer<ContactAnswer>({ intent, ok: true, message: CONTACT_MESSAGES.sent });
}
