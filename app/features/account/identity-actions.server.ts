import { type AppLoadContext, redirect } from 'react-router';
import { offerOrganisationSignIn, organisationSignInFor } from '#server/auth/organisation-sign-ins';
import type { OwnAuthRows } from '#server/auth/own-rows';
import { organisationProviderFor, signInProviders } from '#server/auth/providers';
import type { Env } from '#server/env';
import { answer, type FormArgs, invalidFields } from '~/lib/form-action.server';
import { textFields } from '~/lib/form-answer';
import type { AccessAnswer, AccountAnswer } from './account-forms';
import { ACCOUNT_TEXT } from './account-text.server';
import { emailSchema } from './account.schema';
import { refusedAnswer } from './account-refusals.server';
import { callAuth } from './auth-call.server';
import { signInTarget } from './redirect-target';

type Args = FormArgs<AppLoadContext>;

/**
 * Signing in through another service (Google, Apple, any OpenID Connect provider, an
 * organisation's provider chosen by the email's domain), and the identities of an account on
 * /account. Better Auth runs the authorization code flow with PKCE, a state bound to this
 * browser by a cookie, and the id_token's checks; the page only sends the browser on its way.
 */

const LOGIN_ERROR_PATH = '/login?error=provider';

/** The provider's sign-in page, with the state cookie Better Auth set for the way back. */
function toProvider(result: { data?: unknown; headers: Headers }) {
  const url = (result.data as { url?: unknown } | undefined)?.url;
  if (typeof url !== 'string') return undefined;
  return redirect(url, { headers: result.headers });
}

async function startSignIn(
  args: Args,
  providerId: string,
  intent: 'oauth' | 'sign-in',
  values?: Record<string, string>,
) {
  const { context, request } = args;
  const redirectTo = signInTarget(new URL(request.url).searchParams.get('redirectTo'));
  const result = await callAuth(context, request, { path: '/api/auth/sign-in/social' }, (headers) =>
    context.services.auth.api.signInSocial({
      body: {
        provider: providerId,
        callbackURL: redirectTo,
        // A new account whose provider gave no name is asked for it on /login (the name step).
        newUserCallbackURL: `/login?redirectTo=${encodeURIComponent(redirectTo)}`,
        errorCallbackURL: LOGIN_ERROR_PATH,
        disableRedirect: true,
      },
      headers,
      asResponse: true,
    }),
  );
  const onward = result.ok ? toProvider(result) : undefined;
  if (onward) return onward;
  return answer<AccessAnswer>(
    { intent, ok: false, message: result.message ?? ACCOUNT_TEXT.providerFailed, values },
    { status: result.status === 429 ? 429 : 502, headers: result.headers },
  );
}

/** "Continue with ...": one of the configured providers open to everyone. */
export async function continueWithProvider(args: Args) {
  const { provider } = textFields(args.form, ['provider']);
  const known = signInProviders(args.context.services.env).find(
    (p) => p.id === provider && p.domains.length === 0,
  );
  if (!known)
    return answer<AccessAnswer>(
      { intent: 'oauth', ok: false, message: ACCOUNT_TEXT.providerFailed },
      { status: 400 },
    );
  return startSignIn(args, known.id, 'oauth');
}

/** "Sign in with my organisation" (a button of the sign-in form): the provider that owns the email's domain. */
export async function signInWithOrganisation(args: Args) {
  const intent = 'sign-in';
  const values = textFields(args.form, ['email']);
  const parsed = emailSchema.safeParse(values);
  if (!parsed.success) return invalidFields<AccessAnswer>({ intent, values }, parsed.error.issues);
  const { env, database, auth } = args.context.services;
  // The operator's providers (OIDC_PROVIDERS with domains), then those added in the console.
  const configured = organisationProviderFor(env, parsed.data.email);
  const added = configured ? undefined : await organisationSignInFor(database.db, parsed.data.email);
  const provider =
    configured ??
    (added && (await offerOrganisationSignIn(auth, database.db, env.AUTH_SECRET, added.id))
      ? added
      : undefined);
  if (!provider) {
    return answer<AccessAnswer>(
      { intent, ok: false, message: ACCOUNT_TEXT.noOrganisation, values },
      { status: 404 },
    );
  }
  return startSignIn(args, provider.id, intent, values);
}

/** The identities of the signed-in account (its account rows), and the providers it could link. */
export function identitiesOf(accounts: OwnAuthRows['accounts'], env: Env) {
  const providers = signInProviders(env);
  const name = (id: string) =>
    id === 'credential' ? 'Password' : (providers.find((p) => p.id === id)?.name ?? id);
  const linked = accounts.map((account) => ({
    /** Better Auth's row id: what unlinking names. */
    id: account.id,
    providerId: account.providerId,
    name: name(account.providerId),
  }));
  return {
    linked,
    linkable: providers
      .filter((p) => !accounts.some((account) => account.providerId === p.id))
      .map(({ id, name: label }) => ({ id, name: label })),
  };
}

const accountRefusal = (
  intent: AccountAnswer['intent'],
  result: Parameters<typeof refusedAnswer>[1],
  fallback: string,
) => refusedAnswer(intent, result, fallback, result.status >= 400 ? result.status : 400);

async function linkIdentity({ context, request, form }: Args) {
  const intent = 'identity-link';
  const { provider } = textFields(form, ['provider']);
  const known = signInProviders(context.services.env).find((p) => p.id === provider);
  if (!known)
    return answer<AccountAnswer>(
      { intent, ok: false, message: ACCOUNT_TEXT.providerFailed },
      { status: 400 },
    );
  const result = await callAuth(context, request, { path: '/api/auth/sign-in/social' }, (headers) =>
    context.services.auth.api.linkSocialAccount({
      body: {
        provider: known.id,
        callbackURL: '/account#sign-in-methods',
        errorCallbackURL: '/account?identity=failed#sign-in-methods',
        disableRedirect: true,
      },
      headers,
      asResponse: true,
    }),
  );
  const onward = result.ok ? toProvider(result) : undefined;
  return onward ?? accountRefusal(intent, result, ACCOUNT_TEXT.providerFailed);
}

async function unlinkIdentity({ context, request, form }: Args) {
  const intent = 'identity-unlink';
  const { id } = textFields(form, ['id']);
  const result = await callAuth(context, request, null, (headers) =>
    context.services.auth.api.unlinkAccount({ body: { accountId: id }, headers, asResponse: true }),
  );
  if (result.ok) return answer<AccountAnswer>({ intent, ok: true, message: ACCOUNT_TEXT.identityRemoved });
  const last = result.code === 'FAILED_TO_UNLINK_LAST_ACCOUNT';
  return accountRefusal(intent, result, last ? ACCOUNT_TEXT.lastIdentity : ACCOUNT_TEXT.identityRemoveFailed);
}

export const identityIntents = { 'identity-link': linkIdentity, 'identity-unlink': unlinkIdentity };
