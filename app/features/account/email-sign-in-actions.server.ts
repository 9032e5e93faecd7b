import type { AppLoadContext } from 'react-router';
import { answer, type FormArgs, finish, invalidFields } from '~/lib/form-action.server';
import { textFields } from '~/lib/form-answer';
import type { AccessAnswer } from './account-forms';
import { ACCOUNT_TEXT } from './account-text.server';
import { emailCodeSchema, emailSchema, nameSchema } from './account.schema';
import { type AuthAnswer, callAuth } from './auth-call.server';
import { signInTarget } from './redirect-target';

type Args = FormArgs<AppLoadContext>;

/**
 * Signing in without a password: a 6-digit code or a link by email (Better Auth's email-otp and
 * magic-link plugins). The first sign-in of a new address makes its account, whose names are
 * asked for once, right after (`needsName`). Whether an address has an account is never told.
 */

function redirectTarget(request: Request) {
  return signInTarget(new URL(request.url).searchParams.get('redirectTo'));
}

/** "Email me a sign-in code" or "Email me a link": the sign-in form's email, no password. */
export async function sendEmailSignIn({ context, request, form }: Args, via: 'code' | 'link') {
  const values = textFields(form, ['email']);
  const parsed = emailSchema.safeParse(values);
  if (!parsed.success) return invalidFields<AccessAnswer>({ intent: 'sign-in', values }, parsed.error.issues);
  const { email } = parsed.data;
  const { auth } = context.services;
  const result =
    via === 'code'
      ? await callAuth(
          context,
          request,
          { path: '/api/auth/email-otp/send-verification-otp', email },
          (headers) =>
            auth.api.sendVerificationOTP({ body: { email, type: 'sign-in' }, headers, asResponse: true }),
        )
      : await callAuth(context, request, { path: '/api/auth/sign-in/magic-link', email }, (headers) =>
          auth.api.signInMagicLink({
            body: { email, callbackURL: redirectTarget(request) },
            headers,
            asResponse: true,
          }),
        );
  if (!result.ok) {
    return answer<AccessAnswer>(
      { intent: 'sign-in', ok: false, message: result.message ?? ACCOUNT_TEXT.verificationFailed, values },
      { status: result.status, headers: result.headers },
    );
  }
  return answer<AccessAnswer>({
    intent: 'sign-in',
    ok: true,
    codeSent: via === 'code',
    message: via === 'code' ? ACCOUNT_TEXT.signInCodeSent(email) : ACCOUNT_TEXT.signInLinkSent(email),
    values: { email },
  });
}

export type SignedInData = { twoFactorRedirect?: boolean; user?: { firstName?: string } };

/** After a code (by email or text) or a link was accepted: the second factor, the name step, or on. */
export function afterPasswordlessSignIn(
  intent: 'email-code' | 'phone-code' | 'magic-link',
  result: AuthAnswer<SignedInData>,
  { form, request }: Args,
  values?: Record<string, string>,
) {
  const { headers } = result;
  if (result.data?.twoFactorRedirect) {
    return answer<AccessAnswer>({ intent, ok: true, twoFactor: true, mode: 'totp', values }, { headers });
  }
  if (!result.data?.user?.firstName) {
    return answer<AccessAnswer>({ intent, ok: true, needsName: true, values }, { headers });
  }
  const redirectTo = redirectTarget(request);
  return finish<AccessAnswer>(form, redirectTo, { intent, ok: true, redirectTo }, headers);
}

export async function verifyEmailCode(args: Args) {
  const { context, request, form } = args;
  const values = textFields(form, ['email', 'code']);
  const kept = { email: values.email };
  const parsed = emailCodeSchema.safeParse({ ...values, code: values.code.replace(/\s/g, '') });
  if (!parsed.success) {
    return invalidFields<AccessAnswer>({ intent: 'email-code', values: kept }, parsed.error.issues);
  }
  const { email, code } = parsed.data;
  const result = await callAuth<SignedInData>(
    context,
    request,
    { path: '/api/auth/sign-in/email-otp', email },
    (headers) =>
      context.services.auth.api.signInEmailOTP({ body: { email, otp: code }, headers, asResponse: true }),
  );
  if (result.ok) return afterPasswordlessSignIn('email-code', result, args, kept);
  const message = result.status === 429 ? result.message : ACCOUNT_TEXT.signInCodeFailed;
  return answer<AccessAnswer>(
    { intent: 'email-code', ok: false, message, values: kept },
    { status: result.status === 429 ? 429 : 400, headers: result.headers },
  );
}

/** The button of /login/link: the token of the mailed link is spent only here. */
export async function verifyMagicLink(args: Args) {
  const { context, request, form } = args;
  const { token } = textFields(form, ['token']);
  const result = await callAuth<SignedInData>(
    context,
    request,
    { path: '/api/auth/magic-link/verify' },
    (headers) =>
      context.services.auth.api.magicLinkVerify({
        query: { token: token.slice(0, 200) },
        headers,
        asResponse: true,
      }),
  );
  // A token that cannot be used is answered with a redirect to the error page: not a sign-in.
  if (result.ok && result.status === 200) return afterPasswordlessSignIn('magic-link', result, args);
  if (result.status === 429) {
    return answer<AccessAnswer>(
      { intent: 'magic-link', ok: false, message: result.message },
      { status: 429, headers: result.headers },
    );
  }
  return answer<AccessAnswer>(
    { intent: 'magic-link', ok: false, invalid: true, message: ACCOUNT_TEXT.signInLinkInvalid },
    { status: 400 },
  );
}

/** The names of an account made by a code or link, asked once right after its first sign-in. */
export async function completeName({ context, request, form }: Args) {
  const values = textFields(form, ['firstName', 'lastName']);
  const parsed = nameSchema.safeParse(values);
  if (!parsed.success) {
    return invalidFields<AccessAnswer>(
      { intent: 'complete-name', needsName: true, values },
      parsed.error.issues,
    );
  }
  const input = parsed.data;
  const result = await callAuth(context, request, null, (headers) =>
    context.services.auth.api.updateUser({
      body: { ...input, name: `${input.firstName} ${input.lastName}` },
      headers,
      asResponse: true,
    }),
  );
  if (!result.ok) {
    return answer<AccessAnswer>(
      { intent: 'complete-name', ok: false, needsName: true, message: ACCOUNT_TEXT.profileFailed, values },
      { status: result.status, headers: result.headers },
    );
  }
  const redirectTo = redirectTarget(request);
  return finish<AccessAnswer>(
    form,
    redirectTo,
    { intent: 'complete-name', ok: true, redirectTo },
    result.headers,
  );
}
