import type { BenchServer, LoopDelay } from './server-process';
import type { Scenario } from './scenarios';
import { type HttpRequest, runWrk } from './wrk';

export interface ScenarioResult {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  connections: number;
  loopDelay?: LoopDelay;
  /** Share of one core the server process used while driven. */
  serverCpuPercent: number;
  /** Server CPU time per answered request, in milliseconds. */
  serverCpuMsPerRequest: number;
  budget?: Scenario['budget'];
  met?: boolean;
  /** Its rate against the cached home page's in the same run (issue 36's budgets are ratios). */
  ratio?: number;
  /** At or near the load generator's own ceiling: the figure is wrk's, not the server's. */
  atCeiling?: boolean;
}

const WARMUP_SECONDS = 2;
/** Connections a scenario opens unless it says otherwise. */
export const DEFAULT_CONNECTIONS = 50;

/** Distinct requests written per connection when a body or a header changes per request. */
function variantsOf(scenario: Scenario): number {
  if (scenario.variants) return scenario.variants;
  return scenario.body || scenario.requestHeaders ? 64 : 1;
}

function requestsFor(scenario: Scenario, connection: number, seconds: number): HttpRequest[] {
  if (scenario.requestsFor) return scenario.requestsFor(connection, seconds);
  const headers = scenario.headersFor?.(connection) ?? {};
  const path = scenario.pathFor?.(connection) ?? scenario.path;
  return Array.from({ length: variantsOf(scenario) }, () => ({
    method: scenario.method ?? 'GET',
    path,
    headers: { ...headers, ...scenario.requestHeaders?.() },
    body: scenario.body?.(),
  }));
}

/** Whether connections differ (each its own shopper): then each is a wrk thread of its own. */
function perConnection(scenario: Scenario): boolean {
  if (scenario.pathFor || scenario.requestsFor) return true;
  const [a, b] = [scenario.headersFor?.(0), scenario.headersFor?.(1)];
  return JSON.stringify(a) !== JSON.stringify(b);
}

function judge(result: ScenarioResult): boolean | undefined {
  const b = result.budget;
  if (!b) return undefined;
  return (
    result.errors === 0 &&
    result.non2xx === 0 &&
    !result.atCeiling &&
    (b.rps === undefined || result.requestsPerSecond >= b.rps) &&
    (b.ratio === undefined || (result.ratio ?? 0) >= b.ratio) &&
    (b.p50 === undefined || result.p50Ms <= b.p50) &&
    (b.p99 === undefined || result.p99Ms <= b.p99) &&
    (b.loopP99 === undefined || (result.loopDelay?.p99 ?? Infinity) <= b.loopP99) &&
    (b.cpuMs === undefined || result.serverCpuMsPerRequest <= b.cpuMs)
  );
}

/**
 * Warms the path up, then drives it for `duration` seconds and reads the figures. `baseline` is
 * the cached home page's rate in this run, `ceiling` the load generator's.
 */
export async function drive(
  server: BenchServer,
  scenario: Scenario,
  duration: number,
  reference: { baseline?: number; ceiling?: number } = {},
): Promise<ScenarioResult> {
  const connections = scenario.connections ?? DEFAULT_CONNECTIONS;
  const each = perConnection(scenario);
  const load = (seconds: number) =>
    runWrk({
      url: server.url,
      connections,
      seconds,
      perConnection: each,
      requestsFor: (i) => requestsFor(scenario, i, seconds),
    });
  await load(WARMUP_SECONDS);
  server.resetLoopDelay();
  const r = await load(duration);
  const loopDelay = await server.readLoopDelay();
  const result: ScenarioResult = {
    name: scenario.name,
    requestsPerSecond: r.requestsPerSecond,
    p50Ms: r.p50Ms,
    p99Ms: r.p99Ms,
    errors: r.errors,
    non2xx: r.non2xx,
    connections,
    budget: scenario.budget,
    serverCpuPercent: loopDelay.cpuPercent,
    serverCpuMsPerRequest: Math.round((loopDelay.cpuMs / Math.max(1, r.requests)) * 100) / 100,
  };
  if (reference.baseline) result.ratio = Math.round((r.requestsPerSecond / reference.baseline) * 100) / 100;
  // Within a tenth of what wrk reaches against an empty answer: wrk was the limit.
  if (reference.ceiling) result.atCeiling = r.requestsPerSecond >= reference.ceiling * 0.9;
  if (scenario.loopDelay) result.loopDelay = loopDelay;
  result.met = judge(result);
  return result;
}

/** One line of the bench's output for a result. */
export function describe(result: ScenarioResult): string {
  const loop = result.loopDelay ? `, event-loop delay p99 ${result.loopDelay.p99} ms` : '';
  const ratio = result.ratio === undefined ? '' : `  ${result.ratio.toFixed(2)} of cached home`;
  const ceiling = result.atCeiling ? '  AT THE GENERATOR CEILING' : '';
  const verdict = result.met === undefined ? '' : result.met ? '  met' : '  OVER';
  return `${result.name.padEnd(56)} ${String(result.requestsPerSecond).padStart(6)} req/s  p50 ${result.p50Ms} ms  p99 ${result.p99Ms} ms  errors ${result.errors}  non-2xx ${result.non2xx}  server CPU ${result.serverCpuPercent} % (${result.serverCpuMsPerRequest} ms a request)${ratio}${loop}${ceiling}${verdict}`;
}
