import type { AppLoadContext } from 'react-router';
import { answer, invalidFields } from '~/lib/form-action.server';
import { textFields } from '~/lib/form-answer';
import type { ResetAnswer } from './account-forms';
import { ACCOUNT_TEXT } from './account-text.server';
import { confirmError, newPasswordSchema } from './account.schema';
import { callAuth } from './auth-call.server';

/** The action of /reset-password: a new password with the token from the mailed link. */
export async function resetPasswordAction(context: AppLoadContext, request: Request) {
  const form = await request.formData();
  const { password, confirm, token } = textFields(form, ['password', 'confirm', 'token']);
  const intent = 'reset-password';
  const parsed = newPasswordSchema.safeParse({ password });
  const mismatch = confirmError(password, confirm);
  if (!parsed.success || mismatch) {
    return invalidFields<ResetAnswer>({ intent }, parsed.error?.issues ?? [], { confirm: mismatch });
  }
  const result = await callAuth(context, request, { path: '/api/auth/reset-password' }, (headers) =>
    context.services.auth.api.resetPassword({
      body: { newPassword: parsed.data.password, token },
      headers,
      asResponse: true,
    }),
  );
  if (result.ok) return answer<ResetAnswer>({ intent, ok: true, message: ACCOUNT_TEXT.resetDone });
  // A refusal to try, or a password the server will not take: the link itself is still good.
  if (result.status === 429 || result.code?.startsWith('PASSWORD')) {
    return answer<ResetAnswer>(
      { intent, ok: false, message: result.message ?? ACCOUNT_TEXT.resetFailed },
      { status: result.status, headers: result.headers },
    );
  }
  return answer<ResetAnswer>(
    { intent, ok: false, invalid: true, message: ACCOUNT_TEXT.resetInvalid },
    { status: result.status },
  );
}
