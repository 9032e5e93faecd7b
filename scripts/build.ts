import { rmSync } from 'node:fs';
import { ensureBuild } from './ensure-build';

// `npm run build` always builds from scratch; `npm start` reuses a fresh build.
rmSync('build', { recursive: true, force: true });
ensureBuild();
