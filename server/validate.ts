import type { Context } from 'hono';
import type { z } from 'zod';
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
  const result = schema.safeParse(raw);
  if (result.success) return { ok: true, data: result.data };
  const { message, fields } = refusedFields(result.error.issues);
  return { ok: false, response: apiError(c, 400, 'invalid_body', message, fields) };
}

/**
 * One message per refused field (a field nobody asked for is named as not allowed), and the
 * first of them for the whole request: the API's `invalid_body` error, whatever the body's form.
 */
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

/** Whether a parsed JSON value has a string (a value or a key) with a NUL in it. */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item));
  }
  return false;
}
