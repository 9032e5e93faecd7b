import { Hono } from 'hono';
import { requireApiUser, type UserBindings } from '#server/auth/require-api-user';
import type { AppServices } from '#server/types';
import { catalogueOf } from '~/commerce/catalogue/catalogue-store.server';
import { listWishlist } from './wishlist.server';

/**
 * GET /api/wishlist: a signed-in user's wishlist, read by the page's script after it loads so
 * it follows them to other devices. Changes are forms posted to /wishlist
 * (wishlist-form-answer.server.ts, docs/decisions/0045).
 */
export function wishlistRoutes(services: AppServices) {
  const { auth } = services;
  const db = services.database.db;
  const app = new Hono<UserBindings>();

  app.use(requireApiUser(auth, 'Please sign in to use your account wishlist.'));

  app.get('/', async (c) =>
    c.json({ items: await listWishlist(db, catalogueOf(services), c.get('user').id) }),
  );

  return app;
}
