import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../support/free-port';
import { type ServerProcess, startServerProcess } from '../support/server-process';
import { ageSessions } from './support/age-sessions';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, test } from './support/fixtures';

/**
 * Passkeys need a site name, not an IP address (WebAuthn relying party ids are domains): this
 * spec runs its own store at http://localhost, with Chromium's virtual authenticator standing in
 * for the device's fingerprint reader.
 */
test.describe('passkeys', () => {
  let server: ServerProcess | undefined;
  let dir: string;
  let base: string;

  test.beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'store-e2e-passkeys-'));
    const port = await freePort();
    base = `http://localhost:${port}`;
    server = await startServerProcess({
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: base,
      DATABASE_URL: `file:${path.join(dir, 'store.db')}`,
      DATA_DIR: dir,
      LOG_LEVEL: 'info',
      REQUIRE_EMAIL_VERIFICATION: 'false',
    });
  });

  test.afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    rmSync(dir, { recursive: true, force: true });
  });

  test('add, name and remove a passkey in My Account, and sign in with it', async ({ page }, testInfo) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    const email = `passkey-${testInfo.project.name}-${Date.now()}@example.com`;
    const signUp = await page.request.post(`${base}/api/auth/sign-up/email`, {
      data: { email, password: 'passkey-password-1', name: 'Pia Keys', firstName: 'Pia', lastName: 'Keys' },
      headers: { origin: base },
    });
    expect(signUp.status()).toBe(200);

    await page.goto(`${base}/login`);
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('Email').fill(email);
    await panel.getByLabel('Password', { exact: true }).fill('passkey-password-1');
    await panel.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Hi, Pia').filter({ visible: true })).toBeVisible();

    await page.goto(`${base}/account`);
    await page.getByLabel('Name for a new passkey').fill('My laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(page.getByText('Passkey "My laptop" added.', { exact: false })).toBeVisible();
    await page.getByRole('button', { name: 'Rename My laptop' }).click();
    await page.getByLabel('Passkey name').fill('Kitchen laptop');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByText('Passkey renamed to "Kitchen laptop".')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Sign Out' }).first().click();
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await page.goto(`${base}/login?redirectTo=%2Faccount`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
    await expect(page.getByText('Hi, Pia').filter({ visible: true })).toBeVisible();

    // Eleven minutes later, the passkey is also how to confirm it is you.
    ageSessions(path.join(dir, 'store.db'), email);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
    await page.getByRole('button', { name: 'Use a passkey instead' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Passkeys' })).toBeVisible();

    await page.getByRole('button', { name: 'Remove Kitchen laptop' }).click();
    await expect(page.getByText('Passkey "Kitchen laptop" removed.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove Kitchen laptop' })).toHaveCount(0);
  });
});
