import { invalidFields } from '~/lib/form-action.server';
import type { FormAnswer } from '~/lib/form-answer';
import { messageSchema } from './quotes.schema';

/** A quote thread's posted message (the shopper's page and the console's): its text, or the refusal. */
export function postedMessage(form: FormData) {
  const body = messageSchema.safeParse(form.get('message') ?? '');
  if (body.success) return { message: body.data };
  return {
    refused: invalidFields<FormAnswer>(
      { intent: 'message', values: { message: String(form.get('message') ?? '') } },
      [{ path: ['message'], message: body.error.issues[0]?.message ?? 'Write your message' }],
    ),
  };
}
