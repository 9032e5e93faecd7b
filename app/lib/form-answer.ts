/**
 * What a page form's action answers, shared by the action (server) and the form (browser): the
 * same shape whether the form was sent by JavaScript (through a fetcher) or by the browser
 * itself (a plain POST, before hydration or without scripts).
 */
export type FieldErrors = Record<string, string>;

export interface FormAnswer {
  /** Which form on the page this answers (a page may hold several). */
  intent: string;
  ok: boolean;
  /** For the form's result message. */
  message?: string;
  /** Messages per field, as the zod schema (or the server) said them. */
  fields?: FieldErrors;
  /** What was typed (never a password), to fill the form in again on a page rendered anew. */
  values?: Record<string, string>;
}

/**
 * Sent only by JavaScript submissions. Where a plain POST is answered with a redirect (after a
 * sign-in, for instance), a script gets the answer as data instead and finishes the job as it
 * always has: toast, navigation, telling the other tabs.
 */
export const ENHANCED_FIELD = 'enhanced';

/** The first message per field of a failed zod parse (or any list of issues). */
export function firstIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
  return errors;
}

/** The named text fields of a posted form; absent ones read as empty, files as empty. */
export function textFields<const K extends string>(form: FormData, names: readonly K[]): Record<K, string> {
  const values = {} as Record<K, string>;
  for (const name of names) {
    const value = form.get(name);
    values[name] = typeof value === 'string' ? value : '';
  }
  return values;
}

/**
 * A form field's name, value and message from the form's last answer: after a refusal the field
 * shows what was typed and why it was refused; otherwise (no answer yet, or a success, after
 * which the form starts afresh) it shows `initial`. Spread onto a Field: `{...answeredField(a, 'email')}`.
 */
export function answeredField(answer: FormAnswer | undefined, name: string, initial = '') {
  const refused = answer && !answer.ok ? answer : undefined;
  return { name, defaultValue: refused?.values?.[name] ?? initial, error: answer?.fields?.[name] };
}
