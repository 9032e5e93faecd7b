import { type AppLoadContext, redirect } from 'react-router';
import { sessionUser } from '#server/auth/auth';
import { signInProviders } from '#server/auth/providers';
import { ACCOUNT_TEXT } from './account-text.server';
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
  // An account made by a code or link by email is asked its name once, here, before going on.
  if (user?.firstName) throw redirect(redirectTo);
  const providers = signInProviders(context.services.env);
  return {
    redirectTo,
    showForgot: url.searchParams.has('forgot'),
    needsName: Boolean(user),
    /** "Continue with ..." buttons, and whether "Sign in with my organisation" is offered. */
    providers: providers.filter((p) => p.domains.length === 0).map(({ id, name }) => ({ id, name })),
    organisations: providers.some((p) => p.domains.length > 0),
    /** Back from a provider that did not sign the visitor in: what to say. */
    providerError: url.searchParams.has('error') ? ACCOUNT_TEXT.providerFailed : null,
  };
}

/** /login/link: the mailed token and where to go after; nothing is spent until the button. */
export function magicLinkLoader(request: Request) {
  const params = new URL(request.url).searchParams;
  return {
    token: (params.get('token') ?? '').slice(0, 200),
    redirectTo: signInTarget(params.get('redirectTo')),
  };
}
