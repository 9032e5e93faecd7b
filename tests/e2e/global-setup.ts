import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuild } from '../../scripts/ensure-build';
import { freePort } from '../support/free-port';
import { startServerProcess } from '../support/server-process';

/** Builds if needed, then runs the production server on a free port with a fresh database. */
export default async function globalSetup() {
  ensureBuild();
  const dir = mkdtempSync(path.join(tmpdir(), 'store-e2e-'));
  // A known port, so APP_URL (and every link in the mails) points at this server.
  const port = await freePort();
  const server = await startServerProcess({
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: `file:${path.join(dir, 'store.db')}`,
    DATA_DIR: dir,
    LOG_LEVEL: 'info',
    // Specs that meet rate limits act as clients of their own by sending X-Forwarded-For.
    TRUSTED_PROXIES: '127.0.0.1',
  });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = dir;
  return async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dir, { recursive: true, force: true });
  };
}
