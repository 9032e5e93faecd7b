import type { Context } from 'hono';
import type { z } from 'zod';
import { formFields, formHoldsNul } from '../app/lib/form-fields';
import { apiError } from './http-error';

/**
 * Parses a JSON body with a zod schema. On failure: 400 with one message per field, in the
 * API's error shape, and nothing else happens.
 */
export async function parseBody<S extends z.ZodType>(
  c: Context,
  schema: S,
): Promise<{ ok: true; data: z.infer<S> } | { ok: false; response: Response }> {
  const raw: unknown = await c.req.json().catch(() => undefined);
  if (raw === undefined) {
    return { ok: false, response: apiError(c, 400, 'invalid_json', 'The request body must be JSON.') };
  }
  // No text a person types holds a NUL, and PostgreSQL cannot store one (the fuzzer's find: a
  // contact name of "\u0000" was a 500 there). Refused whole, as the page forms do.
  if (holdsNul(raw)) {
    return {
      ok: false,
      response: apiError(c, 400, 'invalid_body', 'This request holds characters we cannot accept.'),
    };
  }
  return answerOf(c, schema.safeParse(raw));
}

/**
 * A page form's posted fields, undefined when the body is not a form. URL-encoded fields (what a
 * form and postForm send) are read from the body's text: asking the request for formData()
 * makes the Node adapter build a whole Fetch Request first, which cost the scripted add to cart
 * about a third of its throughput (docs/performance.md).
 */
export async function postedForm(c: Context): Promise<FormData | URLSearchParams | undefined> {
  const type = c.req.header('content-type') ?? '';
  if (type.startsWith('application/x-www-form-urlencoded'))
    return c.req
      .text()
      .then((text) => new URLSearchParams(text))
      .catch(() => undefined);
  return c.req.raw.formData().catch(() => undefined);
}

/**
 * Parses a page form's fields (URL-encoded, as a browser or the page's script posts them) with
 * a zod schema, answering failures as parseBody does. `lists` names the fields that may repeat.
 */
export async function parseFormBody<S extends z.ZodType>(
  c: Context,
  schema: S,
  lists: readonly string[] = [],
): Promise<{ ok: true; data: z.infer<S> } | { ok: false; response: Response }> {
  const form = await postedForm(c);
  if (!form) {
    return { ok: false, response: apiError(c, 400, 'invalid_body', "Send the form's fields URL-encoded.") };
  }
  const fields = formFields(form, lists);
  if (formHoldsNul(fields)) {
    return {
      ok: false,
      response: apiError(c, 400, 'invalid_body', 'This request holds characters we cannot accept.'),
    };
  }
  return answerOf(c, schema.safeParse(fields));
}

/** A failed parse's message per field, the first of them for people, as the API says them. */
export function refusedFields(issues: readonly z.core.$ZodIssue[]): {
  message: string;
  fields: Record<string, string>;
} {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : issue.path.join('.') || 'body';
    fields[key] ??= issue.code === 'unrecognized_keys' ? 'This field is not allowed.' : issue.message;
  }
  return { message: Object.values(fields)[0] ?? 'The request is not valid.', fields };
}

function answerOf<T>(
  c: Context,
  result: z.ZodSafeParseResult<T>,
): { ok: true; data: T } | { ok: false; response: Response } {
  if (result.success) return { ok: true, data: result.data };
  const { message, fields } = refusedFields(result.error.issues);
  return { ok: false, response: apiError(c, 400, 'invalid_body', message, fields) };
}

/** Whether a parsed JSON value has a string (a value or a key) with a NUL in it. */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item));
  }
  return false;
}
