import type { GenericEndpointContext } from '@better-auth/core';
import { createAuthMiddleware } from 'better-auth/api';
import type { Auth } from './auth';

/**
 * How a session was made, recorded on the session itself (migration 0024, ADR 0038): the console
 * asks a staff session that passed no second factor for the TOTP code, however it was made.
 */

/** The first factor a session was made with. */
export type SessionSignInMethod =
  'password' | 'email-code' | 'magic-link' | 'sms' | 'passkey' | 'oauth' | 'email-verification' | 'other';

/** A second factor passed on the session; a passkey with user verification is both factors. */
export type SecondFactor = 'totp' | 'backup-code' | 'sms' | 'passkey-uv';

export interface SessionFactors {
  signInMethod?: string | null;
  secondFactor?: string | null;
  // PostgreSQL hands a bigint back as a string.
  secondFactorAt?: number | string | null;
}

/** The Better Auth endpoints that make a session after a first factor. */
const FIRST_FACTOR_PATHS: Record<string, SessionSignInMethod> = {
  '/sign-in/email': 'password',
  '/sign-in/phone-number': 'password',
  '/sign-in/email-otp': 'email-code',
  '/magic-link/verify': 'magic-link',
  '/phone-number/verify': 'sms',
  '/passkey/verify-authentication': 'passkey',
  '/passkey/verify-registration': 'passkey',
  '/sign-in/social': 'oauth',
  '/sign-in/oauth2': 'oauth',
  '/verify-email': 'email-verification',
  '/email-otp/verify-email': 'email-verification',
};

/** The endpoints that check the second factor (and make the session when a sign-in waited for it). */
const SECOND_FACTOR_PATHS: Record<string, SecondFactor> = {
  '/two-factor/verify-totp': 'totp',
  '/two-factor/verify-backup-code': 'backup-code',
  '/two-factor/verify-otp': 'sms',
};

export function firstFactorOf(path: string | undefined): SessionSignInMethod {
  if (!path) return 'other';
  const known = FIRST_FACTOR_PATHS[path];
  if (known) return known;
  if (path.startsWith('/callback/') || path.startsWith('/oauth2/callback/')) return 'oauth';
  return 'other';
}

export function secondFactorOf(path: string | undefined): SecondFactor | undefined {
  return path ? SECOND_FACTOR_PATHS[path] : undefined;
}

/**
 * The factor columns of a session about to be created, from the endpoint creating it.
 * - A copy of a session (Better Auth replaces the session when two-factor is turned on or off)
 *   keeps the columns it copies; a copy made by checking a code also records that code.
 * - At a second-factor endpoint the first factor came before, on another request: the signed
 *   `firstFactor` our after-hook set then says which one (password when it is missing: the
 *   library's own two-factor step follows a password).
 * - A passkey counts as both factors only when the authenticator verified its user (UV flag).
 * Anything unknown gets no second factor: the console then asks for the code.
 */
export function factorsOfNewSession(
  path: string | undefined,
  existing: SessionFactors,
  extra: { firstFactor?: string | null; passkeyUserVerified?: boolean; now: number },
): Required<SessionFactors> {
  const second = secondFactorOf(path);
  if (second) {
    return {
      signInMethod: existing.signInMethod ?? knownMethod(extra.firstFactor) ?? 'password',
      secondFactor: second,
      secondFactorAt: extra.now,
    };
  }
  if (existing.signInMethod) {
    return {
      signInMethod: existing.signInMethod,
      secondFactor: existing.secondFactor ?? null,
      secondFactorAt: existing.secondFactorAt ?? null,
    };
  }
  const method = firstFactorOf(path);
  const bothFactors = method === 'passkey' && extra.passkeyUserVerified === true;
  return {
    signInMethod: method,
    secondFactor: bothFactors ? 'passkey-uv' : null,
    secondFactorAt: bothFactors ? extra.now : null,
  };
}

const METHODS = new Set<string>(Object.values(FIRST_FACTOR_PATHS));

function knownMethod(value: string | null | undefined): string | undefined {
  return value && METHODS.has(value) ? value : undefined;
}

/** Whether a session (its columns as read from the database) passed a second factor. */
export function passedSecondFactor(session: SessionFactors): boolean {
  return Number(session.secondFactorAt ?? 0) > 0;
}

/** The signed cookie that carries the first factor to the second-factor step (10 minutes, as its own). */
export const FIRST_FACTOR_COOKIE = 'first_factor';

export const rememberFirstFactor = createAuthMiddleware(async (ctx) => {
  const returned = ctx.context.returned as { _flag?: string; body?: unknown } | undefined;
  const body = (returned?._flag === 'json' ? returned.body : returned) as { twoFactorRedirect?: unknown };
  if (body?.twoFactorRedirect !== true) return;
  const cookie = ctx.context.createAuthCookie(FIRST_FACTOR_COOKIE, { maxAge: 10 * 60 });
  await ctx.setSignedCookie(cookie.name, firstFactorOf(ctx.path), ctx.context.secret, cookie.attributes);
});

/**
 * Whether the authenticator verified its user, per passkey sign-in request: set by the passkey
 * plugin's afterVerification (from the signed authenticator data's UV flag), read when the
 * same request creates the session.
 */
export const passkeyUserVerified = new WeakMap<object, boolean>();

/** The columns recording how a new session was made (migration 0024, ADR 0038). */
export async function sessionFactors(
  session: SessionFactors,
  ctx: GenericEndpointContext | null | undefined,
): Promise<Required<SessionFactors>> {
  let firstFactor: string | null = null;
  if (ctx?.path?.startsWith('/two-factor/')) {
    const cookie = ctx.context.createAuthCookie(FIRST_FACTOR_COOKIE);
    firstFactor = (await ctx.getSignedCookie(cookie.name, ctx.context.secret)) || null;
  }
  return factorsOfNewSession(ctx?.path, session, {
    firstFactor,
    passkeyUserVerified: ctx ? passkeyUserVerified.get(ctx) : undefined,
    now: Date.now(),
  });
}

/**
 * The person passed the second factor on their current session (the console's challenge):
 * recorded in the database, which the console's guard reads fresh.
 */
export async function markSecondFactor(auth: Auth, headers: Headers, factor: SecondFactor): Promise<boolean> {
  const found = await auth.api.getSession({ headers, query: { disableCookieCache: true } });
  if (!found) return false;
  const context = await auth.$context;
  await context.internalAdapter.updateSession(found.session.token, {
    secondFactor: factor,
    secondFactorAt: Date.now(),
  });
  return true;
}
