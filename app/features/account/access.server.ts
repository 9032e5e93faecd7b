import { type AppLoadContext, redirect } from 'react-router';
import { sessionUser } from '#server/auth/auth';
import { signInTarget } from './redirect-target';

/**
 * /login and /signup: a signed-in visitor goes straight on to where they were heading. The
 * session is checked in the database, as requireUser does: with the cookie cache alone, a
 * session revoked on another device would bounce between /login and /account.
 */
export async function accountAccessLoader(context: AppLoadContext, request: Request) {
  const url = new URL(request.url);
  const redirectTo = signInTarget(url.searchParams.get('redirectTo'));
  const user = await sessionUser(context.services.auth, request.headers, { fresh: true });
  if (user) throw redirect(redirectTo);
  return { redirectTo, showForgot: url.searchParams.has('forgot') };
}
