import { setMaxListeners } from 'node:events';
import type { Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from './logger';

/**
 * Idle keep-alive connections stay open longer than the balancer keeps its own (env.ts,
 * KEEP_ALIVE_TIMEOUT_MS), so it is always the balancer that closes an idle one: a server closing
 * it as the balancer sends a request on it would fail that request (Node's default is 5 s).
 * headersTimeout stays above it, the long-standing advice: Node before 18 counted it
 * from the connection's previous answer and cut reused connections; Node 24 counts it from a
 * request's first byte, where it is the minute a slow client gets to send its headers.
 */
export function keepConnectionsLongerThanTheBalancer(server: Server, keepAliveMs: number): void {
  server.keepAliveTimeout = keepAliveMs;
  server.headersTimeout = keepAliveMs + 1_000;
  // requestTimeout (5 min) bounds a whole request and must not be below headersTimeout.
  server.requestTimeout = Math.max(server.requestTimeout, server.headersTimeout);
}

export interface HttpLifecycle {
  /** True from the first signal on: the health check answers 503, answers close their connection. */
  isShuttingDown(): boolean;
  /** Aborted when the listener closes: long-lived answers (event streams) end, their clients reconnect. */
  closing: AbortSignal;
  /**
   * Drains, then closes (docs/decisions/0037): keeps serving for drainMs while the health check
   * says 503, so a balancer takes the instance out before its listener closes; then takes no new
   * connection, ends the event streams, closes idle connections and lets requests in flight
   * finish, cutting what is left at timeoutMs. `drain: false` skips the drain (a person's Ctrl-C:
   * no balancer is waiting on it).
   */
  stop(options?: { drain?: boolean }): Promise<void>;
}

const IDLE_SWEEP_MS = 100;

export function httpLifecycle(
  server: Server,
  options: { drainMs: number; timeoutMs: number; logger: Logger },
): HttpLifecycle {
  const { logger } = options;
  const closing = new AbortController();
  // Every open event stream listens: thousands are no leak.
  setMaxListeners(0, closing.signal);
  let shuttingDown = false;
  let stopped: Promise<void> | undefined;

  const stop = async (drain: boolean) => {
    shuttingDown = true;
    if (drain && options.drainMs > 0) {
      logger.info({ drainMs: options.drainMs }, 'draining: health answers 503, still serving');
      await sleep(options.drainMs);
    }
    logger.info('closing the listener: finishing requests in flight');
    // close() takes no new connection and closes the idle ones (Node 19+).
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    closing.abort();
    // An answer that began before the shutdown (an event stream, a page being sent) was told
    // "keep-alive": its connection is closed as soon as it goes idle, not after keepAliveTimeout.
    // Answers begun since say "Connection: close" (server/app.ts) and close their own.
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), options.timeoutMs);
    });
    try {
      if ((await Promise.race([closed, timedOut])) === 'timeout') {
        logger.warn('shutdown timeout reached: closing remaining connections');
        server.closeAllConnections();
        await closed;
      }
    } finally {
      clearInterval(sweep);
      clearTimeout(timer);
    }
  };

  return {
    isShuttingDown: () => shuttingDown,
    closing: closing.signal,
    stop: (stopOptions) => (stopped ??= stop(stopOptions?.drain ?? true)),
  };
}
