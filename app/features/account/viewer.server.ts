import { sessionUser } from '#server/auth/auth';
import type { AppServices, Viewer } from '#server/types';
import { countCart } from '~/features/cart/cart.server';

/**
 * Who is looking at a page, as its header shows them: null for a guest (or a session that is
 * over). The session is checked in the database (one indexed query), so a signed-out device
 * shows the guest's header at once, and the cart count is one query on the user's index.
 */
export async function viewerOf(services: AppServices, headers: Headers): Promise<Viewer | null> {
  const user = await sessionUser(services.auth, headers, { fresh: true });
  if (!user) return null;
  return { name: user.firstName || 'there', cartCount: await countCart(services.database.db, user.id) };
}
