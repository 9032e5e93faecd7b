import type { AppLoadContext } from 'react-router';
import { sessionUser } from '#server/auth/auth';
import type { AppServices, Viewer } from '#server/types';
import { countCart } from '~/commerce/cart/cart.server';
import { getSessionUser, type SessionUser } from '~/lib/session.server';

/**
 * The product ids of a user's wishlist, handed in by whoever composes the page (the wishlist
 * is a feature of its own): the hearts a page shows pressed.
 */
export type WishlistOf = (userId: string) => Promise<string[]>;

/**
 * Who is looking at a page, as its header and hearts show them: null for a guest (or a session
 * that is over). The session is checked in the database (one indexed query), so a signed-out
 * device shows the guest's header at once; the cart count and the wishlist are one query each
 * on the user's index.
 */
export async function viewerOf(services: AppServices, headers: Headers, wishlistOf: WishlistOf) {
  return viewerOfUser(services, await sessionUser(services.auth, headers, { fresh: true }), wishlistOf);
}

/** The same for a page's root loader: the session check is the one the page's own loader shares. */
export async function viewerOfRequest(context: AppLoadContext, request: Request, wishlistOf: WishlistOf) {
  return viewerOfUser(context.services, await getSessionUser(context, request, { fresh: true }), wishlistOf);
}

async function viewerOfUser(
  services: AppServices,
  user: SessionUser | null,
  wishlistOf: WishlistOf,
): Promise<Viewer | null> {
  if (!user) return null;
  const [cartCount, wishlist] = await Promise.all([
    countCart(services.database.db, user.id),
    wishlistOf(user.id),
  ]);
  return { name: user.firstName || 'there', cartCount, wishlist };
}
