import type { IncomingMessage, OutgoingHttpHeader, RequestListener, ServerResponse } from 'node:http';
import type { Logger } from '../logger';
import { REQUEST_ID_HEADER, requestIdOf } from '../middleware/request-id';
import { logRequest, msSince } from '../middleware/request-logger';
import { freshNonce, type SecurityHeaderSet } from '../middleware/security-headers';
import type { PageCache } from './page-cache';

/**
 * A guest's cached page answered ahead of the framework (ADR 0030). Hono's way to a cached
 * page (a Request and Headers built from Node's request, nine middlewares, a Response turned
 * back into Node's answer) cost more than the page: this answers the same hit straight from
 * Node's request, with the same headers, a fresh nonce, the same request id and log line.
 *
 * Only what the middleware chain would answer the same way comes here; anything else goes
 * to the app unchanged: another method, a body, a host or request target that Hono's adapter
 * would check or rewrite, a session cookie, a page not in the cache, a server shutting down
 * (whose answers close the connection). The other middlewares have nothing to do for such a
 * request: no body to limit, no mutation whose origin to check, no file of that name (page
 * paths have no dot), and a cached page is compressed already.
 */
export interface FastPathOptions {
  cache: PageCache;
  /** The request lines' logger (requestLines in request-logger.ts). */
  logger: Logger;
  securityHeaders: SecurityHeaderSet;
  isShuttingDown: () => boolean;
  /** Counts an answered page for GET /metrics (its path, without the query string). */
  counted?: (path: string, status: number, seconds: number) => void;
}

/** @hono/node-server's own tests for a URL it takes as it is (its buildUrl). */
const PLAIN_TARGET = /^\/[!#$&-;=?-[\]_a-z~]*$/;
const DOT_SEGMENT = /\/\.\.?(?:[/?#]|$)/;
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;

export function cachedPagesFirst(options: FastPathOptions, app: RequestListener): RequestListener {
  return (req, res) => {
    if (!answerFromCache(req, res, options)) void app(req, res);
  };
}

/** True when the request was answered from the cache. */
export function answerFromCache(
  req: IncomingMessage,
  res: ServerResponse,
  options: FastPathOptions,
): boolean {
  const started = performance.now();
  const url = req.url ?? '';
  const { headers } = req;
  if (
    req.method !== 'GET' ||
    headers['content-length'] !== undefined ||
    headers['transfer-encoding'] !== undefined ||
    !PLAIN_HOST.test(headers.host ?? '') ||
    !PLAIN_TARGET.test(url) ||
    DOT_SEGMENT.test(url) ||
    options.isShuttingDown()
  ) {
    return false;
  }
  const nonce = freshNonce();
  const answer = options.cache.guestAnswer(
    {
      url,
      cookie: headers.cookie,
      ifNoneMatch: headers['if-none-match'],
      acceptEncoding: headers['accept-encoding'],
    },
    nonce,
  );
  if (!answer) return false;

  const reqId = requestIdOf(firstOf(headers['x-request-id']));
  const sent: OutgoingHttpHeader[] = [];
  for (const [name, value] of answer.headers) sent.push(name, value);
  if (answer.status !== 304) {
    sent.push('Content-Security-Policy', options.securityHeaders.documentPolicy(nonce));
  }
  for (const [name, value] of options.securityHeaders.common) sent.push(name, value);
  sent.push(REQUEST_ID_HEADER, reqId);
  if (answer.body !== null) sent.push('Content-Length', String(Buffer.byteLength(answer.body)));
  res.writeHead(answer.status, sent);
  res.end(answer.body ?? undefined);

  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  logRequest(options.logger, { reqId, method: 'GET', path, status: answer.status, ms: msSince(started) });
  options.counted?.(path, answer.status, (performance.now() - started) / 1000);
  return true;
}

const firstOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
