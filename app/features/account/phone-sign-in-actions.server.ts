import type { AppLoadContext } from 'react-router';
import { answer, type FormArgs, invalidFields } from '~/lib/form-action.server';
import { textFields } from '~/lib/form-answer';
import type { AccessAnswer } from './account-forms';
import { ACCOUNT_TEXT } from './account-text.server';
import { phoneCodeSchema, phoneSignInSchema } from './phone.schema';
import { callAuth } from './auth-call.server';
import { afterPasswordlessSignIn, type SignedInData } from './email-sign-in-actions.server';

type Args = FormArgs<AppLoadContext>;

/** A code texted to the number (for a sign-in, or to add the number to the account). */
export function textCode(context: AppLoadContext, request: Request, phoneNumber: string) {
  return callAuth(
    context,
    request,
    { path: '/api/auth/phone-number/send-otp', email: phoneNumber },
    (headers) =>
      context.services.auth.api.sendPhoneNumberOTP({ body: { phoneNumber }, headers, asResponse: true }),
  );
}

/**
 * Signing in with a mobile number and a code by text (Better Auth's phone-number plugin). A new
 * number makes its account, whose name is asked right after, as after a code by email.
 */
export async function sendPhoneCode({ context, request, form }: Args) {
  const intent = 'phone-send';
  const values = textFields(form, ['phoneNumber']);
  const parsed = phoneSignInSchema.safeParse(values);
  if (!parsed.success) return invalidFields<AccessAnswer>({ intent, values }, parsed.error.issues);
  const { phoneNumber } = parsed.data;
  const result = await textCode(context, request, phoneNumber);
  if (!result.ok) {
    const message = result.status === 429 ? result.message : ACCOUNT_TEXT.phoneSendFailed;
    return answer<AccessAnswer>(
      { intent, ok: false, message, values },
      { status: result.status === 429 ? 429 : 400, headers: result.headers },
    );
  }
  return answer<AccessAnswer>({
    intent,
    ok: true,
    codeSent: true,
    message: ACCOUNT_TEXT.phoneCodeSent(phoneNumber),
    values: { phoneNumber },
  });
}

export async function verifyPhoneCode(args: Args) {
  const { context, request, form } = args;
  const intent = 'phone-code';
  const values = textFields(form, ['phoneNumber', 'code']);
  const kept = { phoneNumber: values.phoneNumber };
  const parsed = phoneCodeSchema.safeParse({ ...values, code: values.code.replace(/\s/g, '') });
  if (!parsed.success) return invalidFields<AccessAnswer>({ intent, values: kept }, parsed.error.issues);
  const { phoneNumber, code } = parsed.data;
  const result = await callAuth<SignedInData>(
    context,
    request,
    { path: '/api/auth/phone-number/verify', email: phoneNumber },
    (headers) =>
      context.services.auth.api.verifyPhoneNumber({ body: { phoneNumber, code }, headers, asResponse: true }),
  );
  if (result.ok) return afterPasswordlessSignIn(intent, result, args, kept);
  const message = result.status === 429 ? result.message : ACCOUNT_TEXT.phoneCodeFailed;
  return answer<AccessAnswer>(
    { intent, ok: false, message, values: kept },
    { status: result.status === 429 ? 429 : 400, headers: result.headers },
  );
}
