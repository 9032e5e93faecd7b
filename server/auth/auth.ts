import { betterAuth } from 'better-auth';
import type { Kysely } from 'kysely';
import type { AppDatabase } from '../db/database';
import type { Env } from '../env';
import type { MailContent } from '../mail/layout';
import type { Outbox } from '../mail/outbox';
import type { StoreMetrics } from '../metrics/store-metrics';
import type { SmsOutbox } from '../sms/sms';
import { assertEveryPathClassified } from './endpoint-check';
import { type AccountCodePurpose, authOptions, PHONE_ACCOUNT_EMAIL_DOMAIN } from './options';
import { roleOf, type UserRole } from './roles';
import { readCookie } from '../../app/lib/cookies';
import { type LookupContext, lookupSession, verifySignedCookie } from './session-lookup';
import { passedSecondFactor, type SessionFactors } from './session-factors';
import { type OwnAuthRows, readOwnAuthRows } from './own-rows';

/**
 * The mails Better Auth sends. Their wording is the account feature's; the composition root
 * (server/app.ts) hands them in, so server/ imports no feature.
 */
export interface AuthMails {
  verifyEmail(recipient: { firstName?: string | null; url: string }): MailContent;
  resetPassword(recipient: { firstName?: string | null; url: string }): MailContent;
  changeEmail(recipient: { firstName?: string | null; url: string }): MailContent;
  signInCode(recipient: { code: string }): MailContent;
  signInLink(recipient: { url: string }): MailContent;
  /** A code by mail for another purpose than signing in (its endpoints are closed, but a code
   * issued on the server still reaches its owner, never stored silently). */
  accountCode(recipient: { code: string; purpose: AccountCodePurpose }): MailContent;
  /** After a password reset by any method. */
  passwordChanged(recipient: { firstName?: string | null }): MailContent;
}

export function createAuth(
  env: Env,
  database: AppDatabase,
  outbox: Outbox,
  mails: AuthMails,
  sms: SmsOutbox,
  metrics?: Pick<StoreMetrics, 'signInFailed'>,
) {
  // Queued: a mail server that is down delays the mail, and the visitor's answer is the same.
  // Each mail's kind is what the jobs console and the log show of it: never its subject or body.
  const send = (kind: string, to: string, mail: MailContent) => outbox.send({ kind, to, ...mail });
  const auth = betterAuth(
    authOptions(env, database.db as never, database.engine, {
      sendVerificationEmail: (user, url) =>
        send(
          'email verification',
          user.email,
          mails.verifyEmail({ firstName: user.firstName, url: verifyEmailPageUrl(env.APP_URL, url) }),
        ),
      sendResetPassword: (user, url) =>
        send(
          'password reset',
          user.email,
          mails.resetPassword({ firstName: user.firstName, url: resetPasswordPageUrl(env.APP_URL, url) }),
        ),
      sendEmailChange: (user, url) =>
        send(
          'email change',
          user.email,
          mails.changeEmail({ firstName: user.firstName, url: verifyEmailPageUrl(env.APP_URL, url) }),
        ),
      sendSignInCode: (email, code) => send('sign-in code', email, mails.signInCode({ code })),
      sendSignInLink: (email, token, redirectTo) =>
        send('sign-in link', email, mails.signInLink({ url: signInLinkUrl(env.APP_URL, token, redirectTo) })),
      sendPhoneCode: (to, code) => sms.send({ to, body: phoneCodeText(env.APP_URL, code) }),
      sendAccountCode: (email, code, purpose) =>
        send('account code', email, mails.accountCode({ code, purpose })),
      sendPhoneResetCode: (to, code) => sms.send({ to, body: phoneResetCodeText(env.APP_URL, code) }),
      passwordReset: (user) =>
        user.email.endsWith(`@${PHONE_ACCOUNT_EMAIL_DOMAIN}`)
          ? user.phoneNumber
            ? sms.send({ to: user.phoneNumber, body: PASSWORD_CHANGED_TEXT })
            : Promise.resolve()
          : send('password changed', user.email, mails.passwordChanged({ firstName: user.firstName })),
      signInFailed: metrics?.signInFailed,
    }),
  );
  // A path the library serves that nobody classified stops the start (endpoint-table.ts).
  assertEveryPathClassified(auth.api);
  return auth;
}

const PASSWORD_CHANGED_TEXT =
  'MediSupply: the password of your account was just changed. If this was not you, reset it from the sign-in page and contact us.';

/** The text of a password-reset code by SMS (bound to our site like the sign-in code). */
export function phoneResetCodeText(appUrl: string, code: string): string {
  return `MediSupply password reset code: ${code}. If you did not ask for it, ignore this message.\n\n@${new URL(appUrl).host} #${code}`;
}

/**
 * The text of a code by SMS. Its last line binds the code to our site (the domain-bound code
 * format), so a phone offers to fill it in on our pages only.
 */
export function phoneCodeText(appUrl: string, code: string): string {
  return `MediSupply code: ${code}. It works once, within 10 minutes. We will never call you to ask for it.\n\n@${new URL(appUrl).host} #${code}`;
}

/**
 * The link in the mail opens our page, which signs in only when its button is pressed: mail
 * scanners that open every link would otherwise spend the one-time token before the reader.
 */
export function signInLinkUrl(appUrl: string, token: string, redirectTo: string): string {
  const url = new URL('/login/link', appUrl);
  url.searchParams.set('token', token);
  if (redirectTo.startsWith('/') && !redirectTo.startsWith('//') && redirectTo !== '/') {
    url.searchParams.set('redirectTo', redirectTo);
  }
  return url.toString();
}

/** A path on this site to go to afterwards, or undefined (another site, or nothing). */
export function ownSitePath(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  return value;
}

/**
 * Our /verify-email page for the library's verification link (GET /api/auth/verify-email, which
 * would confirm and sign in whoever opened it): the page's button confirms, by a POST that the
 * origin check guards, so another site cannot sign a visitor in with its own link (login CSRF).
 */
export function verifyEmailPageUrl(appUrl: string, libraryUrl: string): string {
  const from = new URL(libraryUrl, appUrl);
  const url = new URL('/verify-email', appUrl);
  url.searchParams.set('token', from.searchParams.get('token') ?? '');
  const callbackURL = ownSitePath(from.searchParams.get('callbackURL'));
  if (callbackURL && callbackURL !== '/') url.searchParams.set('callbackURL', callbackURL);
  return url.toString();
}

/** Our /reset-password page for the library's reset link (/api/auth/reset-password/:token). */
export function resetPasswordPageUrl(appUrl: string, libraryUrl: string): string {
  const token = decodeURIComponent(new URL(libraryUrl, appUrl).pathname.split('/').pop() ?? '');
  const url = new URL('/reset-password', appUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

export type Auth = ReturnType<typeof createAuth>;
export type { AccountCodePurpose, UserRole };

export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  role: UserRole;
  /** This session passed a second factor (session-factors.ts): the console asks for it otherwise. */
  secondFactorPassed: boolean;
}

/**
 * The signed-in user of a request, or null. By default the signed session cookie cache
 * answers (no query); `fresh` checks the database, so a session revoked on another device is
 * refused at once: account pages, checkout and anything that writes use it.
 */
export async function sessionUser(
  auth: Auth,
  headers: Headers,
  options: { fresh?: boolean } = {},
): Promise<SessionUser | null> {
  if (options.fresh) {
    const { db, context } = await lookupOf(auth);
    const found = await lookupSession(db, context, headers);
    if (found !== 'delegate') return found;
  }
  const session = await auth.api.getSession({
    headers,
    query: { disableCookieCache: options.fresh ?? false },
  });
  if (!session) return null;
  const user = session.user as typeof session.user & {
    firstName?: string;
    lastName?: string;
    twoFactorEnabled?: boolean | null;
    role?: unknown;
  };
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    emailVerified: user.emailVerified,
    twoFactorEnabled: Boolean(user.twoFactorEnabled),
    role: roleOf(user.role),
    secondFactorPassed: passedSecondFactor(session.session as SessionFactors),
  };
}

/** The account page's rows of a signed-in user (server/auth/own-rows.ts). */
export async function ownAuthRows(auth: Auth, userId: string, headers: Headers): Promise<OwnAuthRows> {
  const { db, context } = await lookupOf(auth);
  return readOwnAuthRows(db, context, userId, headers);
}

/**
 * The user an attempt is about, for the per-user limits of the second factor: the pending
 * two-factor sign-in's cookie (a signed id of a verification row whose value is the user id,
 * as Better Auth's verify-two-factor.mjs resolves it), else the signed-in session's user.
 */
export function userOfAttempt(auth: Auth) {
  return async (headers: Headers): Promise<string | undefined> => {
    const ctx = await auth.$context;
    const raw = readCookie(headers.get('cookie') ?? '', ctx.createAuthCookie('two_factor').name);
    const pending = raw ? verifySignedCookie(raw, ctx.secret) : null;
    if (pending) {
      const row = await ctx.internalAdapter.findVerificationValue(pending);
      if (row) return row.value;
    }
    if (!headers.get('cookie')) return undefined;
    const session = await auth.api.getSession({ headers }).catch(() => null);
    return session?.user.id;
  };
}

const lookups = new WeakMap<Auth, Promise<{ db: Kysely<never>; context: LookupContext }>>();

/** What the fresh session check needs from Better Auth's resolved configuration, read once. */
function lookupOf(auth: Auth) {
  let found = lookups.get(auth);
  if (!found) {
    found = auth.$context.then((ctx) => ({
      db: (ctx.options.database as { db: Kysely<never> }).db,
      context: {
        secret: ctx.secret,
        sessionCookie: ctx.authCookies.sessionToken.name,
        dontRememberCookie: ctx.authCookies.dontRememberToken.name,
        expiresIn: ctx.sessionConfig.expiresIn,
        updateAge: ctx.sessionConfig.updateAge,
      },
    }));
    lookups.set(auth, found);
  }
  return found;
}
