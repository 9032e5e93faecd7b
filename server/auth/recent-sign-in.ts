import { APIError, getSessionFromCtx } from 'better-auth/api';
import type { Auth } from './auth';

/**
 * Changing how an account signs in, or deleting it, needs a sign-in (or a confirmation by
 * password, emailed code or passkey) within the last 10 minutes: someone at a device left
 * signed in cannot lock its owner out. The session's `reauthenticatedAt` records a confirmation
 * without a new session; its `createdAt` counts as one too.
 */
export const RECENT_SIGN_IN_SECONDS = 10 * 60;

export const REAUTHENTICATION_REQUIRED = 'REAUTHENTICATION_REQUIRED';
export const REAUTHENTICATION_MESSAGE = 'Please confirm it is you to continue.';

/** Better Auth endpoints (paths under /api/auth) that change how the account signs in, or end it. */
const SENSITIVE_PATHS = new Set([
  '/change-password',
  '/set-password',
  '/change-email',
  '/two-factor/enable',
  '/two-factor/disable',
  '/two-factor/generate-backup-codes',
  '/link-social',
  '/oauth2/link',
  '/unlink-account',
  '/delete-user',
  '/passkey/generate-register-options',
  '/passkey/verify-registration',
  '/passkey/delete-passkey',
  '/passkey/update-passkey',
]);

/** `body`: verifying a code by text is a sign-in, unless it adds the number to the account. */
export function isSensitiveAuthPath(path: string | undefined, body: Record<string, unknown>): boolean {
  if (path === '/phone-number/verify') return body.updatePhoneNumber === true;
  return SENSITIVE_PATHS.has(path ?? '');
}

interface SessionTimes {
  createdAt: Date | string | number;
  reauthenticatedAt?: unknown;
}

/** Until when (ms since the epoch) the session counts as recently signed in. */
export function recentSignInUntil(session: SessionTimes): number {
  const created = new Date(session.createdAt).getTime();
  const confirmed = Number(session.reauthenticatedAt ?? 0) || 0;
  return Math.max(created, confirmed) + RECENT_SIGN_IN_SECONDS * 1000;
}

/** In Better Auth's before hook: refuses a sensitive endpoint for a session not recently signed in. */
export async function requireRecentSignIn(ctx: Parameters<typeof getSessionFromCtx>[0]) {
  // Read from the database: the signed cookie cache may predate the confirmation.
  const found = await getSessionFromCtx(ctx, { disableCookieCache: true });
  // No session: the endpoint answers 401 itself.
  if (!found) return;
  if (recentSignInUntil(found.session as SessionTimes) > Date.now()) return;
  throw APIError.from('FORBIDDEN', { message: REAUTHENTICATION_MESSAGE, code: REAUTHENTICATION_REQUIRED });
}

/** Until when this request's session counts as recently signed in (0: no session). */
export async function readRecentSignIn(auth: Auth, headers: Headers): Promise<number> {
  const found = await auth.api.getSession({ headers, query: { disableCookieCache: true } });
  return found ? recentSignInUntil(found.session) : 0;
}

/** The person just confirmed it is them on this session: sensitive changes are open 10 minutes. */
export async function markRecentSignIn(auth: Auth, headers: Headers): Promise<number> {
  const found = await auth.api.getSession({ headers, query: { disableCookieCache: true } });
  if (!found) return 0;
  const now = Date.now();
  const context = await auth.$context;
  await context.internalAdapter.updateSession(found.session.token, { reauthenticatedAt: now });
  return now + RECENT_SIGN_IN_SECONDS * 1000;
}

/** A sign-in code used to confirm a session is spent, as a sign-in would spend it. */
export async function spendSignInCode(auth: Auth, email: string): Promise<void> {
  const context = await auth.$context;
  await context.internalAdapter.deleteVerificationByIdentifier(`sign-in-otp-${email.toLowerCase()}`);
}
