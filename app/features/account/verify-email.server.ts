import type { AppLoadContext } from 'react-router';
import { ownSitePath } from '#server/auth/auth';
import { SIGN_IN_AFTER_VERIFICATION, tokenRequestType } from '#server/auth/options';
import { answer, finish } from '~/lib/form-action.server';
import { textFields } from '~/lib/form-answer';
import type { VerifyEmailAnswer } from './account-forms';
import { callAuth } from './auth-call.server';

/** A verification token is a signed JWT of a few hundred characters: anything longer is not one. */
const MAX_TOKEN_LENGTH = 2000;

const TEXT = {
  confirmedSignIn: 'Thank you. Your email address is confirmed. Please sign in to continue.',
  invalid: 'This confirmation link is not valid or has expired.',
};

/**
 * /verify-email, where a confirmation mail's link lands: nothing happens by opening it (another
 * site could send a visitor's browser here with a link it made); the button confirms.
 */
export function verifyEmailLoader(request: Request) {
  const params = new URL(request.url).searchParams;
  const token = (params.get('token') ?? '').slice(0, MAX_TOKEN_LENGTH);
  return {
    token,
    callbackURL: ownSitePath(params.get('callbackURL')) ?? '',
    // Only the wording depends on it: the library checks the token's signature when it is used.
    newAddress: tokenRequestType(token) === 'change-email-verification',
  };
}

function signedIn(headers: Headers): boolean {
  return headers.getSetCookie().some((line) => /session_token=[^;]/.test(line));
}

/**
 * The button: Better Auth confirms the address and, for a shopper, signs in as its link used
 * to (options.ts refuses a staff or admin session made this way). Posted only from this site.
 */
export async function verifyEmailAction(context: AppLoadContext, request: Request) {
  const form = await request.formData();
  const { token, callbackURL } = textFields(form, ['token', 'callbackURL']);
  const intent = 'verify-email';
  const result = await callAuth(context, request, { path: '/api/auth/verify-email' }, (headers) =>
    context.services.auth.api.verifyEmail({
      query: { token: token.slice(0, MAX_TOKEN_LENGTH) },
      headers,
      asResponse: true,
    }),
  );
  if (result.ok && signedIn(result.headers)) {
    const to = ownSitePath(callbackURL) ?? '/';
    return finish<VerifyEmailAnswer>(form, to, { intent, ok: true, to }, result.headers);
  }
  if (result.ok || result.code === SIGN_IN_AFTER_VERIFICATION) {
    return answer<VerifyEmailAnswer>({ intent, ok: true, confirmed: true, message: TEXT.confirmedSignIn });
  }
  if (result.status === 429) {
    return answer<VerifyEmailAnswer>(
      { intent, ok: false, message: result.message },
      { status: 429, headers: result.headers },
    );
  }
  return answer<VerifyEmailAnswer>(
    { intent, ok: false, invalid: true, message: TEXT.invalid },
    { status: 400 },
  );
}
