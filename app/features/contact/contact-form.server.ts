import type { AppLoadContext } from 'react-router';
import { answer, invalidFields, postedFields } from '~/lib/form-action.server';
import { tooManyAttempts } from '../../../server/rate-limit';
import { CONTACT_MESSAGES, type ContactAnswer, contactSchema } from './contact.schema';
import { submitContactMessage } from './contact.server';

/**
 * The action of /contact, whether the browser posts the form itself or the page's script does:
 * the form's fields, checked with its strict schema, then stored and mailed.
 */
export async function contactAction(context: AppLoadContext, request: Request) {
  const fields = postedFields(await request.formData());
  const values = { name: fields.name ?? '', email: fields.email ?? '', message: fields.message ?? '' };
  const intent = 'contact';
  const parsed = contactSchema.safeParse(fields);
  if (!parsed.success) {
    const foreign = parsed.error.issues.some((issue) => issue.code === 'unrecognized_keys');
    const said = foreign
      ? { message: CONTACT_MESSAGES.failed, description: CONTACT_MESSAGES.foreignField }
      : {};
    return invalidFields<ContactAnswer>({ intent, values, ...said }, parsed.error.issues);
  }
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
