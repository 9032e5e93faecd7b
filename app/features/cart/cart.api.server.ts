import { type Context, Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { requireApiUser, type UserBindings } from '#server/auth/require-api-user';
import { apiError } from '#server/http-error';
import type { AppServices } from '#server/types';
import { parseBody } from '#server/validate';
import { catalogueOf } from '~/commerce/catalogue/catalogue-store.server';
import { LINE_LIMIT_MESSAGE, stockLimitMessage } from '~/commerce/cart/cart';
import { CART_TAB_HEADER, cartTabId } from './cart-tab';
import { addToCartSchema, mergeCartSchema, setQuantitySchema } from '~/commerce/cart/cart.schema';
import { itemCount } from '~/commerce/cart-limits';
import {
  addToCart,
  CartRuleError,
  clearCart,
  countCart,
  listCart,
  mergeIntoCart,
  removeFromCart,
  setCartQuantity,
} from '~/commerce/cart/cart.server';

const STATUS = { unknown_product: 400, out_of_stock: 409, not_found: 404 } as const;
/** The event stream: the browser's wait before reconnecting, and a ping to keep proxies from closing it. */
const RETRY_MS = 2_000;
const PING_MS = 25_000;
/** After an instance's planned stop, a client reconnects within 250-1,000 ms. */
const RECONNECT_MIN_MS = 250;
const RECONNECT_SPREAD_MS = 750;

/** Ends the event streams when this instance stops taking connections (server/http-lifecycle.ts). */
export interface CartRouteOptions {
  closing?: AbortSignal;
}

/** /api/cart: the signed-in user's cart, and only theirs (every query is scoped by user id). */
export function cartRoutes(services: AppServices, options: CartRouteOptions = {}) {
  const { database, auth, cartEvents } = services;
  const db = database.db;
  const app = new Hono<UserBindings>();

  app.use(requireApiUser(auth, 'Please sign in to use your account cart.'));

  // The tab that asked for the change gets it back with the signal, and so skips a re-read.
  // Not awaited (as after a payment): on PostgreSQL the signal is a NOTIFY, one more round trip
  // the answer does not depend on, and a lost signal was never an error.
  const changed = (c: Context<UserBindings>) =>
    void cartEvents
      .publish(c.get('user').id, cartTabId(c.req.header(CART_TAB_HEADER)))
      .catch(() => undefined);
  const failure = (c: Parameters<typeof apiError>[0], error: unknown) => {
    if (error instanceof CartRuleError) return apiError(c, STATUS[error.code], error.code, error.message);
    throw error;
  };

  app.get('/', async (c) => {
    const items = await listCart(db, c.get('user').id);
    return c.json({ items, count: itemCount(items) });
  });

  app.get('/count', async (c) => c.json({ count: await countCart(db, c.get('user').id) }));

  app.post('/items', async (c) => {
    const body = await parseBody(c, addToCartSchema);
    if (!body.ok) return body.response;
    try {
      const { line, capped, limit } = await addToCart(
        db,
        catalogueOf(services),
        c.get('user').id,
        body.data.productId,
        body.data.quantity,
      );
      changed(c);
      const message =
        limit?.reason === 'stock' ? stockLimitMessage(limit.left) : capped ? LINE_LIMIT_MESSAGE : undefined;
      return c.json({ item: line, capped, limit, message });
    } catch (error) {
      return failure(c, error);
    }
  });

  app.patch('/items/:id', async (c) => {
    const body = await parseBody(c, setQuantitySchema);
    if (!body.ok) return body.response;
    try {
      const item = await setCartQuantity(db, c.get('user').id, c.req.param('id'), body.data.quantity);
      changed(c);
      return c.json({ item });
    } catch (error) {
      return failure(c, error);
    }
  });

  app.delete('/items/:id', async (c) => {
    try {
      await removeFromCart(db, c.get('user').id, c.req.param('id'));
      changed(c);
      return c.json({ ok: true });
    } catch (error) {
      return failure(c, error);
    }
  });

  app.delete('/', async (c) => {
    await clearCart(db, c.get('user').id);
    changed(c);
    return c.json({ ok: true });
  });

  app.post('/merge', async (c) => {
    const body = await parseBody(c, mergeCartSchema);
    if (!body.ok) return body.response;
    const result = await mergeIntoCart(db, catalogueOf(services), c.get('user').id, body.data.items);
    changed(c);
    return c.json({ ...result, items: await listCart(db, c.get('user').id) });
  });

  // Server-sent events: "changed" whenever this user's cart changes anywhere; the browser's
  // EventSource reconnects by itself after a network loss, and reads the cart again on the
  // new stream's "ready" (cart-sync.ts), so nothing changed meanwhile is missed.
  app.get('/events', (c) =>
    streamSSE(c, async (stream) => {
      const userId = c.get('user').id;
      const { closing } = options;
      let wake: () => void = () => undefined;
      const unsubscribe = cartEvents.subscribe(userId, (change) => {
        void stream.writeSSE({ event: 'changed', data: JSON.stringify(change) });
      });
      const stop = () => wake();
      stream.onAbort(() => {
        unsubscribe();
        wake();
      });
      closing?.addEventListener('abort', stop);
      await stream.writeSSE({ event: 'ready', data: 'ok', retry: RETRY_MS });
      while (!stream.aborted && !stream.closed && !closing?.aborted) {
        let timer: NodeJS.Timeout | undefined;
        await new Promise<void>((resolve) => {
          wake = resolve;
          timer = setTimeout(resolve, PING_MS);
        });
        clearTimeout(timer);
        if (!stream.aborted && !closing?.aborted) await stream.writeSSE({ event: 'ping', data: '' });
      }
      closing?.removeEventListener('abort', stop);
      unsubscribe();
      // This instance is stopping: the stream ends cleanly (not cut at the shutdown timeout) and
      // the browser comes back through the balancer to another one, after a short random wait
      // rather than RETRY_MS, so the streams of a whole instance do not all arrive at once.
      if (closing?.aborted && !stream.aborted) {
        await stream.write(
          `retry: ${RECONNECT_MIN_MS + Math.floor(Math.random() * RECONNECT_SPREAD_MS)}\n\n`,
        );
      }
    }),
  );

  return app;
}
