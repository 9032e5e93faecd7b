import type { AppLoadContext } from 'react-router';
import { sessionUser } from '#server/auth/auth';
import type { AppServices, Viewer } from '#server/types';
import { countCart } from '~/commerce/cart/cart.server';
import { getSessionUser, type SessionUser } from '~/lib/session.server';

/**
 * Who is looking at a page, as its header shows them: null for a guest (or a session that is
 * over). The session is checked in the database (one indexed query), so a signed-out device
 * shows the guest's header at once, and the cart count is one query on the user's index.
 */
export async function viewerOf(services: AppServices, headers: Headers): Promise<Viewer | null> {
  return viewerOfUser(services, await sessionUser(services.auth, headers, { fresh: true }));
}

/** The same for a page's root loader: the session check is the one the page's own loader shares. */
export async function viewerOfRequest(context: AppLoadContext, request: Request): Promise<Viewer | null> {
  return viewerOfUser(context.services, await getSessionUser(context, request, { fresh: true }));
}

async function viewerOfUser(services: AppServices, user: SessionUser | null): Promise<Viewer | null> {
  if (!user) return null;
  return { name: user.firstName || 'there', cartCount: await countCart(services.database.db, user.id) };
}
