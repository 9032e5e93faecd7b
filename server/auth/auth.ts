import { betterAuth } from 'better-auth';
import type { Kysely } from 'kysely';
import type { AppDatabase } from '../db/database';
import type { Env } from '../env';
import type { MailContent } from '../mail/layout';
import type { Outbox } from '../mail/outbox';
import type { StoreMetrics } from '../metrics/store-metrics';
import type { SmsOutbox } from '../sms/sms';
import { authOptions } from './options';
import { roleOf, type UserRole } from './roles';
import { type LookupContext, lookupSession } from './session-lookup';
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
  return betterAuth(
    authOptions(env, database.db as never, database.engine, {
      sendVerificationEmail: (user, url) =>
        send('email verification', user.email, mails.verifyEmail({ firstName: user.firstName, url })),
      sendResetPassword: (user, url) =>
        send('password reset', user.email, mails.resetPassword({ firstName: user.firstName, url })),
      sendEmailChange: (user, url) =>
        send('email change', user.email, mails.changeEmail({ firstName: user.firstName, url })),
      sendSignInCode: (email, code) => send('sign-in code', email, mails.signInCode({ code })),
      sendSignInLink: (email, token, redirectTo) =>
        send('sign-in link', email, mails.signInLink({ url: signInLinkUrl(env.APP_URL, token, redirectTo) })),
      sendPhoneCode: (to, code) => sms.send({ to, body: phoneCodeText(env.APP_URL, code) }),
      signInFailed: metrics?.signInFailed,
    }),
  );
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

export type Auth = ReturnType<typeof createAuth>;
export type { UserRole };

export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  role: UserRole;
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
  };
}

/** The account page's rows of a signed-in user (server/auth/own-rows.ts). */
export async function ownAuthRows(auth: Auth, userId: string, headers: Headers): Promise<OwnAuthRows> {
  const { db, context } = await lookupOf(auth);
  return readOwnAuthRows(db, context, userId, headers);
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
