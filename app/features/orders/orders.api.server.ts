import { Hono } from 'hono';
import { requireApiUser, type UserBindings } from '#server/auth/require-api-user';
import { apiError } from '#server/http-error';
import type { AppServices } from '#server/types';
import { findUserOrder, listUserOrders } from '~/commerce/orders/orders.server';

/** /api/orders: the signed-in user's own orders; anyone else's is a 404, as if it did not exist. */
export function orderRoutes(services: AppServices) {
  const db = services.database.db;
  const app = new Hono<UserBindings>();
  app.use(requireApiUser(services.auth, 'Please sign in to see your orders.'));

  app.get('/', async (c) => c.json({ orders: await listUserOrders(db, c.get('user').id) }));

  app.get('/:reference', async (c) => {
    const order = await findUserOrder(db, c.get('user').id, c.req.param('reference').toUpperCase());
    if (!order) return apiError(c, 404, 'not_found', 'This order does not exist.');
    return c.json({ order });
  });

  return app;
}
