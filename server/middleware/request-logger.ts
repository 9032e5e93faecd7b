import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../logger';
import type { AppBindings } from '../types';
import { REQUEST_ID_HEADER } from './request-id';

export interface RequestLine {
  /** Set when the logger is not the request's own child logger (the cached pages' fast path). */
  reqId?: string;
  method: string;
  path: string;
  status: number;
  ms: number;
}

/** The request's line: an error when it failed on our side. */
export function logRequest(log: Logger, line: RequestLine): void {
  if (line.status >= 500) log.error(line, 'request failed');
  else log.info(line, 'request');
}

/** Milliseconds since `started` (performance.now()), to a tenth. */
export const msSince = (started: number) => Math.round((performance.now() - started) * 10) / 10;

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
    // Set after the handler: page responses are new Response objects made by React Router.
    c.res.headers.set(REQUEST_ID_HEADER, c.get('requestId'));
    logRequest(log, { method: c.req.method, path: c.req.path, status: c.res.status, ms: msSince(started) });
  };
}
