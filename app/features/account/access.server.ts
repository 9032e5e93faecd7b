import { type AppLoadContext, redirect } from 'react-router';
import { signInTarget } from './redirect-target';
import { getSessionUser } from './session.server';

/** /login and /signup: a signed-in visitor goes straight on to where they were heading. */
export async function accountAccessLoader(context: AppLoadContext, request: Request) {
  const url = new URL(request.url);
  const redirectTo = signInTarget(url.searchParams.get('redirectTo'));
  const user = await getSessionUser(context, request);
  if (user) throw redirect(redirectTo);
  return { redirectTo, showForgot: url.searchParams.has('forgot') };
}
