import { type AppLoadContext, data, redirect } from 'react-router';
import type { SessionUser } from '#server/auth/auth';
import { getSessionUser } from '../account/session.server';

/** A member of staff, signed in with two-factor on, as the console's guards hand them on. */
export type StaffUser = SessionUser & { role: 'staff' | 'admin' };

/** Where a member of staff without two-factor is sent: the section of /account that turns it on. */
export const TWO_FACTOR_SETUP_PATH = '/account?staff=two-factor#two-factor';

/**
 * Every /admin page and form checks this on the server, freshly from the database (a role taken
 * away or a session revoked counts at once):
 * - a guest is sent to sign in and brought back;
 * - a customer gets the not-found page (the console's existence is nobody else's business);
 * - staff without two-factor are led to turn it on;
 * - `admin` pages and actions refuse staff with 403.
 */
export async function requireStaff(
  context: AppLoadContext,
  request: Request,
  options: { admin?: boolean } = {},
): Promise<StaffUser> {
  const user = await getSessionUser(context, request, { fresh: true });
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  if (user.role === 'customer') throw data(null, { status: 404 });
  if (!user.twoFactorEnabled) throw redirect(TWO_FACTOR_SETUP_PATH);
  if (options.admin && user.role !== 'admin') {
    throw data('Only an administrator can do this.', { status: 403 });
  }
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
