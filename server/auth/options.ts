import type { BetterAuthOptions } from 'better-auth';
import { APIError } from 'better-auth/api';
import type { Kysely } from 'kysely';
import type { Engine } from '../db/database';
import type { Env } from '../env';
import type { SignInMethod } from '../metrics/store-metrics';
import { CLOSED_PATHS } from './endpoint-table';
import { createPasswordHasher } from './password';
import { PASSWORD_MIN_LENGTH } from '../../app/lib/password-rules';
import { openIdConnectPlugin, socialProviderOptions } from './providers';
import { roleOf } from './roles';
import {
  apiTokenPlugin,
  emailCodePlugin,
  magicLinkPlugin,
  passkeyPlugin,
  phoneCodePlugin,
  secondFactorPlugins,
} from './plugins';
import { countFailedSignIns, requestChecks } from './request-checks';
import { type SessionFactors, sessionFactors } from './session-factors';
import { hashedIdentifiers, hashedPhoneCodes, storedSecretHash } from './stored-secrets';

/** The purposes of a code by mail other than signing in (Better Auth's email-otp types). */
export type AccountCodePurpose = 'email-verification' | 'forget-password' | 'change-email';

export {
  API_TOKEN_LIFETIME,
  PHONE_ACCOUNT_EMAIL_DOMAIN,
  PHONE_NUMBER_PATTERN,
  SIGN_IN_CODE_SECONDS,
} from './plugins';
export { isOwnSiteTarget } from './request-checks';

/** What Better Auth needs from the rest of the server. */
export interface AuthHooks {
  sendVerificationEmail(user: { email: string; firstName?: string }, url: string): Promise<void>;
  sendResetPassword(user: { email: string; firstName?: string }, url: string): Promise<void>;
  /** A one-time sign-in code for an email address (which may have no account yet). */
  sendSignInCode(email: string, code: string): Promise<void>;
  /** A sign-in link: the token, and where the visitor was heading (a path on this site). */
  sendSignInLink(email: string, token: string, redirectTo: string): Promise<void>;
  /** The link that confirms a new email address for an account (it changes when opened). */
  sendEmailChange(user: { email: string; firstName?: string }, url: string): Promise<void>;
  /** A one-time code by text message (signing in, adding the number, or a second factor). */
  sendPhoneCode(phoneNumber: string, code: string): Promise<void>;
  /** A code by mail for another purpose (verification, reset, change of address). */
  sendAccountCode(email: string, code: string, purpose: AccountCodePurpose): Promise<void>;
  /** A password-reset code by text message. */
  sendPhoneResetCode(phoneNumber: string, code: string): Promise<void>;
  /** A password was reset (by link or code): its owner is told. */
  passwordReset(user: { email: string; firstName?: string; phoneNumber?: string }): Promise<void>;
  /** A sign-in attempt was refused (for GET /metrics). */
  signInFailed?(method: SignInMethod): void;
}

export const CLIENT_IP_HEADER = 'x-store-client-ip';

/** What a disabled account is told when it tries to sign in. */
export const ACCOUNT_DISABLED_MESSAGE =
  'This account has been disabled. Please contact customer support if you need help.';

/**
 * Confirming an address proves only that the mail was read: enough to sign a shopper in, as the
 * library does after a verification link, but never a staff member or an administrator, whose
 * sessions start with their password and second factor (issue 31).
 */
const VERIFICATION_PATHS = new Set(['/verify-email', '/email-otp/verify-email']);
export const SIGN_IN_AFTER_VERIFICATION = 'SIGN_IN_AFTER_VERIFICATION';

/** One per process: the limit on concurrent hashes is the process's (server/auth/password.ts). */
const passwordHasher = createPasswordHasher();

/**
 * Better Auth configuration, in one place so the server and the schema check in the tests
 * build exactly the same thing. Rate limits are ours (server/auth/limits.ts): stored in the
 * database, per IP and per email, with the store's own messages.
 */
export function authOptions(env: Env, db: Kysely<never>, engine: Engine, hooks: AuthHooks) {
  // Codes and reset tokens at rest are keyed hashes (docs/decisions/0039).
  const hash = storedSecretHash(env.AUTH_SECRET);
  return {
    appName: 'MediSupply',
    baseURL: env.APP_URL,
    basePath: '/api/auth',
    secret: env.AUTH_SECRET,
    trustedOrigins: [env.APP_URL],
    database: { db, type: engine },
    verification: { storeIdentifier: hashedIdentifiers(hash) },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      password: { hash: passwordHasher.hash, verify: passwordHasher.verify },
      requireEmailVerification: env.REQUIRE_EMAIL_VERIFICATION,
      autoSignIn: false,
      // Every reset (link, or the closed code endpoints called on the server) ends every session
      // (Better Auth's resetCredentialPassword) and tells the owner.
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user }) => {
        const phone = (user as { phoneNumber?: unknown }).phoneNumber;
        await hooks.passwordReset({
          email: user.email,
          firstName: firstNameOf(user),
          phoneNumber: typeof phone === 'string' ? phone : undefined,
        });
      },
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) =>
        hooks.sendResetPassword({ email: user.email, firstName: firstNameOf(user) }, url),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      // The same link confirms a new account's address and a changed one: its token says which.
      sendVerificationEmail: async ({ user, url, token }) =>
        tokenRequestType(token) === 'change-email-verification'
          ? hooks.sendEmailChange({ email: user.email, firstName: firstNameOf(user) }, url)
          : hooks.sendVerificationEmail({ email: user.email, firstName: firstNameOf(user) }, url),
    },
    user: {
      // A new address is confirmed by a link sent to it before it replaces the old one; asking
      // needs a recent sign-in (recent-sign-in.ts).
      changeEmail: { enabled: true },
      additionalFields: {
        // Empty for an account made by a code or link by email until the name step is answered;
        // a registration with a password must give them (requestChecks).
        firstName: { type: 'string', required: true, defaultValue: '', input: true },
        lastName: { type: 'string', required: true, defaultValue: '', input: true },
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
            const user = (await ctx?.context.internalAdapter.findUserById(session.userId)) as {
              disabledAt?: unknown;
              role?: unknown;
            } | null;
            if (user?.disabledAt) {
              throw APIError.from('FORBIDDEN', {
                message: ACCOUNT_DISABLED_MESSAGE,
                code: 'ACCOUNT_DISABLED',
              });
            }
            // Thrown after the address is marked confirmed: it stays confirmed, nobody is signed in.
            if (VERIFICATION_PATHS.has(ctx?.path ?? '') && roleOf(user?.role) !== 'customer') {
              throw APIError.from('FORBIDDEN', {
                message: 'Your email address is confirmed. Please sign in.',
                code: SIGN_IN_AFTER_VERIFICATION,
              });
            }
            return { data: await sessionFactors(session as SessionFactors, ctx) };
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
      // Better Auth's own "fresh session" rule is off: ours (recent-sign-in.ts) asks for a
      // confirmation in place, and does not refuse the list of devices to an older session.
      freshAge: 0,
      additionalFields: {
        // Set when the person confirmed it is them (password, code or passkey) on this session.
        reauthenticatedAt: { type: 'number', required: false, input: false },
        // How the session was made and the second factor it passed (session-factors.ts). No
        // default values: a copy of a session (two-factor turned on or off) keeps its own.
        signInMethod: { type: 'string', required: false, input: false },
        secondFactor: { type: 'string', required: false, input: false },
        secondFactorAt: { type: 'number', required: false, input: false },
      },
    },
    hooks: { before: requestChecks(env.APP_URL), after: countFailedSignIns(hooks) },
    rateLimit: { enabled: false },
    // 404 over HTTP; auth.api calls on the server still work (endpoint-table.ts). Among them the
    // magic-link GET, which would sign in whoever opens it (login CSRF): the mailed link opens
    // /login/link, whose button posts.
    disabledPaths: CLOSED_PATHS,
    advanced: {
      useSecureCookies: env.isHttps,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
    },
    socialProviders: socialProviderOptions(env),
    account: {
      accountLinking: {
        enabled: true,
        // An identity joins an existing account of the same email only when the provider says
        // it checked that email (email_verified); Google and Apple always do.
        trustedProviders: ['google', 'apple'],
        // Linking from /account is the signed-in person's own act (after a recent sign-in).
        allowDifferentEmails: true,
      },
    },
    plugins: [
      ...secondFactorPlugins(hooks, hash),
      openIdConnectPlugin(env),
      hashedPhoneCodes(hash),
      phoneCodePlugin(hooks),
      emailCodePlugin(hooks, hash),
      apiTokenPlugin(env),
      passkeyPlugin(env),
      magicLinkPlugin(hooks),
    ],
  } satisfies BetterAuthOptions;
}

/** The kind of a Better Auth email token (a signed JWT: its payload is readable, not forgeable). */
export function tokenRequestType(token: string): string | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      requestType?: unknown;
    };
    return typeof payload.requestType === 'string' ? payload.requestType : undefined;
  } catch {
    return undefined;
  }
}

function firstNameOf(user: unknown): string | undefined {
  const value = (user as { firstName?: unknown }).firstName;
  return typeof value === 'string' && value ? value : undefined;
}
