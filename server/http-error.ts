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
 * Whether a request asks for JSON: a page's script posting its form (postForm) is answered in
 * the API's shape, a browser's own form post with a page.
 */
export function asksForJson(c: Context): boolean {
  return (c.req.header('Accept') ?? '').includes('application/json');
}
