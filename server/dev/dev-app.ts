import type { ServerBuild } from 'react-router';
import type { ViteDevServer } from 'vite';
import { authMails, createApp, openFeatures, startFeatureJobs } from '../app';
import { parseEnv } from '../env';
import { createServices } from '../services';
import type { AppServices } from '../types';

// Services outlive module reloads: one database connection for the whole dev session.
const globalStore = globalThis as typeof globalThis & { __storeDevServices?: Promise<AppServices> };

async function createDevServices(): Promise<AppServices> {
  const services = await createServices(parseEnv({ ...process.env, NODE_ENV: 'development' }), { authMails });
  await openFeatures(services);
  await startFeatureJobs(services);
  return services;
}

export async function getDevApp(vite: ViteDevServer) {
  const services = await (globalStore.__storeDevServices ??= createDevServices());
  return createApp({
    services,
    build: () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
  });
}
