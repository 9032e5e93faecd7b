import type { AppLoadContext } from 'react-router';
import { markSecondFactor } from '../../../server/auth/session-factors';
import { callAuth } from './auth-call.server';
import { ACCOUNT_TEXT } from './account-text.server';
import { backupCodeSchema, totpCodeSchema, withoutSpaces } from './two-factor.schema';

export type ChallengeAnswer =
  { ok: true } | { ok: false; status: number; message: string; mode: 'totp' | 'backup'; headers?: Headers };

/**
 * The console's second-factor challenge for a session made without one (an OIDC or Google
 * sign-in, a passkey without user verification...): the authenticator app's code or a backup
 * code, checked by Better Auth on the signed-in session, then recorded on that session.
 * Wrong codes count under the endpoint's own limit (per client and per account), shared with
 * POST /api/auth/two-factor/verify-totp.
 */
export async function answerSecondFactorChallenge(
  context: AppLoadContext,
  request: Request,
  email: string,
  form: FormData,
): Promise<ChallengeAnswer> {
  const mode = form.get('mode') === 'backup' ? 'backup' : 'totp';
  const raw = form.get('code');
  const code = typeof raw === 'string' ? raw : '';
  const parsed =
    mode === 'backup'
      ? backupCodeSchema.safeParse({ code })
      : totpCodeSchema.safeParse({ code: withoutSpaces(code) });
  if (!parsed.success) {
    return {
      ok: false,
      status: 400,
      mode,
      message: parsed.error.issues[0]?.message ?? ACCOUNT_TEXT.codeInvalid,
    };
  }
  const { auth } = context.services;
  const body = { code: parsed.data.code };
  const result = await callAuth(
    context,
    request,
    { path: '/api/auth/two-factor/verify-totp', email },
    (headers) =>
      mode === 'totp'
        ? auth.api.verifyTOTP({ body, headers, asResponse: true })
        : auth.api.verifyBackupCode({ body, headers, asResponse: true }),
  );
  if (!result.ok) {
    const message =
      result.status === 429 ? (result.message ?? ACCOUNT_TEXT.codeInvalid) : ACCOUNT_TEXT.codeInvalid;
    return { ok: false, status: result.status === 429 ? 429 : 400, mode, message, headers: result.headers };
  }
  const marked = await markSecondFactor(auth, request.headers, mode === 'totp' ? 'totp' : 'backup-code');
  return marked ? { ok: true } : { ok: false, status: 401, mode, message: ACCOUNT_TEXT.codeInvalid };
}
