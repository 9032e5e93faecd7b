import type { AppLoadContext } from 'react-router';
import { readRecentSignIn } from '#server/auth/recent-sign-in';
import { answer, type FormArgs, finish } from '~/lib/form-action.server';
import { requireUser } from '~/lib/session.server';
import { catalogueStore } from '~/commerce/catalogue/catalogue-store.server';
import { eraseAccount, personalDataOf, type ReviewData } from './personal-data.server';
import { ErasureRefused, erasureRefusal } from './organisation-data.server';
import { accountDeletedMail } from './privacy-mail.server';

/**
 * "Your data" on /account: the download of everything the store holds about the person, and
 * deleting the account (which needs a recent sign-in, as changing how it signs in does).
 */

/** GET /account/data: a JSON file, never cached. */
export async function personalDataDownload(
  context: AppLoadContext,
  request: Request,
  reviewData: ReviewData,
) {
  const user = await requireUser(context, request);
  const { auth, database } = context.services;
  const [session, accounts, sessions, held] = await Promise.all([
    auth.api.getSession({ headers: request.headers, query: { disableCookieCache: true } }),
    auth.api.listUserAccounts({ headers: request.headers }),
    auth.api.listSessions({ headers: request.headers }),
    personalDataOf(database.db, context.services.healthData, user, reviewData),
  ]);
  const profile = session?.user;
  const body = {
    store: 'MediSupply',
    exportedAt: new Date().toISOString(),
    profile: {
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      firstName: user.firstName,
      lastName: user.lastName,
      createdAt: profile ? new Date(profile.createdAt).toISOString() : null,
      twoFactorEnabled: user.twoFactorEnabled,
    },
    signInMethods: accounts.map((account) => ({
      method: account.providerId === 'credential' ? 'password' : account.providerId,
      addedAt: new Date(account.createdAt).toISOString(),
    })),
    sessions: sessions.map((s) => ({
      device: s.userAgent ?? null,
      ipAddress: s.ipAddress ?? null,
      signedInAt: new Date(s.createdAt).toISOString(),
      expiresAt: new Date(s.expiresAt).toISOString(),
    })),
    ...held,
  };
  const day = body.exportedAt.slice(0, 10);
  return new Response(JSON.stringify(body, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="medisupply-my-data-${day}.json"`,
      'Cache-Control': 'no-store',
    },
  });
}

export const DELETE_CONFIRMATION_REQUIRED = 'Tick the box to confirm that you want to delete your account.';

export interface DeleteAccountAnswer {
  intent: 'delete-account';
  ok: boolean;
  message?: string;
  fields?: Record<string, string>;
  reauth?: boolean;
  redirectTo?: string;
}

/** The account's own "confirm it is you" answer, handed in by the route that composes both. */
export type ReauthAnswer = (intent: 'delete-account') => Response | ReturnType<typeof answer>;

async function deleteAccount(
  { context, request, form }: FormArgs<AppLoadContext>,
  reauthAnswer: ReauthAnswer,
  reviewData: ReviewData,
) {
  const intent = 'delete-account';
  const user = await requireUser(context, request);
  if (user.role !== 'customer') {
    return answer<DeleteAccountAnswer>(
      { intent, ok: false, message: 'Staff accounts are removed by an administrator on the Staff page.' },
      { status: 403 },
    );
  }
  if (form.get('confirm') !== 'yes') {
    return answer<DeleteAccountAnswer>(
      { intent, ok: false, fields: { confirm: DELETE_CONFIRMATION_REQUIRED } },
      { status: 400 },
    );
  }
  const { auth, database, mail } = context.services;
  if ((await readRecentSignIn(auth, request.headers)) <= Date.now()) {
    return reauthAnswer(intent);
  }
  // Asked before signing out: a refused deletion leaves the person signed in to fix it.
  const refusal = await erasureRefusal(database.db, user.id);
  if (refusal) return answer<DeleteAccountAnswer>({ intent, ok: false, message: refusal }, { status: 409 });
  // The cookies to clear, before the sessions are gone with the account.
  const signedOut = await auth.api.signOut({ headers: request.headers, asResponse: true });
  const headers = new Headers();
  for (const line of signedOut.headers.getSetCookie()) headers.append('Set-Cookie', line);
  let erased;
  try {
    erased = await database.db.transaction().execute(async (trx) => {
      const done = await eraseAccount(trx, user, reviewData);
      await mail.send(
        {
          kind: 'account deleted',
          to: user.email,
          ...accountDeletedMail({ firstName: user.firstName, ordersKept: done.ordersKept }),
        },
        { trx },
      );
      return done;
    });
  } catch (error) {
    // A colleague's role changed since the check above: nothing was erased (the sign-out stands).
    if (!(error instanceof ErasureRefused)) throw error;
    return answer<DeleteAccountAnswer>({ intent, ok: false, message: error.message }, { status: 409 });
  }
  const { reviewedProducts, refillCardTokens } = erased;
  // The refill plans' saved cards: forgotten at the gateway now the erasure has committed.
  for (const token of refillCardTokens) await context.services.payments.vault?.forgetCard(token);
  // Their published reviews are gone: those products' figures and pages, on every instance.
  if (reviewedProducts.length > 0) await catalogueStore(context.services).changed(reviewedProducts);
  context.services.logger.info({ userId: user.id }, 'account deleted at its owner’s request');
  return finish<DeleteAccountAnswer>(
    form,
    '/?account=deleted',
    { intent, ok: true, redirectTo: '/' },
    headers,
  );
}

/** The forms of /account that are about the shopper's data, answered with the account's refusals. */
export const accountDataIntents = (reauthAnswer: ReauthAnswer, reviewData: ReviewData) => ({
  'delete-account': (args: FormArgs<AppLoadContext>) => deleteAccount(args, reauthAnswer, reviewData),
});
