import type { MiddlewareHandler } from 'hono';
import { apiError } from '../http-error';
import type { AppBindings } from '../types';
import { type Auth, type SessionUser, sessionUser } from './auth';

export type UserBindings = AppBindings & { Variables: AppBindings['Variables'] & { user: SessionUser } };

/**
 * API routes of one's own data: 401 without a session, otherwise the user is on the context
 * for every query to be scoped by, and the answer is never cached.
 */
export function requireApiUser(auth: Auth, message: string): MiddlewareHandler<UserBindings> {
  return async (c, next) => {
    // Fresh (one query): the signed cookie cache would keep a signed-out or revoked session
    // working for up to 5 minutes to anyone replaying its cookies (tests/hardening/session).
    const user = await sessionUser(auth, c.req.raw.headers, { fresh: true });
    if (!user) return apiError(c, 401, 'unauthorized', message);
    c.set('user', user);
    c.header('Cache-Control', 'no-store');
    await next();
  };
}
