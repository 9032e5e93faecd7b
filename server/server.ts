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
import type { Logger } from './logger';
import { createServices } from './services';
import type { AppServices } from './types';

export interface RunningServer {
  url: string;
  services: AppServices;
  /** Stops accepting, lets in-flight requests finish (up to the timeout), closes the database. */
  shutdown(reason: string): Promise<void>;
}

export const BUILD_DIR = path.resolve(process.cwd(), 'build');

export async function startServer(
  env: Env,
  options: Pick<CreateAppOptions, 'extendApi'> & { logger?: Logger; build?: ServerBuild } = {},
): Promise<RunningServer> {
  const services = await createServices(env, { authMails, logger: options.logger });
  const { logger } = services;
  await openFeatures(services);
  const stopJobs = await startFeatureJobs(services);
  // The production bundle brings its build; tests load the one on disk.
  const build =
    options.build ??
    ((await import(pathToFileURL(path.join(BUILD_DIR, 'server/index.js')).href)) as ServerBuild);

  let shuttingDown = false;
  const appOptions: CreateAppOptions = {
    services,
    build,
    clientDir: path.relative(process.cwd(), path.join(BUILD_DIR, 'client')),
    isShuttingDown: () => shuttingDown,
    extendApi: options.extendApi,
  };
  const app = createApp(appOptions);
  const cachedPagesFirst = cachedPagesFirstFor(appOptions);

  // Hono's adapter for Node, behind the cached pages' fast path.
  const server = createServer(cachedPagesFirst(getRequestListener(app.fetch, { hostname: env.HOST })));
  await new Promise<void>((resolve) => server.listen(env.PORT, env.HOST, resolve));
  const { port } = server.address() as AddressInfo;
  const shownHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  const url = `http://${shownHost}:${port}`;
  logger.info({ url, node: process.version }, `Store listening on ${url}`);

  let closing: Promise<void> | undefined;
  const shutdown = (reason: string) =>
    (closing ??= (async () => {
      shuttingDown = true;
      logger.info({ reason }, 'shutting down: finishing in-flight requests');
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      if ('closeIdleConnections' in server) server.closeIdleConnections();
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), env.SHUTDOWN_TIMEOUT_MS);
      });
      if ((await Promise.race([closed, timedOut])) === 'timeout') {
        logger.warn('shutdown timeout reached: closing remaining connections');
        if ('closeAllConnections' in server) server.closeAllConnections();
      }
      clearTimeout(timer);
      await stopJobs();
      await services.close();
      logger.info('shutdown complete');
      logger.flush();
    })());

  return { url, services, shutdown };
}
