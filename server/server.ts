import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import type { ServerBuild } from 'react-router';
import {
  authMails,
  cachedPagesFirstFor,
  type CreateAppOptions,
  createApp,
  openFeatures,
  startFeatureJobs,
} from './app';
import type { Env } from './env';
import { httpLifecycle, keepConnectionsLongerThanTheBalancer } from './http-lifecycle';
import type { Logger } from './logger';
import { createServices } from './services';
import type { AppServices } from './types';

export interface RunningServer {
  url: string;
  services: AppServices;
  /**
   * Health says 503 at once; after SHUTDOWN_DRAIN_MS stops accepting, ends event streams, lets
   * requests in flight finish (up to SHUTDOWN_TIMEOUT_MS), stops the job workers, closes the database.
   */
  shutdown(reason: string): Promise<void>;
}

export const BUILD_DIR = path.resolve(process.cwd(), 'build');

export async function startServer(
  env: Env,
  options: Pick<CreateAppOptions, 'extendApi'> & {
    logger?: Logger;
    build?: ServerBuild;
    checkpointInBackground?: boolean;
  } = {},
): Promise<RunningServer> {
  const services = await createServices(env, {
    authMails,
    logger: options.logger,
    checkpointInBackground: options.checkpointInBackground,
  });
  const { logger } = services;
  await openFeatures(services);
  const stopJobs = await startFeatureJobs(services);
  // The production bundle brings its build; tests load the one on disk.
  const build =
    options.build ??
    ((await import(pathToFileURL(path.join(BUILD_DIR, 'server/index.js')).href)) as ServerBuild);

  // The server first, so the app can ask it whether it is shutting down; its handler after.
  const server = createServer();
  keepConnectionsLongerThanTheBalancer(server, env.KEEP_ALIVE_TIMEOUT_MS);
  const http = httpLifecycle(server, {
    drainMs: env.SHUTDOWN_DRAIN_MS,
    timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    logger,
  });
  const appOptions: CreateAppOptions = {
    services,
    build,
    clientDir: path.relative(process.cwd(), path.join(BUILD_DIR, 'client')),
    isShuttingDown: http.isShuttingDown,
    closing: http.closing,
    extendApi: options.extendApi,
  };
  const app = createApp(appOptions);
  const cachedPagesFirst = cachedPagesFirstFor(appOptions);
  // Hono's adapter for Node, behind the cached pages' fast path.
  server.on('request', cachedPagesFirst(getRequestListener(app.fetch, { hostname: env.HOST })));
  await new Promise<void>((resolve) => server.listen(env.PORT, env.HOST, resolve));
  const { port } = server.address() as AddressInfo;
  const shownHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  const url = `http://${shownHost}:${port}`;
  logger.info({ url, node: process.version }, `Store listening on ${url}`);

  let closing: Promise<void> | undefined;
  // docs/decisions/0037: drain, close the listener and finish the requests, then the job workers
  // (a job running finishes, or is handed back to the queue), then the database.
  const shutdown = (reason: string) =>
    (closing ??= (async () => {
      logger.info({ reason }, 'shutting down');
      // SIGINT is a person's Ctrl-C in a terminal; balancers and orchestrators send SIGTERM.
      await http.stop({ drain: reason !== 'SIGINT' });
      await stopJobs();
      await services.close();
      logger.info('shutdown complete');
      logger.flush();
    })());

  return { url, services, shutdown };
}
