import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Logger } from '../logger';

/**
 * "This user's cart changed" signals for the realtime stream. On SQLite (one process) an
 * in-memory emitter is enough; on PostgreSQL the signal goes through LISTEN/NOTIFY so every
 * server instance sharing the database hears it.
 */
export interface CartEvents {
  publish(userId: string): Promise<void>;
  subscribe(userId: string, listener: () => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'cart_changes';

export function createLocalCartEvents(): CartEvents {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(userId) {
      emitter.emit(userId);
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
      if (message.channel === CHANNEL && message.payload) void local.publish(message.payload);
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
  // cart change), each user once.
  let pending: Set<string> | undefined;
  let sent: Promise<void> = Promise.resolve();
  const send = async (userIds: string[]) => {
    const calls = userIds.map((_, i) => `pg_notify($1, $${i + 2})`).join(', ');
    await pool.query(`select ${calls}`, [CHANNEL, ...userIds]);
  };

  return {
    publish(userId) {
      if (!pending || pending.size >= 500) {
        const batch = new Set<string>();
        pending = batch;
        sent = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
          if (pending === batch) pending = undefined;
          return send([...batch]);
        });
      }
      pending.add(userId);
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
