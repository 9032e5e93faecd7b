import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newHealthDataKey } from '../../app/lib/health-data/health-data-keys.server';
import { parseEnv } from '../../server/env';
import { waitUntil } from '../support/wait-until';

const ROOT = path.resolve(import.meta.dirname, '../..');
const UNIT = readFileSync(path.join(ROOT, 'deploy/systemd/medisupply.service'), 'utf8');
/** Where the unit expects the release; the test puts this checkout there instead. */
const RELEASE = '/opt/medisupply';

/** Every value of a key in the unit, in order (Environment= comes more than once). */
function values(key: string): string[] {
  return [...UNIT.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((match) => match[1]!.trim());
}
const value = (key: string) => values(key).at(-1);

const keyAndValue = (line: string) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)];
/** The unit's Environment= lines as variables. */
const unitEnvironment = (): Record<string, string> =>
  Object.fromEntries(values('Environment').map(keyAndValue));

const seconds = (text: string | undefined) => {
  const match = /^(\d+)s?$/.exec(text ?? '');
  if (!match) throw new Error(`not a number of seconds: ${text}`);
  return Number(match[1]);
};

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'store-unit-'));
  dirs.push(dir);
  return dir;
}

describe('deploy/systemd/medisupply.service', () => {
  const hasSystemdAnalyze = spawnSync('systemd-analyze', ['--version']).status === 0;
  if (!hasSystemdAnalyze && !process.env.CI) {
    console.warn(
      'systemd-unit.test.ts: systemd-analyze is not installed (apt-get install systemd): verify skipped',
    );
  }

  it.skipIf(!hasSystemdAnalyze && !process.env.CI)('passes systemd-analyze verify without a warning', () => {
    // verify wants ExecStart's program to exist: the unit is checked with this checkout as the release.
    const unit = path.join(tempDir(), 'medisupply.service');
    writeFileSync(unit, UNIT.replaceAll(RELEASE, ROOT));
    const result = spawnSync('systemd-analyze', ['verify', unit], { encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr.trim()).toBe('');
  });

  it('stops by draining, and waits longer for it than the drain and shutdown take', () => {
    expect(value('KillSignal')).toBe('SIGTERM');
    // SIGTERM to the server alone; SIGKILL for the whole group only at the timeout.
    expect(value('KillMode')).toBe('mixed');
    expect(value('Restart')).toBe('on-failure');
    const defaults = parseEnv({ NODE_ENV: 'test', DATA_DIR: tempDir() });
    // Drain, then requests in flight, then jobs: each of the last two up to SHUTDOWN_TIMEOUT_MS.
    const stopMs = defaults.SHUTDOWN_DRAIN_MS + 2 * defaults.SHUTDOWN_TIMEOUT_MS;
    expect(seconds(value('TimeoutStopSec')) * 1000).toBeGreaterThan(stopMs);
    expect(value('EnvironmentFile')).toBe('/etc/medisupply/store.env');
    expect(value('NoNewPrivileges')).toBe('yes');
    expect(value('ProtectSystem')).toBe('strict');
    expect(value('User')).toBe('medisupply');
    // The server is the main process: no npm or shell in between to swallow the signal.
    expect(value('ExecStart')).toMatch(/\/node_modules\/node\/bin\/node build\/node\/server\.js$/);
  });

  it("takes store.env.example's settings, once filled in, with the unit's own", () => {
    const example = readFileSync(path.join(ROOT, 'deploy/systemd/store.env.example'), 'utf8');
    const lines = example.split('\n').filter((line) => /^[A-Z_]+=/.test(line));
    const filled = {
      ...unitEnvironment(),
      ...Object.fromEntries(lines.map(keyAndValue)),
      AUTH_SECRET: 'a-secret-an-operator-made-that-is-long-enough',
      HEALTH_DATA_KEY: newHealthDataKey('ops1'),
      PAYMENT_PROVIDER: 'none',
      DATA_DIR: tempDir(),
    };
    const env = parseEnv(filled);
    expect(env.APP_URL).toBe('https://store.example.com');
    expect(env.TRUSTED_PROXIES).toEqual(['127.0.0.1']);
    expect(env.HOST).toBe('127.0.0.1');
  });

  it('runs the server as ExecStart does, which drains on SIGTERM and exits 0', async () => {
    const data = tempDir();
    const [program, ...args] = value('ExecStart')!.replaceAll(RELEASE, ROOT).split(' ');
    expect(existsSync(program!)).toBe(true);
    const child = spawn(program!, args, {
      cwd: value('WorkingDirectory')!.replaceAll(RELEASE, ROOT),
      env: {
        PATH: process.env.PATH ?? '',
        ...unitEnvironment(),
        // The unit's own paths and port are the server's; here a temp folder and a free port.
        DATA_DIR: data,
        DATABASE_URL: `file:${path.join(data, 'store.db')}`,
        PORT: '0',
        SCHEDULED_BACKUPS: 'false',
        SHUTDOWN_DRAIN_MS: '3000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await waitUntil(() => /Store listening on http:\/\/\S+/.test(output), 'the server to listen', 30_000);
      const url = /Store listening on (http:\/\/[^"\s]+)/.exec(output)![1]!;
      expect((await fetch(`${url}/api/health`)).status).toBe(200);
      child.kill('SIGTERM');
      // While it drains, the health check says 503 for a balancer to take it out.
      await waitUntil(
        async () => (await fetch(`${url}/api/health`).catch(() => undefined))?.status === 503,
        'health to answer 503 while draining',
        10_000,
      );
      expect(await exited).toBe(0);
      expect(output).toContain('shutdown complete');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
