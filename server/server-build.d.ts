// React Router's server build as a module: the Vite dev server serves it under this name, and
// the production bundle (scripts/build-server.ts) resolves it to build/server/index.js.
declare module 'virtual:react-router/server-build' {
  import type { ServerBuild } from 'react-router';

  const build: ServerBuild;
  export = build;
}
