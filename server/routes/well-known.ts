import { Hono } from 'hono';
import type { Auth } from '../auth/auth';
import type { AppBindings } from '../types';

/**
 * /.well-known/jwks.json: the public keys of the tokens GET /api/auth/token signs, so an API
 * client or another service can check a token without asking us. Cached for five minutes: a
 * new key is published before it signs anything (Better Auth's jwt plugin).
 */
export function wellKnownRoutes(auth: Auth) {
  const app = new Hono<AppBindings>();
  app.get('/jwks.json', async (c) => {
    const keys = await auth.api.getJwks();
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(keys);
  });
  return app;
}
