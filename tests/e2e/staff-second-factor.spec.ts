import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { freePort } from '../support/free-port';
import { type LocalOidcProvider, startOidcProvider } from '../support/oidc-provider';
import { type ServerProcess, startServerProcess } from '../support/server-process';
import { extractLinks, type SmtpReceiver, startSmtpReceiver } from '../support/smtp-receiver';
import { secretOf, totp } from '../support/totp';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, test } from './support/fixtures';

/**
 * Issue 31, point 3, in Chromium: a member of staff with the authenticator app on reaches the
 * console only through the second factor, whether they came by their organisation's OpenID
 * Connect provider, a passkey without user verification or a mailed link; a passkey that
 * verified its user is both factors. Its own store at http://localhost (passkeys need a name,
 * not an IP address), its own provider and mail receiver. One project: one provider person.
 */
test.describe('staff sessions carry a second factor', () => {
  let server: ServerProcess | undefined;
  let provider: LocalOidcProvider;
  let smtp: SmtpReceiver;
  let dir: string;
  let base: string;
  const email = `staff-2fa-${Date.now()}@example.com`;
  const password = 'staff-password-long-1';
  let secret = '';

  test.beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'store-e2e-staff-2fa-'));
    const port = await freePort();
    base = `http://localhost:${port}`;
    smtp = await startSmtpReceiver();
    provider = await startOidcProvider({
      accounts: { staffer: { email, given_name: 'Sasha', family_name: 'Staff' } },
      redirectUris: [`${base}/api/auth/callback/local-id`],
    });
    server = await startServerProcess({
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: base,
      DATABASE_URL: `file:${path.join(dir, 'store.db')}`,
      DATA_DIR: dir,
      LOG_LEVEL: 'info',
      REQUIRE_EMAIL_VERIFICATION: 'false',
      SMTP_URL: smtp.url,
      OIDC_PROVIDERS: JSON.stringify([provider.config('local-id', 'Local ID')]),
    });
  });

  test.afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    await provider.close();
    await smtp.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function inDatabase(run: (db: Database.Database) => void) {
    const db = new Database(path.join(dir, 'store.db'));
    try {
      run(db);
    } finally {
      db.close();
    }
  }

  /** The code page of the console: labelled, focused, announced, and answered by keyboard. */
  async function answerConsoleChallenge(page: Page, options: { wrongFirst: boolean }) {
    await expect(page).toHaveURL(/\/admin\/verify\?redirectTo=/);
    const heading = page.getByRole('heading', { level: 1, name: 'Confirm it is you' });
    await expect(heading).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    const field = page.getByLabel('Authentication code');
    // Once only: wrong and right codes here count with the sign-in's (5 a minute per address).
    if (options.wrongFirst) {
      await field.fill(totp(secret, Date.now(), 10));
      await field.press('Enter');
      await expect(page.getByRole('alert')).toContainText('That code is not valid');
      await expect(field).toHaveAttribute('aria-invalid', 'true');
    }
    await field.fill(totp(secret));
    await page.getByRole('button', { name: 'Verify' }).press('Enter');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  }

  test('OIDC, a passkey without and with user verification, and a mailed link', async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'one provider person and one account: run once');
    test.setTimeout(120_000);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const authenticator = async (userVerification: boolean) =>
      (
        await cdp.send('WebAuthn.addVirtualAuthenticator', {
          options: {
            protocol: 'ctap2',
            transport: 'internal',
            hasResidentKey: true,
            hasUserVerification: userVerification,
            isUserVerified: userVerification,
            automaticPresenceSimulation: true,
          },
        })
      ).authenticatorId;
    const authenticatorId = await authenticator(true);

    // The account, made staff, with the authenticator app turned on by its own steps.
    const origin = { origin: base };
    const made = await page.request.post(`${base}/api/auth/sign-up/email`, {
      data: { email, password, name: 'Sasha Staff', firstName: 'Sasha', lastName: 'Staff' },
      headers: origin,
    });
    expect(made.status()).toBe(200);
    await page.request.post(`${base}/api/auth/sign-in/email`, { data: { email, password }, headers: origin });
    inDatabase((db) => db.prepare(`update "user" set role = 'staff' where email = ?`).run(email));
    const enable = await page.request.post(`${base}/api/auth/two-factor/enable`, {
      data: { password },
      headers: origin,
    });
    secret = secretOf(((await enable.json()) as { totpURI: string }).totpURI);
    const verify = await page.request.post(`${base}/api/auth/two-factor/verify-totp`, {
      data: { code: totp(secret) },
      headers: origin,
    });
    expect(verify.status()).toBe(200);

    // A passkey added on /account.
    await page.goto(`${base}/account`);
    await page.getByLabel('Name for a new passkey').fill('Desk key');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(page.getByText('Passkey "Desk key" added.', { exact: false })).toBeVisible();

    // 1. The passkey without user verification: the store's "preferred" is only a hint, which a
    // browser (or someone scripting one) may answer with presence alone. The authenticator data
    // is signed, so the store reads the truth from it.
    await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false });
    await page.route('**/api/auth/passkey/generate-authenticate-options*', async (route) => {
      const response = await route.fetch();
      const options = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...options, userVerification: 'discouraged' } });
    });
    await page.context().clearCookies();
    await page.goto(`${base}/login?redirectTo=%2Fadmin`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await answerConsoleChallenge(page, { wrongFirst: true });

    // 2. The same passkey verifying its user (isUserVerified: true, a fingerprint): both factors.
    await page.unroute('**/api/auth/passkey/generate-authenticate-options*');
    await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: true });
    await page.context().clearCookies();
    await page.goto(`${base}/login?redirectTo=%2Fadmin`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    // 3. The organisation's provider (the identity linked as "Link" on /account would).
    inDatabase((db) =>
      db
        .prepare(
          `insert into account (id, "accountId", "providerId", "userId", "createdAt", "updatedAt")
           select ?, 'staffer', 'local-id', id, ?, ? from "user" where email = ?`,
        )
        .run(`e2e-${Date.now()}`, Date.now(), Date.now(), email),
    );
    await page.context().clearCookies();
    provider.signInAs('staffer');
    await page.goto(`${base}/login?redirectTo=%2Fadmin`);
    await page.getByRole('button', { name: 'Continue with Local ID' }).click();
    await expect(page).toHaveURL(/\/admin\/verify/, { timeout: 30_000 });
    await answerConsoleChallenge(page, { wrongFirst: false });

    // 4. A mailed sign-in link, opened on our page: the code at sign-in, then the console.
    await page.context().clearCookies();
    const after = smtp.messages.length;
    const asked = await page.request.post(`${base}/api/auth/sign-in/magic-link`, {
      data: { email, callbackURL: '/admin' },
      headers: origin,
    });
    expect(asked.status()).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes(email) && smtp.messages.indexOf(m) >= after);
    await page.goto(extractLinks(mail).find((link) => link.includes('/login/link'))!);
    await page.getByRole('button', { name: 'Sign in to MediSupply' }).click();
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    await page.getByLabel('Authentication code').fill(totp(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });
});
