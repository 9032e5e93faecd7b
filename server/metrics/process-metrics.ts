import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * The process's own figures (CPU, heap, event-loop delay, GC, handles): prom-client's default
 * metrics, in a registry of their own made once per process. They describe the process, not a
 * services instance, so every server a test process starts shows the same ones, and none of
 * them goes to prom-client's global registry (where a second collector would collide).
 *
 * nodejs_eventloop_lag_p50/p90/p99_seconds come from perf_hooks' monitorEventLoopDelay; prom-client
 * resets its histogram after each scrape, so they are the percentiles since the last scrape.
 */
let processRegistry: Registry | undefined;

export function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}
