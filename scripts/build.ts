import { rmSync } from 'node:fs';
import { ensureBuild } from './ensure-build.ts';

// `npm run build` builds from scratch. `npm start` runs this with --if-stale, which keeps a
// build that matches the sources; either way in a process of its own, apart from the server.
if (!process.argv.includes('--if-stale')) rmSync('build', { recursive: true, force: true });
try {
  ensureBuild();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
