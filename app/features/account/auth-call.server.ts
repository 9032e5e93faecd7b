import { isAPIError } from 'better-auth/api';
import type { AppLoadContext } from 'react-router';
import { userOfAttempt } from '../../../server/auth/auth';
import { type AuthAttempt, countAuthAttempt, identityOf } from '../../../server/auth/limits';
import { CLIENT_IP_HEADER } from '../../../server/auth/options';
import { tooManyAttempts } from '../../../server/rate-limit';

/** What a call to Better Auth answered, read the same way the browser's API client reads it. */
export interface AuthAnswer<T = unknown> {
  ok: boolean;
  status: number;
  data: T | undefined;
  /** Better Auth's code (INVALID_PASSWORD, EMAIL_NOT_VERIFIED...) or ours (rate_limited). */
  code: string | undefined;
  message: string | undefined;
  /** Set-Cookie (and Retry-After) for the page's answer: the session reaches the browser. */
  headers: Headers;
}

/**
 * The visitor's request headers for Better Auth: their cookies and browser, our idea of their
 * address (never one they sent), and no form body headers (the body is given as an object).
 */
function authHeaders(request: Request, ip: string): Headers {
  const headers = new Headers(request.headers);
  headers.delete('content-type');
  headers.delete('content-length');
  headers.set(CLIENT_IP_HEADER, ip);
  return headers;
}

/**
 * A refusal our own before-hook threw (server/auth/options.ts): Better Auth throws those even
 * when asked for a Response, so it is made into the Response the endpoint would have given.
 */
function errorResponse(error: unknown): Response {
  if (!isAPIError(error)) throw error;
  return Response.json(error.body ?? { message: error.message }, { status: error.statusCode });
}

/** Only what the browser must receive: the cookies Better Auth set or cleared. */
function cookiesOf(response: Response): Headers {
  const headers = new Headers();
  for (const line of response.headers.getSetCookie()) headers.append('Set-Cookie', line);
  return headers;
}

/**
 * Calls a Better Auth endpoint for a page action, as POST /api/auth/... would: the same rate
 * limit first (its /api/auth path names the counter, so page and API attempts add up), then
 * auth.api with the visitor's headers, answering as a Response so errors come back as values.
 */
export async function callAuth<T = unknown>(
  context: AppLoadContext,
  request: Request,
  limit: { path: string; email?: string } | null,
  call: (headers: Headers) => Promise<Response>,
): Promise<AuthAnswer<T>> {
  const { rateLimiter, auth } = context.services;
  let attempt: AuthAttempt | undefined;
  if (limit) {
    // The identity the page names (an email, a mobile number), or for the second factor the
    // user of the pending sign-in or session, as the HTTP limits read it.
    const identity = await identityOf(limit.path, request, userOfAttempt(auth), limit.email ?? '');
    attempt = await countAuthAttempt(rateLimiter, limit.path, context.clientIp, identity);
    const wait = attempt.refused;
    if (wait !== null) {
      return {
        ok: false,
        status: 429,
        data: undefined,
        code: 'rate_limited',
        message: tooManyAttempts(wait),
        headers: new Headers({ 'Retry-After': String(wait) }),
      };
    }
  }
  const response = await call(authHeaders(request, context.clientIp)).catch(errorResponse);
  const payload: unknown = await response.json().catch(() => undefined);
  const body = (payload ?? {}) as { message?: unknown; code?: unknown };
  await attempt?.settle(response.ok);
  return {
    ok: response.ok,
    status: response.status,
    data: response.ok ? (payload as T) : undefined,
    code: !response.ok && typeof body.code === 'string' ? body.code : undefined,
    message: !response.ok && typeof body.message === 'string' ? body.message : undefined,
    headers: cookiesOf(response),
  };
}
