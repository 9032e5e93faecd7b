import autocannon from 'autocannon';
// @ts-expect-error -- an internal module of autocannon, without types
import PipelinedRequestsQueue from 'autocannon/lib/pipelinedRequestsQueue.js';
import type { BenchServer, LoopDelay } from './server-process';
import type { Scenario } from './scenarios';

export interface ScenarioResult {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  loopDelay?: LoopDelay;
  /** Share of one core the server process used while driven. */
  serverCpuPercent: number;
  /** Server CPU time per answered request, in milliseconds. */
  serverCpuMsPerRequest: number;
  budget?: Scenario['budget'];
  met?: boolean;
}

const WARMUP_SECONDS = 2;

// autocannon appends every response body to a string, decoding it as UTF-8: for a 15 KB page
// that costs the load generator more than the server spends on a cached answer, so the bench
// measured autocannon. We check status codes, never bodies, so bodies are dropped.
(PipelinedRequestsQueue as { prototype: { addBody: (data: Buffer) => void } }).prototype.addBody = () => {};

function run(server: BenchServer, scenario: Scenario, duration: number) {
  let connection = 0;
  return autocannon({
    url: server.url,
    connections: scenario.connections ?? 10,
    duration,
    setupClient(client) {
      const index = connection++;
      const headers = scenario.headersFor?.(index) ?? {};
      client.setRequests([
        {
          method: scenario.method ?? 'GET',
          path: scenario.pathFor?.(index) ?? scenario.path,
          headers,
          // Built per request only when something changes per request.
          ...(scenario.body || scenario.requestHeaders
            ? {
                setupRequest: (request) => ({
                  ...request,
                  headers: { ...headers, ...scenario.requestHeaders?.() },
                  body: scenario.body?.(),
                }),
              }
            : {}),
        },
      ]);
    },
  });
}

function judge(result: ScenarioResult): boolean | undefined {
  const b = result.budget;
  if (!b) return undefined;
  return (
    result.errors === 0 &&
    result.non2xx === 0 &&
    (b.rps === undefined || result.requestsPerSecond >= b.rps) &&
    (b.p50 === undefined || result.p50Ms <= b.p50) &&
    (b.p99 === undefined || result.p99Ms <= b.p99) &&
    (b.loopP99 === undefined || (result.loopDelay?.p99 ?? Infinity) <= b.loopP99) &&
    (b.cpuMs === undefined || result.serverCpuMsPerRequest <= b.cpuMs)
  );
}

/** Warms the path up, then drives it for `duration` seconds and reads the figures. */
export async function drive(
  server: BenchServer,
  scenario: Scenario,
  duration: number,
): Promise<ScenarioResult> {
  await run(server, scenario, WARMUP_SECONDS);
  server.resetLoopDelay();
  const r = await run(server, scenario, duration);
  const loopDelay = await server.readLoopDelay();
  const result: ScenarioResult = {
    name: scenario.name,
    requestsPerSecond: Math.round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    budget: scenario.budget,
    serverCpuPercent: loopDelay.cpuPercent,
    serverCpuMsPerRequest: Math.round((loopDelay.cpuMs / Math.max(1, r.requests.total)) * 100) / 100,
  };
  if (scenario.loopDelay) result.loopDelay = loopDelay;
  result.met = judge(result);
  return result;
}
