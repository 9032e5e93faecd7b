import { getRequestListener } from '@hono/node-server';
import type { Plugin, ViteDevServer } from 'vite';

interface DevAppModule {
  getDevApp(vite: ViteDevServer): Promise<{ fetch: (request: Request) => Response | Promise<Response> }>;
}

/**
 * `npm run dev`: Vite serves the browser modules with hot reload, and every other request
 * (API and pages) goes through our Hono app, reloaded from source on each change, so dev has
 * the same headers, load context and API as production.
 */
export function honoDevServer(): Plugin {
  return {
    name: 'store:hono-dev-server',
    configureServer(vite: ViteDevServer) {
      // Returned function = runs after Vite's own middlewares (modules, HMR, public files).
      return () => {
        vite.middlewares.use((req, res, next) => {
          vite
            .ssrLoadModule('/server/dev/dev-app.ts')
            .then(async (mod) => {
              const app = await (mod as DevAppModule).getDevApp(vite);
              await getRequestListener(app.fetch)(req, res);
            })
            .catch((error: unknown) => {
              if (error instanceof Error) vite.ssrFixStacktrace(error);
              next(error);
            });
        });
      };
    },
  };
}
