import type { ServerBuild } from 'react-router';
import type { ViteDevServer } from 'vite';
import { createApp } from '../app';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { parseEnv } from '../env';
import { createLogger } from '../logger';
import { createRateLimiter } from '../rate-limit';
import type { AppServices } from '../types';

// Services outlive module reloads: one database connection for the whole dev session.
const globalStore = globalThis as typeof globalThis & { __storeDevServices?: Promise<AppServices> };

async function createServices(): Promise<AppServices> {
  const env = parseEnv({ ...process.env, NODE_ENV: 'development' });
  const logger = createLogger({ level: env.LOG_LEVEL, pretty: true });
  const database = openDatabase(env.DATABASE_URL);
  await migrateToLatest(database);
  return { env, logger, database, rateLimiter: createRateLimiter(database.db) };
}

export async function getDevApp(vite: ViteDevServer) {
  const services = await (globalStore.__storeDevServices ??= createServices());
  return createApp({
    services,
    build: () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
  });
}
