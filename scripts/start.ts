import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadDotenv } from '../server/dotenv.ts';
import { EnvError, parseEnv } from '../server/env.ts';

// `npm start`: check the configuration first (a typo should not wait for a build), build what
// is missing in a separate process, then run the compiled server in this one. The server
// applies migrations before it listens. .env is read first: the exported environment wins over
// it, and the build and the server inherit the result.
try {
  loadDotenv();
  process.env.NODE_ENV ??= 'production';
  parseEnv();
} catch (error) {
  if (error instanceof EnvError) {
    console.error(`Invalid configuration: ${error.message}`);
    process.exit(1);
  }
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const ROOT = path.resolve(import.meta.dirname, '..');
const build = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.ts'), '--if-stale'], {
  cwd: ROOT,
  stdio: ['ignore', 'inherit', 'inherit'],
});
if (build.status !== 0) process.exit(build.status ?? 1);
await import(pathToFileURL(path.join(ROOT, 'build/node/server.js')).href);
