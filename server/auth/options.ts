import type { BetterAuthOptions } from 'better-auth';
import { APIError } from 'better-auth/api';
import { twoFactor } from 'better-auth/plugins';
import type { Kysely } from 'kysely';
import type { Engine } from '../db/database';
import type { Env } from '../env';
import { createPasswordHasher } from './password';

/** What Better Auth needs from the rest of the server. */
export interface AuthHooks {
  sendVerificationEmail(user: { email: string; firstName?: string }, url: string): Promise<void>;
  sendResetPassword(user: { email: string; firstName?: string }, url: string): Promise<void>;
}

export const CLIENT_IP_HEADER = 'x-store-client-ip';

/** What a disabled account is told when it tries to sign in. */
export const ACCOUNT_DISABLED_MESSAGE =
  'This account has been disabled. Please contact customer support if you need help.';
export const PASSWORD_MIN_LENGTH = 6;

/** One per process: the limit on concurrent hashes is the process's (server/auth/password.ts). */
const passwordHasher = createPasswordHasher();

/**
 * Better Auth configuration, in one place so the server and the schema check in the tests
 * build exactly the same thing. Rate limits are ours (server/auth/limits.ts): stored in the
 * database, per IP and per email, with the store's own messages.
 */
export function authOptions(env: Env, db: Kysely<never>, engine: Engine, hooks: AuthHooks) {
  return {
    appName: 'MediSupply',
    baseURL: env.APP_URL,
    basePath: '/api/auth',
    secret: env.AUTH_SECRET,
    trustedOrigins: [env.APP_URL],
    database: { db, type: engine },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      password: { hash: passwordHasher.hash, verify: passwordHasher.verify },
      requireEmailVerification: env.REQUIRE_EMAIL_VERIFICATION,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) =>
        hooks.sendResetPassword({ email: user.email, firstName: firstNameOf(user) }, url),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) =>
        hooks.sendVerificationEmail({ email: user.email, firstName: firstNameOf(user) }, url),
    },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: true, input: true },
        lastName: { type: 'string', required: true, input: true },
        // Never from a request (input: false): staff are made by an admin or on the command line.
        role: { type: 'string', required: false, defaultValue: 'customer', input: false },
        // Set by staff (the console's customers page), never from a request: no new session while set.
        disabledAt: { type: 'number', required: false, input: false },
      },
    },
    databaseHooks: {
      session: {
        create: {
          // Every way in (password, two-factor, a verification link) ends in a new session: refused
          // here for a disabled account, whose data stays as it was.
          async before(session, ctx) {
            const user = await ctx?.context.internalAdapter.findUserById(session.userId);
            if ((user as { disabledAt?: unknown } | null)?.disabledAt) {
              throw APIError.from('FORBIDDEN', {
                message: ACCOUNT_DISABLED_MESSAGE,
                code: 'ACCOUNT_DISABLED',
              });
            }
          },
        },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      // Reading the session costs no query for 5 minutes; a sign-out elsewhere is seen
      // within that time at worst, and at once for anything that writes.
      cookieCache: { enabled: true, maxAge: 5 * 60 },
    },
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: env.isHttps,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
    },
    plugins: [twoFactor({ issuer: 'MediSupply' })],
  } satisfies BetterAuthOptions;
}

function firstNameOf(user: unknown): string | undefined {
  const value = (user as { firstName?: unknown }).firstName;
  return typeof value === 'string' && value ? value : undefined;
}
