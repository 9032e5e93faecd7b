import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../logger';
import type { AppBindings } from '../types';

/**
 * One line per request: id, method, path (no query string: it may carry tokens), status and
 * duration. Bodies and headers are never logged.
 */
export function requestLogger(logger: Logger): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    const started = performance.now();
    const log = logger.child({ reqId: c.get('requestId') });
    c.set('logger', log);
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    // Set after the handler: page responses are new Response objects made by React Router.
    c.res.headers.set('X-Request-Id', c.get('requestId'));
    const status = c.res.status;
    const line = { method: c.req.method, path: c.req.path, status, ms };
    if (status >= 500) log.error(line, 'request failed');
    else log.info(line, 'request');
  };
}
