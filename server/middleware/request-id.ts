import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppBindings } from '../types';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * The id a proxy gave the request when it is short and plain (its log and ours then name the
 * same request), otherwise a new one. Hono's request-id rule, written once for the middleware
 * and the cached pages' fast path, which answers ahead of the middleware.
 */
export function requestIdOf(incoming: string | undefined): string {
  return incoming && incoming.length <= 255 && !/[^\w\-=]/.test(incoming) ? incoming : randomUUID();
}

export function requestIds(): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    c.set('requestId', requestIdOf(c.req.header(REQUEST_ID_HEADER)));
    await next();
  };
}
