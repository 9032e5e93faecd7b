import type { FormAnswer } from '~/lib/form-answer';

/**
 * The forms of /login, /signup, /reset-password and /account, and what their actions answer
 * (the answers carry their messages: account-text.server.ts). Shared by actions and forms.
 */

/** Texts a form shows by itself as well (each its own export, so a page loads only its own). */
export const UNVERIFIED = 'Please confirm your email address first. We sent you a link when you registered.';
export const REGISTERED =
  'Registration successful. Please check your email to confirm your account, then sign in.';
export const RESET_INVALID = 'This reset link is invalid or has expired.';

/** The second step by: the authenticator app, a backup code, or a code texted to the account's mobile. */
export type TwoFactorMode = 'totp' | 'backup' | 'sms';

/** /login and /signup. */
export interface AccessAnswer extends FormAnswer {
  intent:
    | 'sign-in'
    | 'sign-up'
    | 'forgot-password'
    | 'resend-verification'
    | 'two-factor'
    | 'email-code'
    | 'phone-send'
    | 'phone-code'
    | 'oauth'
    | 'magic-link'
    | 'complete-name';
  /** The password was right and the account asks for its second factor. */
  twoFactor?: boolean;
  mode?: TwoFactorMode;
  /** Signed in (JavaScript only: a plain POST is redirected there instead). */
  redirectTo?: string;
  /** Refused until the email address is confirmed: offer to send the link again. */
  unverified?: boolean;
  /** A sign-in code was emailed (values.email) or texted (values.phoneNumber): the page asks for it. */
  codeSent?: boolean;
  /** Signed in, but the account has no name yet (made by a code or link): the page asks once. */
  needsName?: boolean;
  /** The sign-in link cannot be used (any more): offer a new one. */
  invalid?: boolean;
}

/** How long a code or link by email works (server/auth/options.ts SIGN_IN_CODE_SECONDS). */
export const SIGN_IN_CODE_MINUTES = 10;

/** /reset-password. */
export interface ResetAnswer extends FormAnswer {
  intent: 'reset-password';
  /** The link cannot be used (any more): offer a new one. */
  invalid?: boolean;
}

/** /verify-email. */
export interface VerifyEmailAnswer extends FormAnswer {
  intent: 'verify-email';
  /** Confirmed and signed in: where to go now. */
  to?: string;
  /** Confirmed, nobody signed in (staff, or a visitor without a session): sign in to go on. */
  confirmed?: boolean;
  /** The link cannot be used (any more). */
  invalid?: boolean;
}

/** /account. */
export interface AccountAnswer extends FormAnswer {
  intent:
    | 'profile'
    | 'password'
    | 'two-factor-disable'
    | 'sign-out-others'
    | 'sign-out-everywhere'
    | 'reauth-password'
    | 'reauth-send-code'
    | 'reauth-code'
    | 'phone-add-send'
    | 'phone-add-verify'
    | 'phone-remove'
    | 'email-change'
    | 'identity-link'
    | 'identity-unlink'
    | 'delete-account';
  /** A confirmation code was emailed (the confirm-it-is-you step asks for it). */
  codeSent?: boolean;
  /** Refused: the session was not signed in recently; the page asks to confirm first. */
  reauth?: boolean;
  /** Signed out everywhere (JavaScript only: a plain POST is redirected home instead). */
  redirectTo?: string;
}
