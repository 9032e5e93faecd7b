import { data, redirect } from 'react-router';
import { ENHANCED_FIELD, type FormAnswer, firstIssues } from './form-answer';

/** An action's answer as data, with its status and headers (Set-Cookie, Retry-After). */
export function answer<T extends FormAnswer>(value: T, init: { status?: number; headers?: Headers } = {}) {
  return data(value, init);
}

/** 400 with the schema's message per field, and the typed values to fill in again. */
export function invalidFields<T extends FormAnswer>(
  value: Omit<T, 'ok' | 'fields'>,
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  extra: Record<string, string | undefined> = {},
) {
  const fields = firstIssues(issues);
  for (const [key, message] of Object.entries(extra)) if (message) fields[key] ??= message;
  return data({ ...value, ok: false, fields } as T, { status: 400 });
}

/**
 * The end of a form that moves the visitor on (signed in, signed out): a plain POST is
 * redirected (with the cookies), a JavaScript submission gets the answer and navigates itself.
 */
export function finish<T extends FormAnswer>(form: FormData, to: string, value: T, headers: Headers) {
  if (form.has(ENHANCED_FIELD)) return data(value, { headers });
  return redirect(to, { headers });
}

/**
 * Every field of a posted form but the page's own markers (which form it is, and that its
 * script sent it), for a strict schema: a field the form does not have is refused, as the JSON
 * API refused it. A file reads as empty text; built with fromEntries, so no name (not even
 * `__proto__`) reaches an object's prototype.
 */
export function postedFields(form: FormData | URLSearchParams): Record<string, string> {
  return Object.fromEntries(
    [...form]
      .filter(([name]) => name !== 'intent' && name !== ENHANCED_FIELD)
      .map(([name, value]) => [name, typeof value === 'string' ? value : '']),
  );
}

/** What each form of a page's action receives. */
export type FormArgs<C> = { context: C; request: Request; form: FormData };

/**
 * A page with several forms: each posts its `intent`, and the action runs that form's handler.
 * An intent the page does not have comes only from a hand-made request: the error page, 400.
 */
export async function runIntent<C, R>(
  args: { context: C; request: Request },
  handlers: Record<string, (args: FormArgs<C>) => Promise<R> | R>,
) {
  const form = await args.request.formData();
  // No text a person types holds a NUL, and PostgreSQL cannot store one: refuse the form whole.
  for (const value of form.values()) {
    if (typeof value === 'string' && value.includes('\u0000'))
      throw data('This form holds characters we cannot accept.', { status: 400 });
  }
  const intent = form.get('intent');
  const handler =
    typeof intent === 'string' && Object.hasOwn(handlers, intent) ? handlers[intent] : undefined;
  if (!handler) throw data('Unknown form', { status: 400 });
  return handler({ ...args, form });
}
