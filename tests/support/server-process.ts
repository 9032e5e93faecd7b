import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  /** Resolves with the exit code once the process ends. */
  exited: Promise<number | null>;
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/** What a test's server does not do unless the test asks: every server of the tests starts with it. */
export const TEST_OPERATIONS = {
  // No balancer in front: SIGTERM stops at once unless a test gives a drain time.
  SHUTDOWN_DRAIN_MS: '0',
  // Each new database would be copied and checked 2 s after start: load no test asks for.
  SCHEDULED_BACKUPS: 'false',
};

/** Runs the compiled production server as its own process, exactly as `npm start` does after building. */
export function spawnServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['build/node/server.js'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      ...TEST_OPERATIONS,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * Starts the server and waits for its "listening" line, which carries the chosen port. A new
 * database is migrated and seeded first: seconds on a quiet machine, but over 30 s was seen on a
 * 2-core machine running a CI and builds beside it, so the wait is 60 s (a hung start still fails).
 */
export function startServerProcess(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const child = spawnServer(env);
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Store listening on (http:\/\/[^"\s]+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: match[1], output: () => output, exited });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${output}`));
    });
  });
}
