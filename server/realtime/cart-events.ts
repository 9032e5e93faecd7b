import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Logger } from '../logger';

/**
 * "This user's cart changed" signals for the realtime stream. On SQLite (one process) an
 * in-memory emitter is enough; on PostgreSQL the signal goes through LISTEN/NOTIFY so every
 * server instance sharing the database hears it.
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

const CHANNEL = 'cart_changes';

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

export function createLocalCartEvents(): CartEvents {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(userId, origin = null) {
      emitter.emit(userId, { origin } satisfies CartChange);
    },
    subscribe(userId, listener) {
      emitter.on(userId, listener);
      return () => emitter.off(userId, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

export async function createPostgresCartEvents(
  connectionString: string,
  pool: pg.Pool,
  logger: Logger,
): Promise<CartEvents> {
  const local = createLocalCartEvents();
  let client: pg.Client | undefined;
  let closed = false;

  // A dedicated connection holds the LISTEN; it reconnects if the database goes away.
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      const change =
        message.channel === CHANNEL && message.payload ? parsePayload(message.payload) : undefined;
      if (change) void local.publish(change.userId, change.origin);
    });
    next.on('error', (error) => {
      logger.warn({ err: error }, 'cart events: listener connection lost, reconnecting');
      void next.end().catch(() => undefined);
      if (!closed) setTimeout(() => void connect().catch(() => undefined), 1_000);
    });
    await next.connect();
    await next.query(`LISTEN ${CHANNEL}`);
    client = next;
  };
  await connect();

  // Signals of one turn of the event loop go out as one query (one round trip, not one per
  // cart change), each user and tab once.
  let pending: Set<string> | undefined;
  let sent: Promise<void> = Promise.resolve();
  const send = async (payloads: string[]) => {
    const calls = payloads.map((_, i) => `pg_notify($1, $${i + 2})`).join(', ');
    await pool.query(`select ${calls}`, [CHANNEL, ...payloads]);
  };

  return {
    publish(userId, origin = null) {
      if (!pending || pending.size >= 500) {
        const batch = new Set<string>();
        pending = batch;
        sent = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
          if (pending === batch) pending = undefined;
          return send([...batch]);
        });
      }
      pending.add(JSON.stringify({ u: userId, o: origin }));
      return sent;
    },
    subscribe: local.subscribe,
    async close() {
      closed = true;
      await client?.end().catch(() => undefined);
      await local.close();
    },
  };
}
