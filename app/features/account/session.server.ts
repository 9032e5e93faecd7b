import type { AppLoadContext } from 'react-router';
import { redirect } from 'react-router';
import { ownAuthRows, type SessionUser, sessionUser } from '#server/auth/auth';
import type { OwnAuthRows } from '#server/auth/own-rows';

export type { SessionUser };

/** The signed-in user of this request, or null; `fresh` asks the database, not the cookie cache. */
export function getSessionUser(
  context: AppLoadContext,
  request: Request,
  options: { fresh?: boolean } = {},
): Promise<SessionUser | null> {
  return sessionUser(context.services.auth, request.headers, options);
}

/** The signed-in user's sessions, ways in and passkeys, for the account page (after requireUser). */
export function readOwnAuthRows(
  context: AppLoadContext,
  user: SessionUser,
  request: Request,
): Promise<OwnAuthRows> {
  return ownAuthRows(context.services.auth, user.id, request.headers);
}

/** Pages that need an account: a guest goes to /login and comes back here afterwards. */
export async function requireUser(context: AppLoadContext, request: Request): Promise<SessionUser> {
  const user = await sessionUser(context.services.auth, request.headers, { fresh: true });
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return user;
}
