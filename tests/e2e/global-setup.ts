import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuild } from '../../scripts/ensure-build';
import { freePort } from '../support/free-port';
import { startOidcProvider } from '../support/oidc-provider';
import { startServerProcess } from '../support/server-process';

/** Builds if needed, then runs the production server on a free port with a fresh database. */
export default async function globalSetup() {
  ensureBuild();
  const dir = mkdtempSync(path.join(tmpdir(), 'store-e2e-'));
  // A known port, so APP_URL (and every link in the mails) points at this server.
  const port = await freePort();
  // A real OpenID Connect provider on loopback: "Continue with Local ID" and linking on /account.
  const app = `http://127.0.0.1:${port}`;
  const provider = await startOidcProvider({
    accounts: {
      'e2e-person': { email: 'oidc-person@example.com', given_name: 'Olu', family_name: 'Adeyemi' },
    },
    redirectUris: [`${app}/api/auth/callback/local-id`, `${app}/api/auth/callback/other-id`],
  });
  const server = await startServerProcess({
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: `file:${path.join(dir, 'store.db')}`,
    DATA_DIR: dir,
    LOG_LEVEL: 'info',
    // Specs that meet rate limits act as clients of their own by sending X-Forwarded-For.
    TRUSTED_PROXIES: '127.0.0.1',
    OIDC_PROVIDERS: JSON.stringify([
      provider.config('local-id', 'Local ID'),
      provider.config('other-id', 'Other ID'),
    ]),
  });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = dir;
  // The console's organisation sign-in spec points an organisation at the same provider.
  process.env.E2E_OIDC_ISSUER = provider.issuer;
  return async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    await provider.close();
    rmSync(dir, { recursive: true, force: true });
  };
}
