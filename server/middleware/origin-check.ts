import type { MiddlewareHandler } from 'hono';
import { apiError, asksForJson } from '../http-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const REFUSED = 'This request came from another site and was refused.';

/**
 * Refuses state-changing requests that a browser sent from another site (CSRF), on top of
 * SameSite cookies. A browser always sends Origin on such requests; when it is missing (old
 * browsers, non-browser clients) Sec-Fetch-Site still tells a cross-site request apart.
 * Mounted for every path: the page forms post to their React Router actions (sign-in, contact,
 * account), and those act with the visitor's cookies just as the API does. The API, and a
 * page's script posting its form (asking for JSON), get the JSON error; a page plain text.
 */
export function originCheck(appUrl: string, options: { exempt?: readonly string[] } = {}): MiddlewareHandler {
  const allowed = new URL(appUrl).origin;
  const exempt = new Set(options.exempt ?? []);
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || exempt.has(c.req.path)) return next();
    const origin = c.req.header('origin');
    // The request's own origin is parsed only when the configured one does not match.
    const crossSite = origin
      ? origin !== allowed && origin !== new URL(c.req.url).origin
      : c.req.header('sec-fetch-site') === 'cross-site';
    if (crossSite) {
      if (c.req.path.startsWith('/api/') || asksForJson(c))
        return apiError(c, 403, 'forbidden_origin', REFUSED);
      return c.text(REFUSED, 403, { 'Cache-Control': 'no-store' });
    }
    return next();
  };
}
