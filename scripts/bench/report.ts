import { writeDocSection } from './doc-section';
import type { ScenarioResult } from './drive';

interface Machine {
  date: string;
  cores: number;
  cpu: string;
  node: string;
  loadAverage: number[];
  durationSeconds: number;
  loadGenerator: string;
  generatorCeiling: number;
}

function budgetText(b: ScenarioResult['budget']): string {
  if (!b) return '';
  return [
    b.rps && `>= ${b.rps.toLocaleString('en-US')} req/s`,
    b.ratio && `>= ${b.ratio} of cached home`,
    b.p50 && `p50 <= ${b.p50} ms`,
    b.p99 && `p99 <= ${b.p99} ms`,
    b.loopP99 && `loop delay p99 <= ${b.loopP99} ms`,
    b.cpuMs && `CPU <= ${b.cpuMs} ms a request`,
  ]
    .filter(Boolean)
    .join(', ');
}

/** Rewrites the table between the bench markers of docs/performance.md. */
export async function writeReport(
  machine: Machine,
  runs: { engine: string; pinning: string; results: ScenarioResult[] }[],
): Promise<void> {
  const lines = [
    `Measured ${machine.date.slice(0, 16).replace('T', ' ')} UTC on ${machine.cores} cores (${machine.cpu}), Node ${machine.node}, load average before the run ${machine.loadAverage.join(' / ')}; ${machine.durationSeconds} s per scenario after a 2 s warm-up, 50 connections unless the scenario says otherwise, driven by ${machine.loadGenerator} on core 0; the load generator's own ceiling (against an empty 204 on core 1): ${machine.generatorCeiling.toLocaleString('en-US')} req/s. "share" is the rate against the cached home page's in the same run. Reproduce with \`npm run bench\` (add \`BENCH_DATABASE_URL=postgres://…\` for PostgreSQL).`,
  ];
  for (const run of runs) {
    lines.push(
      '',
      `**${run.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}** (${run.pinning})`,
      '',
      '| scenario | requests/s | share | p50 | p99 | errors | server CPU | CPU per request | budget | |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
      ...run.results.map((r) => {
        const loop = r.loopDelay
          ? ` (event-loop delay p99 ${r.loopDelay.p99} ms, max ${r.loopDelay.max} ms)`
          : '';
        const verdict = r.atCeiling
          ? 'at the generator ceiling'
          : r.met === undefined
            ? ''
            : r.met
              ? 'met'
              : 'OVER';
        const share = r.ratio === undefined ? '' : r.ratio.toFixed(2);
        return `| ${r.name}${loop} | ${r.requestsPerSecond.toLocaleString('en-US')} | ${share} | ${r.p50Ms} ms | ${r.p99Ms} ms | ${r.errors + r.non2xx} | ${r.serverCpuPercent} % | ${r.serverCpuMsPerRequest} ms | ${budgetText(r.budget)} | ${verdict} |`;
      }),
    );
  }
  await writeDocSection('bench', lines.join('\n'), 'Server throughput');
}
