import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { operatorArgv } from '../../support/operator-commands';
import { secretOf, totp } from '../../support/totp';
import { ownClientAddress } from './client-address';
import { expect } from './fixtures';
import { signIn } from './shop';

export const PASSWORD = 'store-console-2026';

/** `npm run admin:create`, as an operator runs it, against the e2e server's database. */
export function createAdmin(email: string, baseURL: string, dir = process.env.E2E_DATA_DIR ?? ''): string {
  const out = execFileSync(
    process.execPath,
    operatorArgv('admin:create', ['--email', email, '--first-name', 'Ada']),
    {
      env: {
        ...process.env,
        DATABASE_URL: `file:${path.join(dir, 'store.db')}`,
        DATA_DIR: dir,
        APP_URL: baseURL,
        NODE_ENV: 'production',
      },
      encoding: 'utf8',
    },
  );
  const link = out.split('\n').find((line) => line.startsWith('http'));
  expect(out).toContain(`Created ${email} as an administrator.`);
  return link!;
}

/**
 * An administrator as an operator makes one: `npm run admin:create`, the one-time link to set a
 * password, then the console leads them to turn on two-factor, which they do. Signed in.
 */
export async function newConsoleAdmin(browser: Browser, baseURL: string, dataDir?: string) {
  const adminEmail = `admin-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const link = createAdmin(adminEmail, baseURL, dataDir);
  // A spec with a store of its own (dataDir) signs in there, not on the suite's shared server.
  const context = await browser.newContext({ baseURL });
  const admin = await context.newPage();
  // Its own address: the two-factor codes of the other console tests count against theirs.
  await ownClientAddress(admin);
  await admin.goto(link);
  await admin.getByLabel('New password').fill(PASSWORD);
  await admin.getByLabel('Confirm password').fill(PASSWORD);
  await admin.getByRole('button', { name: 'Reset password' }).click();
  await expect(admin.getByText(/password has been (reset|changed)/i)).toBeVisible({ timeout: 15_000 });

  // Without two-factor, the console leads to setting it up.
  await signIn(admin, { email: adminEmail, password: PASSWORD });
  await admin.goto('/admin');
  await expect(admin).toHaveURL(/\/account\?staff=two-factor#two-factor$/);
  await expect(admin.getByText('the store console opens once two-factor authentication is on')).toBeVisible();
  const twoFactor = admin.locator('#two-factor');
  await twoFactor.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
  await twoFactor.getByLabel('Password').fill(PASSWORD);
  await twoFactor.getByRole('button', { name: 'Continue' }).click();
  const key = (await twoFactor.locator('code').first().textContent({ timeout: 15_000 }))!.replace(/\s/g, '');
  const secret = secretOf(`otpauth://totp/x?secret=${key}`);
  const firstCode = totp(secret);
  await twoFactor.getByLabel('6-digit code').fill(firstCode);
  await twoFactor.getByRole('button', { name: 'Verify and turn on' }).click();
  await twoFactor.getByRole('button', { name: 'I have saved my backup codes' }).click();
  await expect(admin.getByRole('link', { name: 'Open the store console' })).toBeVisible();

  return { context, admin, adminEmail, secret, firstCode };
}
