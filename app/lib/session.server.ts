import type { AppLoadContext } from 'react-router';
import { redirect } from 'react-router';
import { ownAuthRows, type SessionUser, sessionUser } from '#server/auth/auth';
import type { OwnAuthRows } from '#server/auth/own-rows';

export type { SessionUser };

/**
 * A page's loaders each ask who is signed in (the root loader for the header, the page's own,
 * the console's layout): on a GET the database is asked once per request, and they share the
 * answer. The key is the request's load context, made afresh for every request (server/app.ts),
 * so no answer outlives its request or reaches another. Not on a POST: its action may change the
 * session (signing out, a new name) before the loaders run again, and they must see the change.
 */
const freshChecks = new WeakMap<AppLoadContext, Promise<SessionUser | null>>();

/** The signed-in user of this request, or null; `fresh` asks the database, not the cookie cache. */
export function getSessionUser(
  context: AppLoadContext,
  request: Request,
  options: { fresh?: boolean } = {},
): Promise<SessionUser | null> {
  if (!options.fresh || request.method !== 'GET') {
    return sessionUser(context.services.auth, request.headers, options);
  }
  let check = freshChecks.get(context);
  if (!check) {
    check = sessionUser(context.services.auth, request.headers, options);
    freshChecks.set(context, check);
  }
  return check;
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
  const user = await getSessionUser(context, request, { fresh: true });
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return user;
}
