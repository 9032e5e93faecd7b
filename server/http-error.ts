import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { tooManyAttempts } from './rate-limit';

/** The one error shape of every API response: {"error":{"code","message","fields"?}}. */
export interface ApiErrorBody {
  error: {
    code: string;
    message: string;
    fields?: Record<string, string>;
  };
}

export function apiError(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  message: string,
  fields?: Record<string, string>,
) {
  const body: ApiErrorBody = { error: fields ? { code, message, fields } : { code, message } };
  return c.json(body, status);
}

/** 429 with Retry-After, the answer of every rate-limited endpoint. */
export function rateLimited(c: Context, retryAfterSeconds: number) {
  c.header('Retry-After', String(retryAfterSeconds));
  return apiError(c, 429, 'rate_limited', tooManyAttempts(retryAfterSeconds));
}

/**
 * Whether an error goes back as JSON: the API, and a page's form posted by its script, which
 * asks for JSON (`Accept: application/json`, docs/decisions/0045). Pages get their text.
 */
export function answersJson(c: Context): boolean {
  return c.req.path.startsWith('/api/') || asksForJson(c);
}

/** The request says it wants JSON back (a page's script posting its form with postForm). */
export function asksForJson(c: Context): boolean {
  return c.req.header('accept')?.includes('application/json') ?? false;
}
