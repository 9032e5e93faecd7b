import type { MiddlewareHandler } from 'hono';
import type { AppBindings } from '../types';
import { type PagePattern, routeLabel } from './route-label';
import type { RequestTally } from './store-metrics';

/**
 * Counts and times every request the app answers, by route pattern. Timed as the request
 * log times it (until the handler's Response is ready): the first middleware, so refusals by
 * the others count too. The cached pages' fast path counts its own (server/page-cache/fast-path.ts).
 */
export function countRequests(
  requests: RequestTally,
  pagePattern: PagePattern,
): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const { status } = c.res;
    requests(routeLabel(c, pagePattern, status), c.req.method, status, (performance.now() - started) / 1000);
  };
}
