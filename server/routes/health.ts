import { Hono } from 'hono';
import { apiError } from '../http-error';
import type { AppBindings, AppServices } from '../types';

const PING_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Ready when the database answers; a load balancer takes us out while we drain. */
export function healthRoutes(services: AppServices, isShuttingDown: () => boolean) {
  return new Hono<AppBindings>().get('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    if (isShuttingDown()) return apiError(c, 503, 'shutting_down', 'The server is shutting down.');
    try {
      await withTimeout(services.database.ping(), PING_TIMEOUT_MS);
    } catch (error) {
      c.get('logger').warn({ err: error }, 'health check: database unreachable');
      return apiError(c, 503, 'database_unavailable', 'The database is not answering.');
    }
    return c.json({ status: 'ok' });
  });
}
