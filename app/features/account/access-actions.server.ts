import type { AppLoadContext } from 'react-router';
import { answer, type FormArgs, finish, invalidFields, runIntent } from '~/lib/form-action.server';
import { textFields } from '~/lib/form-answer';
import type { AccessAnswer, TwoFactorMode } from './account-forms';
import { ACCOUNT_TEXT } from './account-text.server';
import { emailSchema, loginSchema, registrationSchema } from './account.schema';
import { callAuth } from './auth-call.server';
import {
  completeName,
  sendEmailSignIn,
  verifyEmailCode,
  verifyMagicLink,
} from './email-sign-in-actions.server';
import { continueWithProvider, signInWithOrganisation } from './identity-actions.server';
import { sendPhoneCode, verifyPhoneCode } from './phone-sign-in-actions.server';
import { signInTarget } from './redirect-target';
import { backupCodeSchema, smsCodeSchema, totpCodeSchema, withoutSpaces } from './two-factor.schema';

type Args = FormArgs<AppLoadContext>;

/**
 * The action of /login and /signup: every form of the page posts here with its `intent`, as the
 * browser's API calls did before (same endpoints, same rate limits, same messages).
 */
export function accountAccessAction(context: AppLoadContext, request: Request) {
  return runIntent(
    { context, request },
    {
      'sign-in': signIn,
      'sign-up': signUp,
      'forgot-password': forgotPassword,
      'resend-verification': resendVerification,
      'two-factor': twoFactor,
      'email-code': verifyEmailCode,
      'phone-send': sendPhoneCode,
      'phone-code': verifyPhoneCode,
      oauth: continueWithProvider,
      'magic-link': verifyMagicLink,
      'complete-name': completeName,
    },
  );
}

async function signIn(args: Args) {
  const { context, request, form } = args;
  // "Email me a sign-in code" and "Email me a link" are buttons of the sign-in form.
  const via = form.get('via');
  if (via === 'code' || via === 'link') return sendEmailSignIn(args, via);
  if (via === 'organisation') return signInWithOrganisation(args);
  const values = textFields(form, ['email', 'password']);
  const kept = { email: values.email };
  const parsed = loginSchema.safeParse(values);
  if (!parsed.success) {
    return invalidFields<AccessAnswer>({ intent: 'sign-in', values: kept }, parsed.error.issues);
  }
  const result = await callAuth<{ twoFactorRedirect?: boolean }>(
    context,
    request,
    { path: '/api/auth/sign-in/email', email: parsed.data.email },
    (headers) => context.services.auth.api.signInEmail({ body: parsed.data, headers, asResponse: true }),
  );
  const { headers } = result;
  if (result.ok && result.data?.twoFactorRedirect) {
    return answer<AccessAnswer>({ intent: 'sign-in', ok: true, twoFactor: true, mode: 'totp' }, { headers });
  }
  if (result.ok) return signedIn('sign-in', form, request, headers);
  const unverified = result.code === 'EMAIL_NOT_VERIFIED';
  const message = unverified ? ACCOUNT_TEXT.unverified : (result.message ?? ACCOUNT_TEXT.loginFailed);
  return answer<AccessAnswer>(
    { intent: 'sign-in', ok: false, message, unverified, values: kept },
    { status: result.status, headers },
  );
}

/** Signed in, by the password alone or with the second factor (the intent of the form). */
function signedIn(intent: 'sign-in' | 'two-factor', form: FormData, request: Request, headers: Headers) {
  const redirectTo = signInTarget(new URL(request.url).searchParams.get('redirectTo'));
  return finish<AccessAnswer>(form, redirectTo, { intent, ok: true, redirectTo }, headers);
}

function twoFactorModeOf(value: FormDataEntryValue | null): TwoFactorMode {
  return value === 'backup' || value === 'sms' ? value : 'totp';
}

const TWO_FACTOR_PATHS: Record<TwoFactorMode, string> = {
  totp: '/api/auth/two-factor/verify-totp',
  backup: '/api/auth/two-factor/verify-backup-code',
  sms: '/api/auth/two-factor/verify-otp',
};

async function twoFactor({ context, request, form }: Args) {
  const mode = twoFactorModeOf(form.get('mode'));
  const base = { intent: 'two-factor', twoFactor: true, mode } as const;
  // "Use a backup code instead" without JavaScript: only the other step is shown.
  if (form.has('switch')) return answer<AccessAnswer>({ ...base, ok: true });
  const { auth } = context.services;
  if (form.has('send')) {
    // "Text me a code": to the verified mobile number of the account signing in.
    const sent = await callAuth(context, request, { path: '/api/auth/two-factor/send-otp' }, (headers) =>
      auth.api.sendTwoFactorOTP({ body: {}, headers, asResponse: true }),
    );
    const message = sent.ok
      ? ACCOUNT_TEXT.twoFactorCodeTexted
      : (sent.message ?? ACCOUNT_TEXT.phoneSendFailed);
    return answer<AccessAnswer>(
      { ...base, ok: sent.ok, codeSent: sent.ok, message },
      { status: sent.ok ? 200 : sent.status, headers: sent.headers },
    );
  }
  const { code } = textFields(form, ['code']);
  const parsed =
    mode === 'backup'
      ? backupCodeSchema.safeParse({ code })
      : (mode === 'sms' ? smsCodeSchema : totpCodeSchema).safeParse({ code: withoutSpaces(code) });
  if (!parsed.success) return invalidFields<AccessAnswer>(base, parsed.error.issues);
  const body = { code: parsed.data.code };
  const result = await callAuth(context, request, { path: TWO_FACTOR_PATHS[mode] }, (headers) =>
    mode === 'totp'
      ? auth.api.verifyTOTP({ body, headers, asResponse: true })
      : mode === 'sms'
        ? auth.api.verifyTwoFactorOTP({ body, headers, asResponse: true })
        : auth.api.verifyBackupCode({ body, headers, asResponse: true }),
  );
  if (result.ok) return signedIn('two-factor', form, request, result.headers);
  return answer<AccessAnswer>(
    { ...base, ok: false, message: result.message ?? ACCOUNT_TEXT.codeInvalid },
    { status: result.status, headers: result.headers },
  );
}

async function signUp({ context, request, form }: Args) {
  const values = textFields(form, ['firstName', 'lastName', 'email', 'password']);
  const kept = { firstName: values.firstName, lastName: values.lastName, email: values.email };
  const parsed = registrationSchema.safeParse(values);
  if (!parsed.success) {
    return invalidFields<AccessAnswer>({ intent: 'sign-up', values: kept }, parsed.error.issues);
  }
  const input = parsed.data;
  const result = await callAuth(
    context,
    request,
    { path: '/api/auth/sign-up/email', email: input.email },
    (headers) =>
      context.services.auth.api.signUpEmail({
        body: { ...input, name: `${input.firstName} ${input.lastName}`, callbackURL: '/' },
        headers,
        asResponse: true,
      }),
  );
  if (result.ok) {
    return answer<AccessAnswer>(
      { intent: 'sign-up', ok: true, message: ACCOUNT_TEXT.registered, values: { email: input.email } },
      { headers: result.headers },
    );
  }
  return answer<AccessAnswer>(
    {
      intent: 'sign-up',
      ok: false,
      message: result.message ?? ACCOUNT_TEXT.registrationFailed,
      values: kept,
    },
    { status: result.status, headers: result.headers },
  );
}

/** The answer is the same whether or not the email has an account; only a refusal differs. */
async function forgotPassword({ context, request, form }: Args) {
  const values = textFields(form, ['email']);
  const parsed = emailSchema.safeParse(values);
  const base = { intent: 'forgot-password', values } as const;
  if (!parsed.success) return invalidFields<AccessAnswer>(base, parsed.error.issues);
  const { email } = parsed.data;
  const result = await callAuth(
    context,
    request,
    { path: '/api/auth/request-password-reset', email },
    (headers) =>
      context.services.auth.api.requestPasswordReset({
        body: { email, redirectTo: '/reset-password' },
        headers,
        asResponse: true,
      }),
  );
  if (result.status === 429) {
    return answer<AccessAnswer>(
      { ...base, ok: false, message: result.message },
      { status: 429, headers: result.headers },
    );
  }
  return answer<AccessAnswer>({ ...base, ok: true, message: ACCOUNT_TEXT.resetSent });
}

async function resendVerification({ context, request, form }: Args) {
  const values = textFields(form, ['email']);
  const parsed = emailSchema.safeParse(values);
  const base = { intent: 'resend-verification', unverified: true, values } as const;
  if (!parsed.success) {
    return answer<AccessAnswer>(
      { ...base, ok: false, message: ACCOUNT_TEXT.verificationFailed },
      { status: 400 },
    );
  }
  const { email } = parsed.data;
  const result = await callAuth(
    context,
    request,
    { path: '/api/auth/send-verification-email', email },
    (headers) =>
      context.services.auth.api.sendVerificationEmail({
        body: { email, callbackURL: '/' },
        headers,
        asResponse: true,
      }),
  );
  if (result.ok) return answer<AccessAnswer>({ ...base, ok: true, message: ACCOUNT_TEXT.verificationSent });
  return answer<AccessAnswer>(
    { ...base, ok: false, message: result.message ?? ACCOUNT_TEXT.verificationFailed },
    { status: result.status, headers: result.headers },
  );
}
