import { spawn } from 'node:child_process';
import path from 'node:path';
import { loadDotenv } from '../server/dotenv.ts';
import { EnvError, parseEnv } from '../server/env.ts';

// `npm run dev`: the Vite dev server with our Hono app inside (see server/dev/vite-plugin.ts).
let env;
try {
  // .env first (the exported environment wins over it); the dev server inherits the result.
  loadDotenv();
  env = parseEnv({ ...process.env, NODE_ENV: 'development' });
} catch (error) {
  if (error instanceof EnvError) {
    console.error(`Invalid configuration: ${error.message}`);
    process.exit(1);
  }
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const child = spawn(
  process.execPath,
  [
    path.resolve('node_modules/@react-router/dev/bin.js'),
    'dev',
    '--port',
    String(env.PORT),
    '--host',
    env.HOST,
  ],
  { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'development' } },
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
