import { writeDocSection } from './doc-section';
import type { ScenarioResult } from './drive';

/** One size of the store, measured on a server started on it. */
export interface GrowthStage {
  label: string;
  /** What was written into the database before this start, and how long it took. */
  written: string;
  writeSeconds?: number;
  startupMs: number;
  /** The server's memory once started (before any request), and after the pages' runs (MB). */
  atStart: Memory;
  afterRuns: Memory;
  /** The most resident memory the process had (getrusage's maxRSS), MB. */
  peakRssMb: number;
  results: ScenarioResult[];
}

/** Resident memory, and V8's heap (in use, reserved) and memory outside it, MB. */
export interface Memory {
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
}

export interface GrowthRun {
  engine: 'sqlite' | 'postgres';
  pinning: string;
  /** The first start, on an empty database: migrations, and the catalogue seeded from the data files. */
  firstStartMs: number;
  stages: GrowthStage[];
}

export interface GrowthMachine {
  date: string;
  cores: number;
  cpu: string;
  node: string;
  loadAverage: number[];
  loadAverageAfter: number[];
  durationSeconds: number;
  connections: number;
}

export const STARTUP_BUDGET_MS = 3000;
export const MEMORY_BUDGET_MB = 400;

const n = (value: number) => value.toLocaleString('en-US');
const over = (bad: boolean) => (bad ? ' OVER' : '');

/** A page's figures in one cell: p99 and p50, answers a second, server CPU a request. */
export function cell(r: ScenarioResult): string {
  const failed = r.errors + r.non2xx > 0 ? `, ${n(r.errors + r.non2xx)} errors` : '';
  return `p99 ${n(r.p99Ms)}, p50 ${n(r.p50Ms)} ms; ${n(r.requestsPerSecond)}/s; CPU ${r.serverCpuMsPerRequest} ms${failed}${over(r.met === false)}`;
}

function engineTable(run: GrowthRun): string[] {
  const header = `| | ${run.stages.map((s) => s.label).join(' | ')} | budget |`;
  const rule = `| --- | ${run.stages.map(() => '---').join(' | ')} | --- |`;
  const names = run.stages[0]?.results.map((r) => r.name) ?? [];
  const rows = [
    `| written before this start | ${run.stages
      .map((s) => (s.writeSeconds === undefined ? s.written : `${s.written}: ${s.writeSeconds} s`))
      .join(' | ')} | |`,
    `| startup to a healthy \`/api/health\` | ${run.stages
      .map((s) => `${(s.startupMs / 1000).toFixed(2)} s${over(s.startupMs > STARTUP_BUDGET_MS)}`)
      .join(' | ')} | <= 3 s |`,
    `| server memory at start: RSS (V8 heap in use) | ${run.stages
      .map(
        (s) =>
          `${n(s.atStart.rssMb)} MB (${n(s.atStart.heapUsedMb)})${over(s.atStart.rssMb > MEMORY_BUDGET_MB)}`,
      )
      .join(' | ')} | <= 400 MB |`,
    `| server memory after the runs: RSS, peak (V8 heap in use) | ${run.stages
      .map(
        (s) =>
          `${n(s.afterRuns.rssMb)} MB, ${n(s.peakRssMb)} (${n(s.afterRuns.heapUsedMb)})${over(s.peakRssMb > MEMORY_BUDGET_MB)}`,
      )
      .join(' | ')} | <= 400 MB |`,
    ...names.map(
      (name) =>
        `| ${name} | ${run.stages
          .map((s) => {
            const r = s.results.find((x) => x.name === name);
            return r ? cell(r) : '-';
          })
          .join(' | ')} | p99 <= 50 ms |`,
    ),
  ];
  return [header, rule, ...rows];
}

/** Rewrites the growth section of docs/performance.md with this run's tables. */
export async function writeGrowthReport(machine: GrowthMachine, runs: GrowthRun[]): Promise<void> {
  const lines = [
    `Measured ${machine.date.slice(0, 16).replace('T', ' ')} UTC on ${machine.cores} cores (${machine.cpu}), Node ${machine.node}, load average (1, 5, 15 min) before the run ${machine.loadAverage.join(' / ')}, after it ${machine.loadAverageAfter.join(' / ')}; ${machine.durationSeconds} s per page after a 2 s warm-up, ${machine.connections} connections at once. Reproduce with \`npm run bench:growth\` (add \`BENCH_DATABASE_URL=postgres://…\` for PostgreSQL). A cell: p99 and p50 latency, answers a second, server CPU time per answer (about what one request alone takes); OVER where a budget is not met.`,
  ];
  for (const run of runs) {
    lines.push(
      '',
      `**${run.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}** (${run.pinning}; first start on an empty database, migrations and the data files' catalogue: ${(run.firstStartMs / 1000).toFixed(2)} s)`,
      '',
      ...engineTable(run),
    );
  }
  await writeDocSection('growth', lines.join('\n'), 'Growth: 10,000 products and 1,000,000 orders');
}
