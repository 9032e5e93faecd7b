import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { requireApiUser, type UserBindings } from '#server/auth/require-api-user';
import type { AppServices } from '#server/types';
import { itemCount } from '~/commerce/cart-limits';
import { countCart, listCart } from '~/commerce/cart/cart.server';

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

/**
 * /api/cart: the signed-in user's cart to read, and only theirs (every query is scoped by user
 * id), for the realtime sync: the store reads it at load and when the event stream says
 * "changed". Changes are the cart's forms, POST /cart (cart-form-answer.server.ts).
 */
export function cartRoutes(services: AppServices, options: CartRouteOptions = {}) {
  const { database, auth, cartEvents } = services;
  const db = database.db;
  const app = new Hono<UserBindings>();

  app.use(requireApiUser(auth, 'Please sign in to use your account cart.'));

  app.get('/', async (c) => {
    const items = await listCart(db, c.get('user').id);
    return c.json({ items, count: itemCount(items) });
  });

  app.get('/count', async (c) => c.json({ count: await countCart(db, c.get('user').id) }));

  // Server-sent events: "changed" whenever this user's cart changes anywhere; the browser's
  // EventSource reconnects by itself after a network loss, and reads the cart again on the
  // new stream's "ready" (cart-sync.ts), so nothing changed meanwhile is missed.
  app.get('/events', (c) => {
    // A proxy that buffers answers (nginx does by default) would hold every event back: this
    // asks it not to, whatever its configuration says (deploy/nginx/store.conf turns it off too).
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
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
    });
  });

  return app;
}
