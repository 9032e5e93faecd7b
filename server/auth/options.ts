import type { BetterAuthOptions } from 'better-auth';
import { passkey } from '@better-auth/passkey';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { emailOTP, jwt, magicLink, phoneNumber, twoFactor } from 'better-auth/plugins';
import type { Kysely } from 'kysely';
import type { Engine } from '../db/database';
import type { Env } from '../env';
import type { SignInMethod } from '../metrics/store-metrics';
import { CLOSED_PATHS } from './endpoint-table';
import { createPasswordHasher } from './password';
import { PASSWORD_MIN_LENGTH } from '../../app/lib/password-rules';
import { refuseWeakNewPassword } from './password-policy';
import { openIdConnectPlugin, socialProviderOptions } from './providers';
import { isSensitiveAuthPath, requireRecentSignIn } from './recent-sign-in';
import { roleOf } from './roles';
import {
  type SessionFactors,
  passkeyUserVerified,
  rememberFirstFactor,
  sessionFactors,
} from './session-factors';

/** The purposes of a code by mail other than signing in (Better Auth's email-otp types). */
export type AccountCodePurpose = 'email-verification' | 'forget-password' | 'change-email';
import { hashedIdentifiers, hashedPhoneCodes, storedSecretHash } from './stored-secrets';

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

/** A mobile number in international form: + and 7 to 15 digits (E.164). */
export const PHONE_NUMBER_PATTERN = /^\+[1-9]\d{6,14}$/;

/**
 * An account made by a code by text has no email address: Better Auth needs one, so it gets a
 * placeholder under the reserved .invalid domain, which no mail is ever sent to.
 */
export const PHONE_ACCOUNT_EMAIL_DOMAIN = 'phone.medisupply.invalid';

/** How long a signed API token (the jwt plugin) is good for. */
export const API_TOKEN_LIFETIME = '15m';

/** How long an emailed sign-in code or link works, once. */
export const SIGN_IN_CODE_SECONDS = 10 * 60;

/**
 * Better Auth asks for the second factor after a password only. A code or a link by email is
 * one factor as well: an account with two-factor on is asked for it after these too.
 */
const PASSWORDLESS_SIGN_IN_PATHS = new Set([
  '/sign-in/email-otp',
  '/magic-link/verify',
  '/phone-number/verify',
]);

/** The second factor: an authenticator app (TOTP), or a code texted to the account's verified mobile. */
function secondFactorPlugins(hooks: AuthHooks, hash: (value: string) => Promise<string>) {
  const plugin = twoFactor({
    issuer: 'MediSupply',
    otpOptions: {
      period: SIGN_IN_CODE_SECONDS / 60,
      allowedAttempts: 3,
      // Keyed, not a plain SHA-256 a copy of the database could reverse (stored-secrets.ts).
      storeOTP: { hash },
      sendOTP: async ({ user, otp }) => {
        const phone = user as { phoneNumber?: unknown; phoneNumberVerified?: unknown };
        if (typeof phone.phoneNumber !== 'string' || !phone.phoneNumberVerified) {
          throw APIError.from('BAD_REQUEST', {
            message:
              'This account has no mobile number for codes. Use your authenticator app or a backup code.',
            code: 'NO_PHONE_NUMBER',
          });
        }
        await hooks.sendPhoneCode(phone.phoneNumber, otp);
      },
    },
  });
  const challenge = plugin.hooks.after[0];
  if (!challenge) throw new Error('The two-factor plugin has no sign-in hook to reuse');
  return [
    plugin,
    {
      id: 'second-factor-after-email-sign-in',
      hooks: {
        after: [
          {
            matcher: (context: { path?: string }) => PASSWORDLESS_SIGN_IN_PATHS.has(context.path ?? ''),
            handler: challenge.handler,
          },
          // After the challenge above and the library's own: remembers which first factor the
          // session that the second-factor step will make follows (session-factors.ts).
          {
            matcher: (context: { path?: string }) =>
              context.path === '/sign-in/email' ||
              context.path === '/sign-in/phone-number' ||
              PASSWORDLESS_SIGN_IN_PATHS.has(context.path ?? ''),
            handler: rememberFirstFactor,
          },
        ],
      },
    },
  ];
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
      phoneNumber({
        otpLength: 6,
        expiresIn: SIGN_IN_CODE_SECONDS,
        allowedAttempts: 3,
        phoneNumberValidator: (value) => PHONE_NUMBER_PATTERN.test(value),
        sendOTP: ({ phoneNumber: to, code }) => hooks.sendPhoneCode(to, code),
        // Its endpoints are closed; a code issued on the server still reaches the number.
        sendPasswordResetOTP: ({ phoneNumber: to, code }) => hooks.sendPhoneResetCode(to, code),
        // Signing in by text with a new number makes its account (the name is asked right after).
        signUpOnVerification: {
          getTempEmail: (value) => `${value.replace(/\D/g, '')}@${PHONE_ACCOUNT_EMAIL_DOMAIN}`,
          getTempName: () => '',
        },
      }),
      emailOTP({
        otpLength: 6,
        expiresIn: SIGN_IN_CODE_SECONDS,
        // Three wrong tries end a code; our limits (limits.ts) slow guessing across codes.
        allowedAttempts: 3,
        storeOTP: { hash },
        // Every code is delivered when it is issued, whatever its type: none is stored silently.
        sendVerificationOTP: async ({ email, otp, type }) => {
          if (type === 'sign-in') await hooks.sendSignInCode(email, otp);
          else await hooks.sendAccountCode(email, otp, type);
        },
      }),
      // Short-lived signed tokens for API clients (GET /api/auth/token with a session), their
      // public keys at /.well-known/jwks.json (server/routes/well-known.ts). Never added to
      // every session read: a client asks for one.
      jwt({
        disableSettingJwtHeader: true,
        jwks: { keyPairConfig: { alg: 'EdDSA', crv: 'Ed25519' } },
        jwt: {
          issuer: env.APP_URL,
          audience: env.APP_URL,
          expirationTime: API_TOKEN_LIFETIME,
          definePayload: ({ user }) => ({
            email: user.email,
            role: (user as { role?: unknown }).role ?? 'customer',
          }),
        },
      }),
      // Passkeys: added and named on /account (after a recent sign-in), "Sign in with a passkey"
      // on /login. The relying party is this site's host; only its own origin may use them.
      passkey({
        rpID: new URL(env.APP_URL).hostname,
        rpName: 'MediSupply',
        origin: env.APP_URL,
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
        // simplewebauthn read the UV flag from the authenticator data it verified (signed).
        authentication: {
          afterVerification: ({ ctx, verification }) => {
            passkeyUserVerified.set(ctx, verification.authenticationInfo.userVerified);
          },
        },
      }),
      magicLink({
        expiresIn: SIGN_IN_CODE_SECONDS,
        storeToken: 'hashed',
        sendMagicLink: async ({ email, token, url }) =>
          hooks.sendSignInLink(email, token, new URL(url).searchParams.get('callbackURL') ?? '/'),
      }),
    ],
  } satisfies BetterAuthOptions;
}

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
 * Checks of our own before any endpoint runs: every "where to go next" in a body stays on this
 * site (Better Auth checks some only when the link is opened; we refuse before a mail is sent),
 * a new password follows the store's rule, a registration with a password names its person, and changes to how the account signs in
 * need a recent sign-in (recent-sign-in.ts).
 */
function requestChecks(appUrl: string) {
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
    if (ctx.path === '/sign-up/email') {
      for (const field of ['firstName', 'lastName'] as const) {
        const value = body[field];
        if (typeof value !== 'string' || !value.trim()) {
          throw APIError.from('BAD_REQUEST', { message: `${field} is required`, code: 'MISSING_FIELD' });
        }
      }
    }
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
function countFailedSignIns(hooks: AuthHooks) {
  return createAuthMiddleware(async (ctx) => {
    const method = SIGN_IN_METHODS[ctx.path];
    if (method && isAPIError(ctx.context.returned)) hooks.signInFailed?.(method);
  });
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
