import { Hono } from 'hono';
import { requireApiUser, type UserBindings } from '#server/auth/require-api-user';
import { apiError } from '#server/http-error';
import type { AppServices } from '#server/types';
import { parseBody } from '#server/validate';
import { catalogueOf } from '~/commerce/catalogue/catalogue-store.server';
import {
  addToWishlist,
  clearWishlist,
  listWishlist,
  mergeWishlist,
  removeFromWishlist,
} from './wishlist.server';
import { wishlistAddSchema, wishlistMergeSchema } from './wishlist.schema';

/** /api/wishlist: a signed-in user's wishlist, so it follows them to other devices. */
export function wishlistRoutes(services: AppServices) {
  const { auth } = services;
  const db = services.database.db;
  const app = new Hono<UserBindings>();

  app.use(requireApiUser(auth, 'Please sign in to use your account wishlist.'));

  app.get('/', async (c) =>
    c.json({ items: await listWishlist(db, catalogueOf(services), c.get('user').id) }),
  );

  app.post('/items', async (c) => {
    const body = await parseBody(c, wishlistAddSchema);
    if (!body.ok) return body.response;
    if (!(await addToWishlist(db, catalogueOf(services), c.get('user').id, body.data.productId))) {
      return apiError(c, 400, 'unknown_product', 'This product does not exist.');
    }
    return c.json({ items: await listWishlist(db, catalogueOf(services), c.get('user').id) });
  });

  app.delete('/items/:productId', async (c) => {
    if (!(await removeFromWishlist(db, c.get('user').id, c.req.param('productId')))) {
      return apiError(c, 404, 'not_found', 'This item is not in your wishlist.');
    }
    return c.json({ ok: true });
  });

  app.delete('/', async (c) => {
    await clearWishlist(db, c.get('user').id);
    return c.json({ ok: true });
  });

  app.post('/merge', async (c) => {
    const body = await parseBody(c, wishlistMergeSchema);
    if (!body.ok) return body.response;
    await mergeWishlist(db, catalogueOf(services), c.get('user').id, body.data.productIds);
    return c.json({ items: await listWishlist(db, catalogueOf(services), c.get('user').id) });
  });

  return app;
}
