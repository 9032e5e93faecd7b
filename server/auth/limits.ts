import type { MiddlewareHandler } from 'hono';
import { rateLimited } from '../http-error';
import type { RateLimiter, RateLimitRule } from '../rate-limit';
import type { AppBindings } from '../types';

const MINUTE = 60_000;

/**
 * Endpoints worth guessing at, with their limits per client IP and per address (the email, or
 * for the phone endpoints the mobile number, under the rule's `email` key).
 */
const RULES: Record<string, { ip: RateLimitRule; email?: RateLimitRule }> = {
  '/api/auth/sign-in/email': { ip: { limit: 20, windowMs: MINUTE }, email: { limit: 5, windowMs: MINUTE } },
  '/api/auth/sign-up/email': { ip: { limit: 10, windowMs: MINUTE }, email: { limit: 5, windowMs: MINUTE } },
  '/api/auth/request-password-reset': {
    ip: { limit: 10, windowMs: MINUTE },
    email: { limit: 5, windowMs: MINUTE },
  },
  '/api/auth/send-verification-email': {
    ip: { limit: 10, windowMs: MINUTE },
    email: { limit: 5, windowMs: MINUTE },
  },
  '/api/auth/reset-password': { ip: { limit: 10, windowMs: MINUTE } },
  '/api/auth/two-factor/verify-totp': { ip: { limit: 5, windowMs: MINUTE } },
  '/api/auth/two-factor/verify-backup-code': { ip: { limit: 5, windowMs: MINUTE } },
  '/api/auth/two-factor/disable': { ip: { limit: 5, windowMs: MINUTE } },
  '/api/auth/change-password': { ip: { limit: 10, windowMs: MINUTE } },
  // Codes and links by email: sending (each costs a mail) and guessing a code, per address and IP.
  '/api/auth/email-otp/send-verification-otp': {
    ip: { limit: 10, windowMs: MINUTE },
    email: { limit: 3, windowMs: MINUTE },
  },
  '/api/auth/sign-in/email-otp': {
    ip: { limit: 10, windowMs: MINUTE },
    email: { limit: 5, windowMs: MINUTE },
  },
  '/api/auth/email-otp/check-verification-otp': {
    ip: { limit: 10, windowMs: MINUTE },
    email: { limit: 5, windowMs: MINUTE },
  },
  '/api/auth/sign-in/magic-link': {
    ip: { limit: 10, windowMs: MINUTE },
    email: { limit: 3, windowMs: MINUTE },
  },
  // Confirming it is you on a signed-in session (the page passes the account's email).
  '/api/auth/verify-password': { ip: { limit: 10, windowMs: MINUTE }, email: { limit: 5, windowMs: MINUTE } },
  // Codes by text: sending (each costs money) and guessing, per number and IP.
  '/api/auth/phone-number/send-otp': {
    ip: { limit: 10, windowMs: MINUTE },
    email: { limit: 3, windowMs: MINUTE },
  },
  '/api/auth/phone-number/verify': {
    ip: { limit: 10, windowMs: MINUTE },
    email: { limit: 5, windowMs: MINUTE },
  },
  '/api/auth/sign-in/phone-number': {
    ip: { limit: 20, windowMs: MINUTE },
    email: { limit: 5, windowMs: MINUTE },
  },
  '/api/auth/two-factor/send-otp': { ip: { limit: 5, windowMs: MINUTE } },
  '/api/auth/two-factor/verify-otp': { ip: { limit: 5, windowMs: MINUTE } },
  // Starting a sign-in or a link with another service (each makes a state row).
  '/api/auth/sign-in/social': { ip: { limit: 20, windowMs: MINUTE } },
  '/api/auth/link-social': { ip: { limit: 20, windowMs: MINUTE } },
  // Passkeys: each try makes a challenge row; a signature cannot be guessed, but keep them bounded.
  '/api/auth/passkey/generate-authenticate-options': { ip: { limit: 30, windowMs: MINUTE } },
  '/api/auth/passkey/verify-authentication': { ip: { limit: 20, windowMs: MINUTE } },
  // A GET: the token is in the query.
  '/api/auth/magic-link/verify': { ip: { limit: 10, windowMs: MINUTE } },
};

/** The address an attempt is about: an email, or a mobile number (the same counter, by rule). */
async function emailOf(request: Request): Promise<string | undefined> {
  try {
    const body = (await request.clone().json()) as { email?: unknown; phoneNumber?: unknown };
    const address = body.email ?? body.phoneNumber;
    return typeof address === 'string' ? address : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Counts one attempt at a rate-limited auth endpoint (by its /api/auth path) for this client and
 * email; the seconds to wait when refused, or null. The page actions that sign in, register or
 * reset through auth.api (not over HTTP) count here too, under the same keys as the endpoint:
 * attempts through the page and through the API share one allowance.
 */
export async function authAttemptRefused(
  limiter: RateLimiter,
  path: string,
  ip: string,
  email?: string,
): Promise<number | null> {
  const rule = RULES[path];
  if (!rule) return null;
  const checks = [limiter.hit(`auth:${path}:ip:${ip}`, rule.ip)];
  if (rule.email && email) {
    const key = email.trim().toLowerCase().slice(0, 320);
    checks.push(limiter.hit(`auth:${path}:email:${key}`, rule.email));
  }
  const refused = (await Promise.all(checks)).filter((r) => !r.allowed);
  return refused.length > 0 ? Math.max(...refused.map((r) => r.retryAfterSeconds)) : null;
}

/**
 * Counts attempts in the database (shared by every instance) before Better Auth sees them.
 * The per-email counter stops a slow attack spread over many addresses from guessing one
 * account's password; the per-IP counter stops one client trying many accounts.
 */
export function authRateLimits(limiter: RateLimiter): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    const rule = RULES[c.req.path];
    if (!rule) return next();
    const email = rule.email && c.req.method === 'POST' ? await emailOf(c.req.raw) : undefined;
    const wait = await authAttemptRefused(limiter, c.req.path, c.get('clientIp'), email);
    if (wait !== null) return rateLimited(c, wait);
    return next();
  };
}
