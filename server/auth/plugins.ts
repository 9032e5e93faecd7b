import { passkey } from '@better-auth/passkey';
import { APIError } from 'better-auth/api';
import { emailOTP, jwt, magicLink, phoneNumber, twoFactor } from 'better-auth/plugins';
import type { Env } from '../env';
import type { AuthHooks } from './options';
import { passkeyUserVerified, rememberFirstFactor } from './session-factors';

/** Keyed hashing of stored codes (stored-secrets.ts). */
type Hash = (value: string) => Promise<string>;

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
export function secondFactorPlugins(hooks: AuthHooks, hash: Hash) {
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

/** Codes by text: signing in (a new number makes its account), adding a number, resets. */
export function phoneCodePlugin(hooks: AuthHooks) {
  return phoneNumber({
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
  });
}

/** Sign-in codes by email; every other type of code is mailed too, never stored silently. */
export function emailCodePlugin(hooks: AuthHooks, hash: Hash) {
  return emailOTP({
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
  });
}

/**
 * Short-lived signed tokens for API clients (GET /api/auth/token with a session), their
 * public keys at /.well-known/jwks.json (server/routes/well-known.ts). Never added to
 * every session read: a client asks for one.
 */
export function apiTokenPlugin(env: Env) {
  return jwt({
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
  });
}

/**
 * Passkeys: added and named on /account (after a recent sign-in), "Sign in with a passkey"
 * on /login. The relying party is this site's host; only its own origin may use them.
 */
export function passkeyPlugin(env: Env) {
  return passkey({
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
  });
}

/** Sign-in links by email: the link opens /login/link, whose button signs in. */
export function magicLinkPlugin(hooks: AuthHooks) {
  return magicLink({
    expiresIn: SIGN_IN_CODE_SECONDS,
    storeToken: 'hashed',
    sendMagicLink: async ({ email, token, url }) =>
      hooks.sendSignInLink(email, token, new URL(url).searchParams.get('callbackURL') ?? '/'),
  });
}
