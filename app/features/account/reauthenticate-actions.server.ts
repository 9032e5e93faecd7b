import type { AppLoadContext } from 'react-router';
import type { OwnAuthRows } from '#server/auth/own-rows';
import { markRecentSignIn, recentSignInUntil, spendSignInCode } from '#server/auth/recent-sign-in';
import type { Env } from '#server/env';
import { answer, type FormArgs, finish, invalidFields } from '~/lib/form-action.server';
import { textFields } from '~/lib/form-answer';
import type { AccountAnswer } from './account-forms';
import { ACCOUNT_TEXT } from './account-text.server';
import { callAuth } from './auth-call.server';
import { identitiesOf } from './identity-actions.server';
import { requireUser } from '~/lib/session.server';
import { reauthCodeSchema, reauthPasswordSchema } from './reauth.schema';

type Args = FormArgs<AppLoadContext>;

/**
 * "Confirm it is you" on /account: the password, or a code emailed to the account's address
 * (a passkey, from the browser, does the same through its own endpoint). Success opens the
 * sign-in and security settings of this session for 10 minutes (server/auth/recent-sign-in.ts).
 */

/** How the account page knows whether its security settings are open, and for how long. */
export function securityState(rows: OwnAuthRows, env: Env) {
  const current = rows.sessions.find((session) => session.token === rows.currentToken);
  const until = current ? recentSignInUntil(current) : 0;
  const identities = identitiesOf(rows.accounts, env);
  return {
    /** Seconds the settings stay open (0: confirm first). */
    openSeconds: Math.max(0, Math.floor((until - Date.now()) / 1000)),
    hasPassword: identities.linked.some((identity) => identity.providerId === 'credential'),
    /** The verified mobile number (sign-in and second-factor codes go there), if any. */
    phoneNumber: rows.phone.verified && rows.phone.number ? rows.phone.number : null,
    /** Ways in through other services: those linked, and those that could be. */
    identities,
    passkeys: rows.passkeys.map((key) => ({
      id: key.id,
      name: key.name || 'Passkey',
      createdAt: key.createdAt ? new Date(key.createdAt).toISOString() : null,
    })),
  };
}

async function confirmed(args: Args, intent: AccountAnswer['intent']) {
  const { context, request, form } = args;
  await markRecentSignIn(context.services.auth, request.headers);
  return finish<AccountAnswer>(
    form,
    '/account#security',
    { intent, ok: true, message: ACCOUNT_TEXT.identityConfirmed },
    new Headers(),
  );
}

export async function confirmWithPassword(args: Args) {
  const { context, request, form } = args;
  const intent = 'reauth-password';
  const user = await requireUser(context, request);
  const parsed = reauthPasswordSchema.safeParse(textFields(form, ['password']));
  if (!parsed.success) return invalidFields<AccountAnswer>({ intent }, parsed.error.issues);
  const result = await callAuth(
    context,
    request,
    { path: '/api/auth/verify-password', email: user.email },
    (headers) =>
      context.services.auth.api.verifyPassword({
        body: { password: parsed.data.password },
        headers,
        asResponse: true,
      }),
  );
  if (result.ok) return confirmed(args, intent);
  if (result.status === 429) {
    return answer<AccountAnswer>(
      { intent, ok: false, message: result.message },
      { status: 429, headers: result.headers },
    );
  }
  return answer<AccountAnswer>(
    { intent, ok: false, fields: { password: ACCOUNT_TEXT.passwordWrong } },
    { status: 400 },
  );
}

export async function sendConfirmationCode({ context, request }: Args) {
  const intent = 'reauth-send-code';
  const user = await requireUser(context, request);
  const { email } = user;
  const result = await callAuth(
    context,
    request,
    { path: '/api/auth/email-otp/send-verification-otp', email },
    (headers) =>
      context.services.auth.api.sendVerificationOTP({
        body: { email, type: 'sign-in' },
        headers,
        asResponse: true,
      }),
  );
  if (!result.ok) {
    return answer<AccountAnswer>(
      { intent, ok: false, message: result.message ?? ACCOUNT_TEXT.verificationFailed },
      { status: result.status, headers: result.headers },
    );
  }
  return answer<AccountAnswer>({
    intent,
    ok: true,
    codeSent: true,
    message: ACCOUNT_TEXT.signInCodeSent(email),
  });
}

export async function confirmWithCode(args: Args) {
  const { context, request, form } = args;
  const intent = 'reauth-code';
  const user = await requireUser(context, request);
  const values = textFields(form, ['code']);
  const parsed = reauthCodeSchema.safeParse({ code: values.code.replace(/\s/g, '') });
  if (!parsed.success) return invalidFields<AccountAnswer>({ intent, codeSent: true }, parsed.error.issues);
  const { auth } = context.services;
  const result = await callAuth(
    context,
    request,
    // The same counters as guessing a sign-in code for this address.
    { path: '/api/auth/sign-in/email-otp', email: user.email },
    (headers) =>
      auth.api.checkVerificationOTP({
        body: { email: user.email, type: 'sign-in', otp: parsed.data.code },
        headers,
        asResponse: true,
      }),
  );
  if (result.ok) {
    await spendSignInCode(auth, user.email);
    return confirmed(args, intent);
  }
  const message = result.status === 429 ? result.message : ACCOUNT_TEXT.signInCodeFailed;
  return answer<AccountAnswer>(
    { intent, ok: false, codeSent: true, message },
    { status: result.status === 429 ? 429 : 400, headers: result.headers },
  );
}

export const reauthenticationIntents = {
  'reauth-password': confirmWithPassword,
  'reauth-send-code': sendConfirmationCode,
  'reauth-code': confirmWithCode,
};
