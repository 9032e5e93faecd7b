import { type AppLoadContext, data, redirect } from 'react-router';
import type { SessionUser } from '#server/auth/auth';
import { getSessionUser } from '~/lib/session.server';

/** A member of staff, signed in with two-factor on, as the console's guards hand them on. */
export type StaffUser = SessionUser & { role: 'staff' | 'admin' };

/** Where a member of staff without two-factor is sent: the section of /account that turns it on. */
export const TWO_FACTOR_SETUP_PATH = '/account?staff=two-factor#two-factor';

/** The console's second-factor challenge (a session made without one: OIDC, a passkey without UV...). */
export const SECOND_FACTOR_PATH = '/admin/verify';

/** Where the challenge sends staff back to: a console path only (never another site). */
export function challengeTarget(value: string | null): string {
  return value && /^\/admin(?:[/?#]|$)/.test(value) && !value.startsWith(SECOND_FACTOR_PATH)
    ? value
    : '/admin';
}

/**
 * Every /admin page and form checks this on the server, freshly from the database (a role taken
 * away or a session revoked counts at once):
 * - a guest is sent to sign in and brought back;
 * - a customer gets the not-found page (the console's existence is nobody else's business);
 * - staff without two-factor are led to turn it on;
 * - a session that passed no second factor (ADR 0038) is sent to the challenge, which brings
 *   it back here: a page loads, or a form posted is refused (never run) and its page reloads;
 * - `admin` pages and actions refuse staff with 403.
 */
export async function requireStaff(
  context: AppLoadContext,
  request: Request,
  options: { admin?: boolean } = {},
): Promise<StaffUser> {
  const user = await requireStaffBeforeChallenge(context, request);
  if (!user.secondFactorPassed) {
    const url = new URL(request.url);
    const back =
      request.method === 'GET' || request.method === 'HEAD' ? url.pathname + url.search : url.pathname;
    throw redirect(`${SECOND_FACTOR_PATH}?redirectTo=${encodeURIComponent(challengeTarget(back))}`);
  }
  if (options.admin && user.role !== 'admin') {
    throw data('Only an administrator can do this.', { status: 403 });
  }
  return user;
}

/** The checks of requireStaff that come before the second factor: the challenge page's own. */
export async function requireStaffBeforeChallenge(
  context: AppLoadContext,
  request: Request,
): Promise<StaffUser> {
  const user = await getSessionUser(context, request, { fresh: true });
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  if (user.role === 'customer') throw data(null, { status: 404 });
  if (!user.twoFactorEnabled) throw redirect(TWO_FACTOR_SETUP_PATH);
  return user as StaffUser;
}

export function requireAdmin(context: AppLoadContext, request: Request): Promise<StaffUser> {
  return requireStaff(context, request, { admin: true });
}

/**
 * The action of a console page that takes no form. Without one, React Router answers a post
 * with 405 and logs it as a server error, and a guest posting there would not be sent to sign in
 * as everywhere else in the console: this answers whoever may not see the page as its loader
 * does, and staff with 405.
 */
export async function noFormAction({
  context,
  request,
}: {
  context: AppLoadContext;
  request: Request;
}): Promise<never> {
  await requireStaff(context, request);
  throw data('This page takes no form.', { status: 405, headers: { Allow: 'GET, HEAD' } });
}
