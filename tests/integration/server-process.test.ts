import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServerProcess } from '../support/server-process';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('the server process', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'store-proc-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a bad PORT with one line naming it, before doing anything else', () => {
    const result = spawnSync(process.execPath, ['scripts/start.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', PORT: 'abc' },
      encoding: 'utf8',
    });
    expect(result.status).not.toBe(0);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toEqual(['Invalid configuration: PORT must be a whole number between 0 and 65535']);
  });

  it('migrates a new database, logs its address, and exits 0 on SIGTERM and SIGINT', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const dir = tempDir();
      const server = await startServerProcess({ DATABASE_URL: `file:${dir}/store.db`, DATA_DIR: dir });
      expect(server.output()).toContain('database migrated');
      // npm scripts run on the Node 24 that the `node` package brings.
      expect(server.output()).toMatch(/"node":"v24\./);
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(200);
      // Requests are logged with method, path, status and duration, never bodies.
      await fetch(`${server.url}/api/nope`, { method: 'POST', body: 'secret-body-4242' });
      server.child.kill(signal);
      const started = Date.now();
      expect(await server.exited).toBe(0);
      expect(Date.now() - started).toBeLessThan(10_000);
      const requestLine = server
        .output()
        .split('\n')
        .find((line) => line.includes('"path":"/api/nope"'));
      expect(JSON.parse(requestLine ?? '{}')).toMatchObject({ method: 'POST', status: 404, msg: 'request' });
      expect(server.output()).not.toContain('secret-body-4242');
      expect(server.output()).toContain('shutdown complete');
    }
  });

  it('drains on SIGTERM (a balancer waits on it) and not on SIGINT (a person at a terminal)', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const dir = tempDir();
      const server = await startServerProcess({
        DATABASE_URL: `file:${dir}/store.db`,
        DATA_DIR: dir,
        SHUTDOWN_DRAIN_MS: '1500',
      });
      server.child.kill(signal);
      expect(await server.exited).toBe(0);
      const drained = server.output().includes('draining: health answers 503, still serving');
      expect(drained).toBe(signal === 'SIGTERM');
      expect(server.output()).toContain('shutdown complete');
    }
  });

  it("is compiled JavaScript carrying React Router's production build", () => {
    const dir = path.join(ROOT, 'build/node');
    const code = readdirSync(dir)
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(path.join(dir, file), 'utf8'))
      .join('\n');
    // One copy of React Router, inside the bundle: no import of the package (whose Node entry
    // is its development build) is left for Node to resolve.
    expect(code).not.toMatch(/from ["']react-router["']/);
    expect(code).toContain('ENABLE_DEV_WARNINGS = false');
    expect(code).not.toContain('ENABLE_DEV_WARNINGS = true');
  });
});
