import path from 'node:path';
import { build, type Plugin } from 'esbuild';

/**
 * `node scripts/build-server.ts` compiles the Node server (server/main.ts and the operator
 * commands) into plain JavaScript under build/node/, so that `npm start` runs no TypeScript
 * loader. ensure-build.ts runs it after the React Router build, whose server half
 * (build/server/index.js) it bundles in: the page handler and the route modules then share one
 * copy of React Router.
 *
 * That copy is React Router's production build. Its package sends every Node import to the
 * development build (the two differ in dev-only warnings and checks), and Node offers no
 * condition to choose, so the bundle resolves `react-router` to the production files itself.
 * Other packages stay external and load from node_modules as usual.
 */
const ROOT = process.cwd();
const OUT_DIR = path.join(ROOT, 'build/node');
const REACT_ROUTER_PRODUCTION = path.join(ROOT, 'node_modules/react-router/dist/production/index.mjs');

/** Bundled rather than external: React Router itself, and packages that import it. */
const BUNDLED_PACKAGES = new Set(['react-router', '@react-router/node']);

const resolvePackages: Plugin = {
  name: 'medisupply-packages',
  setup(bundle) {
    bundle.onResolve({ filter: /^virtual:react-router\/server-build$/ }, () => ({
      path: path.join(ROOT, 'build/server/index.js'),
    }));
    bundle.onResolve({ filter: /^react-router$/ }, () => ({ path: REACT_ROUTER_PRODUCTION }));
    // Bare package names stay external, except those that must share the bundled React Router.
    bundle.onResolve({ filter: /^[^./~#]/ }, (args) => {
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      const name = args.path.startsWith('@')
        ? args.path.split('/').slice(0, 2).join('/')
        : (args.path.split('/')[0] ?? args.path);
      return BUNDLED_PACKAGES.has(name) ? undefined : { path: args.path, external: true };
    });
  },
};

await build({
  absWorkingDir: ROOT,
  entryPoints: {
    server: 'server/main.ts',
    migrate: 'server/db/migrate-cli.ts',
    seed: 'server/seed-cli.ts',
    'admin-create': 'server/admin-cli.ts',
    'products-import': 'server/products-import-cli.ts',
    backup: 'server/backup/backup-cli.ts',
    restore: 'server/backup/restore-cli.ts',
  },
  outdir: OUT_DIR,
  bundle: true,
  // Each entry stays a few lines that run before any package loads (NODE_ENV first).
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  // As Node itself does for ESM: a package's ES module build where it offers one.
  conditions: ['module-sync'],
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  tsconfig: path.join(ROOT, 'tsconfig.json'),
  define: {
    'import.meta.env': JSON.stringify({ DEV: false, PROD: true, SSR: true, MODE: 'production' }),
  },
  plugins: [resolvePackages],
});
