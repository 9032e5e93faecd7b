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
