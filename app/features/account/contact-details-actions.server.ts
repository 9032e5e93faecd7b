import type { AppLoadContext } from 'react-router';
import { REAUTHENTICATION_REQUIRED } from '#server/auth/recent-sign-in';
import { refusedAnswer } from './account-refusals.server';
import { answer, type FormArgs, invalidFields } from '~/lib/form-action.server';
import { textFields } from '~/lib/form-answer';
import type { AccountAnswer } from './account-forms';
import { ACCOUNT_TEXT } from './account-text.server';
import { emailSchema } from './account.schema';
import { phoneCodeSchema, phoneSignInSchema } from './phone.schema';
import { callAuth } from './auth-call.server';
import { textCode } from './phone-sign-in-actions.server';

type Args = FormArgs<AppLoadContext>;

/**
 * How the store reaches the account, on /account: its email address (a link goes to the new one,
 * which replaces the old when opened) and its mobile number (a code is texted to the new number,
 * saved once the code comes back; Better Auth's phone-number plugin). Changing either needs a
 * recent sign-in, as every change to how the account signs in.
 */

const refused = (
  intent: AccountAnswer['intent'],
  result: Parameters<typeof refusedAnswer>[1],
  fallback: string,
) => refusedAnswer(intent, result, fallback, result.status === 429 ? 429 : 400);

async function sendCode({ context, request, form }: Args) {
  const intent = 'phone-add-send';
  const values = textFields(form, ['phoneNumber']);
  const parsed = phoneSignInSchema.safeParse(values);
  if (!parsed.success) return invalidFields<AccountAnswer>({ intent, values }, parsed.error.issues);
  const { phoneNumber } = parsed.data;
  const result = await textCode(context, request, phoneNumber);
  if (!result.ok) return refused(intent, result, ACCOUNT_TEXT.phoneSendFailed);
  return answer<AccountAnswer>({
    intent,
    ok: true,
    codeSent: true,
    message: ACCOUNT_TEXT.phoneCodeSent(phoneNumber),
    values: { phoneNumber },
  });
}

async function verifyCode({ context, request, form }: Args) {
  const intent = 'phone-add-verify';
  const values = textFields(form, ['phoneNumber', 'code']);
  const kept = { phoneNumber: values.phoneNumber };
  const parsed = phoneCodeSchema.safeParse({ ...values, code: values.code.replace(/\s/g, '') });
  if (!parsed.success) {
    return invalidFields<AccountAnswer>({ intent, codeSent: true, values: kept }, parsed.error.issues);
  }
  const { phoneNumber, code } = parsed.data;
  const result = await callAuth(
    context,
    request,
    { path: '/api/auth/phone-number/verify', email: phoneNumber },
    (headers) =>
      context.services.auth.api.verifyPhoneNumber({
        body: { phoneNumber, code, updatePhoneNumber: true, disableSession: true },
        headers,
        asResponse: true,
      }),
  );
  if (result.ok) return answer<AccountAnswer>({ intent, ok: true, message: ACCOUNT_TEXT.phoneSaved });
  if (result.code === REAUTHENTICATION_REQUIRED) return refused(intent, result, ACCOUNT_TEXT.phoneCodeFailed);
  return answer<AccountAnswer>(
    {
      intent,
      ok: false,
      codeSent: true,
      values: kept,
      message: result.status === 429 ? result.message : ACCOUNT_TEXT.phoneCodeFailed,
    },
    { status: result.status === 429 ? 429 : 400, headers: result.headers },
  );
}

async function removeNumber({ context, request }: Args) {
  const intent = 'phone-remove';
  const result = await callAuth(context, request, null, (headers) =>
    context.services.auth.api.updateUser({ body: { phoneNumber: null } as never, headers, asResponse: true }),
  );
  if (!result.ok) return refused(intent, result, ACCOUNT_TEXT.profileFailed);
  return answer<AccountAnswer>({ intent, ok: true, message: ACCOUNT_TEXT.phoneRemoved });
}

/**
 * A new email address: a link goes to it, and the address changes when it is opened (Better
 * Auth's change-email). The answer is the same whether or not another account uses it.
 */
async function changeEmail({ context, request, form }: Args) {
  const intent = 'email-change';
  const values = textFields(form, ['email']);
  const parsed = emailSchema.safeParse(values);
  if (!parsed.success) return invalidFields<AccountAnswer>({ intent, values }, parsed.error.issues);
  const { email } = parsed.data;
  const result = await callAuth(
    context,
    request,
    { path: '/api/auth/send-verification-email', email },
    (headers) =>
      context.services.auth.api.changeEmail({
        body: { newEmail: email, callbackURL: '/account' },
        headers,
        asResponse: true,
      }),
  );
  if (!result.ok) return refused(intent, result, ACCOUNT_TEXT.emailChangeFailed);
  return answer<AccountAnswer>({ intent, ok: true, message: ACCOUNT_TEXT.emailChangeSent(email) });
}

export const contactDetailIntents = {
  'email-change': changeEmail,
  'phone-add-send': sendCode,
  'phone-add-verify': verifyCode,
  'phone-remove': removeNumber,
};
