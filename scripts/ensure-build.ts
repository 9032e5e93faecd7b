import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { precompress } from './precompress.ts';

/**
 * `npm start` must work on a fresh clone and after a `git pull`, so the build (browser files,
 * React Router's server build and the compiled Node server) is redone whenever the files it is
 * made from change. The fingerprint is a hash of those files.
 */
const ROOT = process.cwd();
const INPUTS = [
  'app',
  'public',
  'react-router.config.ts',
  'vite.config.ts',
  'package-lock.json',
  'server',
  'scripts/build-server.ts',
  'tsconfig.json',
];
const STAMP = path.join(ROOT, 'build', '.source-hash');

function listFiles(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [entry];
  return readdirSync(full, { withFileTypes: true })
    .flatMap((child) => listFiles(path.join(entry, child.name)))
    .filter((file) => !file.includes('.test.'));
}

export function sourceFingerprint(): string {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(listFiles).sort()) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(ROOT, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

export function isBuildFresh(): boolean {
  return (
    existsSync(path.join(ROOT, 'build/server/index.js')) &&
    existsSync(path.join(ROOT, 'build/node/server.js')) &&
    existsSync(STAMP) &&
    readFileSync(STAMP, 'utf8').trim() === sourceFingerprint()
  );
}

/**
 * Builds with `react-router build`, then compiles the Node server (scripts/build-server.ts),
 * unless the existing build matches the sources. Each step runs in a process of its own.
 */
export function ensureBuild(log: (line: string) => void = console.log): void {
  if (isBuildFresh()) return;
  log('Building the store (first start or sources changed)...');
  const fingerprint = sourceFingerprint();
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/@react-router/dev/bin.js'), 'build'],
    {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (result.status !== 0) throw new Error(`The build failed (exit code ${result.status ?? 'unknown'})`);
  const server = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build-server.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (server.status !== 0) {
    throw new Error(`The server build failed (exit code ${server.status ?? 'unknown'})`);
  }
  precompress(path.join(ROOT, 'build/client'));
  writeFileSync(STAMP, fingerprint + '\n');
}
