import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../tests/support/free-port';

export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
  cpuPercent: number;
  cpuMs: number;
  /** The server's resident memory now, and the most it has had since it started (MB). */
  rssMb: number;
  peakRssMb: number;
  /** What the RSS holds (MB): V8's heap (reserved, and in use) and memory outside it. */
  heapTotalMb: number;
  heapUsedMb: number;
  externalMb: number;
}

export interface BenchServer {
  url: string;
  /** The server's database, for the benchmarks that seed data of their own. */
  databaseUrl: string;
  engine: 'sqlite' | 'postgres';
  /** The cores the server and the load generator run on, when `taskset` exists. */
  pinning: string;
  /** From starting the process (`npm start`'s own steps) to its first healthy /api/health. */
  startupMs: number;
  resetLoopDelay(): void;
  readLoopDelay(): Promise<LoopDelay>;
  stop(): Promise<void>;
}

export const hasTaskset = spawnSync('taskset', ['-V']).status === 0;

/** A server's database and data folder, which may outlive one server process. */
export interface BenchDatabase {
  url: string;
  /** The server's DATA_DIR (its auth secret: sessions stay valid across restarts). */
  dir: string;
  postgresUrl: string | undefined;
  /** Removes the database and the folder. */
  drop(): Promise<void>;
}

/** A fresh database: a new SQLite file, or a new schema in BENCH_DATABASE_URL's database. */
export function freshDatabase(postgresUrl: string | undefined): BenchDatabase {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-'));
  // BENCH_KEEP=1 leaves the database behind, to read its query plans after a run.
  const removeDir = () =>
    process.env.BENCH_KEEP ? undefined : rmSync(dir, { recursive: true, force: true });
  if (!postgresUrl) {
    return { url: `file:${path.join(dir, 'store.db')}`, dir, postgresUrl, drop: async () => removeDir() };
  }
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const url = new URL(postgresUrl);
  url.searchParams.set('schema', schema);
  return {
    url: url.toString(),
    dir,
    postgresUrl,
    drop: async () => {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      // The job queue's tables live in a schema beside the store's (server/jobs/pg-boss-queue.ts).
      await client
        .query(`drop schema if exists "${schema}" cascade; drop schema if exists "${schema}_jobs" cascade`)
        .finally(() => client.end());
      removeDir();
    },
  };
}

/**
 * The production server (`scripts/start.ts`, as `npm start` runs it) in its own process on
 * core 1, with a fresh database; the caller (the load generator) pins itself to core 0. Given
 * a `database`, the server runs on it and stopping it leaves the database for the next start.
 */
export async function startBenchServer(
  postgresUrl: string | undefined,
  given?: BenchDatabase,
): Promise<BenchServer> {
  const database = given ?? freshDatabase(postgresUrl);
  const { dir } = database;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const node = [
    process.execPath,
    // BENCH_PROFILE=<folder>: the server writes a CPU profile there when it stops.
    ...(process.env.BENCH_PROFILE
      ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`]
      : []),
    '--import',
    path.resolve('scripts/bench/loop-delay.ts'),
    'scripts/start.ts',
  ];
  const [command = '', ...args] = hasTaskset ? ['taskset', '-c', '1', ...node] : node;
  const started = performance.now();
  const child: ChildProcess = spawn(command, args, {
    // Request logs go nowhere, but are still written: the server does the work it does in production.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: url,
      DATABASE_URL: database.url,
      DATA_DIR: dir,
      LOG_LEVEL: 'info',
      PAYMENT_PROVIDER: 'test',
      REQUIRE_EMAIL_VERIFICATION: 'false',
      // Every benchmark client comes from 127.0.0.1; each request names its own address so
      // the per-address limits (which are correct for shoppers) do not refuse the load.
      TRUSTED_PROXIES: '127.0.0.1',
      // No balancer to wait for: a bench's stop need not drain.
      SHUTDOWN_DRAIN_MS: '0',
      // A backup's copy and check on the worker thread would be measured as the store's load.
      SCHEDULED_BACKUPS: 'false',
    },
  });
  if (hasTaskset) spawnSync('taskset', ['-cp', '0', String(process.pid)], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  // Asked every 20 ms: the startup time is known to that.
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited before it answered');
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (performance.now() - started > 60_000) throw new Error('the server did not answer within 60 s');
    await new Promise((r) => setTimeout(r, 20));
  }
  const startupMs = Math.round(performance.now() - started);

  return {
    url,
    databaseUrl: database.url,
    engine: postgresUrl ? 'postgres' : 'sqlite',
    pinning: hasTaskset ? 'server on core 1, load generator on core 0 (taskset)' : 'not pinned (no taskset)',
    startupMs,
    resetLoopDelay: () => child.send('loop-delay:reset'),
    readLoopDelay: () =>
      new Promise((resolve) => {
        child.once('message', (message) => resolve(message as LoopDelay));
        child.send('loop-delay:read');
      }),
    async stop() {
      child.kill('SIGTERM');
      await exited;
      if (!given) await database.drop();
    },
  };
}
