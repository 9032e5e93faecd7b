import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { FULL_NAME_MAX_LENGTH, NAME_PART_MAX_LENGTH } from '../../app/lib/name-rules';
import type { SignInMethod } from '../metrics/store-metrics';
import type { AuthHooks } from './options';
import { refuseWeakNewPassword } from './password-policy';
import { isSensitiveAuthPath, requireRecentSignIn } from './recent-sign-in';

/** Where a sign-in may send the visitor afterwards: a path on this site, or this site's own URL. */
export function isOwnSiteTarget(target: string, appUrl: string): boolean {
  if (target.startsWith('/')) return !target.startsWith('//') && !target.startsWith('/\\');
  try {
    return new URL(target).origin === new URL(appUrl).origin;
  } catch {
    return false;
  }
}

const TARGET_FIELDS = ['callbackURL', 'newUserCallbackURL', 'errorCallbackURL', 'redirectTo'] as const;

/**
 * The longest names an account keeps, as the pages' forms allow. Posted to the API directly, a
 * longer one was stored, and the session cookie carrying it outgrew what a client reads (a
 * fuzzed sign-in's answer overflowed undici's 16 KB of headers).
 */
const NAME_LIMITS = {
  firstName: NAME_PART_MAX_LENGTH,
  lastName: NAME_PART_MAX_LENGTH,
  name: FULL_NAME_MAX_LENGTH,
} as const;
const NAMED_PATHS = new Set(['/sign-up/email', '/update-user']);

/**
 * A registration names its person (first and last name), and no name is longer than the forms
 * allow: checked on the endpoints that store names.
 */
function refuseBadNames(path: string, body: Record<string, unknown>) {
  if (!NAMED_PATHS.has(path)) return;
  for (const [field, limit] of Object.entries(NAME_LIMITS)) {
    const value = body[field];
    const required = path === '/sign-up/email' && field !== 'name';
    if (required && (typeof value !== 'string' || !value.trim())) {
      throw APIError.from('BAD_REQUEST', { message: `${field} is required`, code: 'MISSING_FIELD' });
    }
    if (typeof value === 'string' && value.trim().length > limit) {
      throw APIError.from('BAD_REQUEST', { message: `${field} is too long`, code: 'FIELD_TOO_LONG' });
    }
  }
}

/**
 * Checks of our own before any endpoint runs: every "where to go next" in a body stays on this
 * site (Better Auth checks some only when the link is opened; we refuse before a mail is sent),
 * a new password follows the store's rule, names are given and not too long (refuseBadNames),
 * and changes to how the account signs in need a recent sign-in (recent-sign-in.ts).
 */
export function requestChecks(appUrl: string) {
  return createAuthMiddleware(async (ctx) => {
    const body = (ctx.body ?? {}) as Record<string, unknown>;
    for (const field of TARGET_FIELDS) {
      const value = body[field];
      if (typeof value === 'string' && value && !isOwnSiteTarget(value, appUrl)) {
        throw APIError.from('FORBIDDEN', { message: `Invalid ${field}`, code: 'INVALID_CALLBACK_URL' });
      }
    }
    // Removing the mobile number (a way to sign in, and maybe the second factor) is a change too.
    const phoneChange = ctx.path === '/update-user' && 'phoneNumber' in body;
    if (phoneChange || isSensitiveAuthPath(ctx.path, body)) await requireRecentSignIn(ctx);
    refuseWeakNewPassword(ctx.path, body);
    refuseBadNames(ctx.path, body);
  });
}

/** The endpoints that sign someone in (or check the second factor), by the method counted. */
const SIGN_IN_METHODS: Record<string, SignInMethod> = {
  '/sign-in/email': 'password',
  '/sign-in/phone-number': 'password',
  '/sign-in/email-otp': 'email-code',
  '/magic-link/verify': 'email-link',
  '/phone-number/verify': 'phone-code',
  '/two-factor/verify-totp': 'two-factor',
  '/two-factor/verify-otp': 'two-factor',
  '/two-factor/verify-backup-code': 'two-factor',
  '/passkey/verify-authentication': 'passkey',
};

/**
 * Counts refused sign-ins, whether posted to /api/auth or called by a page action through
 * auth.api: Better Auth runs the after-hooks for both, with the endpoint's error as `returned`.
 * (A refusal of our rate limit never reaches Better Auth: it is counted as a refusal there.)
 */
export function countFailedSignIns(hooks: AuthHooks) {
  return createAuthMiddleware(async (ctx) => {
    const method = SIGN_IN_METHODS[ctx.path];
    if (method && isAPIError(ctx.context.returned)) hooks.signInFailed?.(method);
  });
}
