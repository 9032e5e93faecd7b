import { EventEmitter } from 'node:events';
import type { ChangeChannel } from './change-channel';

/**
 * "This user's cart changed" signals for the realtime stream, through the change channel, so
 * every server instance sharing the database hears them.
 *
 * A signal names the browser tab that made the change, when it said so (the routes check the
 * id's shape; app/features/cart/cart-tab.ts): that tab already shows the change and skips
 * reading the cart again. The id is only ever echoed back, never trusted for anything else.
 */
export interface CartChange {
  /** The tab that made the change, or null (another device, the server itself, an old client). */
  origin: string | null;
}

export interface CartEvents {
  publish(userId: string, origin?: string | null): Promise<void>;
  subscribe(userId: string, listener: (change: CartChange) => void): () => void;
  close(): Promise<void>;
}

export const CART_TOPIC = 'cart_changes';

/** NOTIFY payload: JSON; a bare user id is what instances of an older version send. */
function parsePayload(payload: string): { userId: string; origin: string | null } | undefined {
  if (!payload.startsWith('{')) return { userId: payload, origin: null };
  try {
    const { u, o } = JSON.parse(payload) as { u?: unknown; o?: unknown };
    if (typeof u !== 'string') return undefined;
    return { userId: u, origin: typeof o === 'string' ? o : null };
  } catch {
    return undefined;
  }
}

/** Cart signals over the store's change channel (the `cart_changes` topic). */
export function createCartEvents(channel: ChangeChannel): CartEvents {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const stop = channel.subscribe(CART_TOPIC, (payload) => {
    const change = parsePayload(payload);
    if (change) emitter.emit(change.userId, { origin: change.origin } satisfies CartChange);
  });
  // Changes made while the listener was away were missed: every open stream reads its cart again.
  const stopReconnect = channel.onReconnect(() => {
    for (const userId of emitter.eventNames()) emitter.emit(userId, { origin: null } satisfies CartChange);
  });
  return {
    publish(userId, origin = null) {
      return channel.publish(CART_TOPIC, JSON.stringify({ u: userId, o: origin }));
    },
    subscribe(userId, listener) {
      emitter.on(userId, listener);
      return () => emitter.off(userId, listener);
    },
    async close() {
      stop();
      stopReconnect();
      emitter.removeAllListeners();
    },
  };
}
