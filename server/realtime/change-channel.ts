import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Logger } from '../logger';

/**
 * "Something changed" signals between the server instances sharing a database, by topic (a
 * user's cart, the catalogue). On SQLite (one process) an in-memory emitter is enough; on
 * PostgreSQL each topic is a LISTEN/NOTIFY channel, held on one dedicated connection.
 *
 * A payload is a short string (NOTIFY allows under 8000 bytes); the receivers parse and check it.
 * Signals of one turn of the event loop go out as one query, each payload once.
 */
export interface ChangeChannel {
  /** This process's id: a receiver can tell its own signals from those of other instances. */
  readonly instanceId: string;
  publish(topic: string, payload: string): Promise<void>;
  subscribe(topic: string, listener: (payload: string) => void): () => void;
  /**
   * After the listening connection came back from a loss: signals sent meanwhile were missed,
   * so a subscriber that keeps state reads it again. Never called on SQLite (nothing is lost).
   */
  onReconnect(listener: () => void): () => void;
  close(): Promise<void>;
}

const TOPIC = /^[a-z_]{1,40}$/;

function checkTopic(topic: string) {
  if (!TOPIC.test(topic)) throw new Error(`change channel: bad topic '${topic}'`);
}

export function createLocalChangeChannel(): ChangeChannel {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    instanceId: randomUUID(),
    async publish(topic, payload) {
      emitter.emit(topic, payload);
    },
    subscribe(topic, listener) {
      emitter.on(topic, listener);
      return () => emitter.off(topic, listener);
    },
    onReconnect(listener) {
      emitter.on(RECONNECTED, listener);
      return () => emitter.off(RECONNECTED, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** The listening connection's application_name: one per instance. */
export const listenerName = (instanceId: string) => `store-changes-${instanceId.slice(0, 8)}`;

/** Not a valid topic name, so no publish can fake it. */
const RECONNECTED = 'reconnected!';

export async function createPostgresChangeChannel(
  connectionString: string,
  pool: pg.Pool,
  logger: Logger,
): Promise<ChangeChannel> {
  const local = createLocalChangeChannel();
  const emitter = new EventEmitter();
  /** Topics someone here subscribed to: LISTENed on the connection, again after a reconnect. */
  const topics = new Set<string>();
  let client: pg.Client | undefined;
  let closed = false;

  // A dedicated connection holds the LISTENs. When it is lost it is opened again, every second
  // until the database answers; subscribers then hear that they may have missed signals.
  const reconnectSoon = () => {
    if (closed) return;
    setTimeout(() => {
      connect().catch((error: unknown) => {
        logger.warn({ err: error }, 'change channel: database not reachable yet, retrying');
        reconnectSoon();
      });
    }, 1_000).unref();
  };
  const connect = async (): Promise<void> => {
    // Named, so an operator (or a test) can tell this instance's listener in pg_stat_activity.
    const next = new pg.Client({ connectionString, application_name: listenerName(local.instanceId) });
    let lost = false;
    next.on('notification', (message) => {
      if (topics.has(message.channel) && message.payload !== undefined) {
        void local.publish(message.channel, message.payload);
      }
    });
    next.on('error', (error) => {
      if (lost) return;
      lost = true;
      logger.warn({ err: error }, 'change channel: listener connection lost, reconnecting');
      void next.end().catch(() => undefined);
      if (client === next) reconnectSoon();
    });
    try {
      await next.connect();
      for (const topic of topics) await next.query(`LISTEN ${topic}`);
    } catch (error) {
      lost = true;
      await next.end().catch(() => undefined);
      throw error;
    }
    const reconnected = client !== undefined;
    client = next;
    if (closed) await next.end().catch(() => undefined);
    else if (reconnected) emitter.emit(RECONNECTED);
  };
  await connect();

  let pending: Map<string, Set<string>> | undefined;
  let count = 0;
  let sent: Promise<void> = Promise.resolve();
  const send = async (batch: Map<string, Set<string>>) => {
    const params: string[] = [];
    const calls: string[] = [];
    for (const [topic, payloads] of batch) {
      for (const payload of payloads) {
        params.push(topic, payload);
        calls.push(`pg_notify($${params.length - 1}, $${params.length})`);
      }
    }
    await pool.query(`select ${calls.join(', ')}`, params);
  };

  return {
    instanceId: local.instanceId,
    publish(topic, payload) {
      checkTopic(topic);
      if (!pending || count >= 500) {
        const batch = new Map<string, Set<string>>();
        pending = batch;
        count = 0;
        sent = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
          if (pending === batch) pending = undefined;
          return send(batch);
        });
      }
      const payloads = pending.get(topic) ?? new Set<string>();
      if (!payloads.has(payload)) count++;
      pending.set(topic, payloads.add(payload));
      return sent;
    },
    onReconnect(listener) {
      emitter.on(RECONNECTED, listener);
      return () => emitter.off(RECONNECTED, listener);
    },
    subscribe(topic, listener) {
      checkTopic(topic);
      if (!topics.has(topic)) {
        topics.add(topic);
        client?.query(`LISTEN ${topic}`).catch((error: unknown) => {
          logger.warn({ err: error, topic }, 'change channel: LISTEN failed');
        });
      }
      return local.subscribe(topic, listener);
    },
    async close() {
      closed = true;
      emitter.removeAllListeners();
      await client?.end().catch(() => undefined);
      await local.close();
    },
  };
}
