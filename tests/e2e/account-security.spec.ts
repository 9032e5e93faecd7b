import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { ageSessions } from './support/age-sessions';
import { expectNoSeriousA11yViolations } from './support/axe';
import { ownClientAddress } from './support/client-address';
import { expect, test } from './support/fixtures';
import { waitForMail } from './support/mailbox';
import { codeOfMail } from '../support/smtp-receiver';

const passwordPart = (page: Page) =>
  page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'Password', exact: true }) });

/** A new account made by an emailed code, named, signed in on `page`. */
async function signUpByCode(page: Page, email: string) {
  await page.goto('/login?redirectTo=%2Faccount');
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel('Email').fill(email);
  await panel.getByRole('button', { name: 'Email me a sign-in code' }).click();
  const mail = await waitForMail(email, 'Your MediSupply sign-in code');
  await page.getByRole('textbox', { name: 'Sign-in code' }).fill(codeOfMail(mail));
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByLabel('First name').fill('Ruth');
  await page.getByLabel('Last name').fill('Okafor');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
}

test('a passwordless account sets a password, confirms it is you later, downloads its data and deletes itself', async ({
  page,
}, testInfo) => {
  await ownClientAddress(page);
  const email = `security-${testInfo.project.name}-${Date.now()}@example.com`;
  await signUpByCode(page, email);

  // Just signed in: the settings are open. No password yet: one can be set.
  const passwordSection = passwordPart(page);
  await passwordSection.getByLabel('New password', { exact: true }).fill('ruth-password-1');
  await passwordSection.getByLabel('Confirm new password').fill('ruth-password-1');
  await passwordSection.getByRole('button', { name: 'Set password' }).click();
  await expect(passwordSection.getByText('Password changed.', { exact: false })).toBeVisible();

  // Eleven minutes later: "Confirm it is you" stands in place of the settings.
  ageSessions(path.join(process.env.E2E_DATA_DIR ?? '', 'store.db'), email);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete my account' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Your password').fill('wrong-password-9');
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByText('Your current password is not correct')).toBeVisible();
  await page.getByLabel('Your password').fill('ruth-password-1');
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();

  // Now the password can change, in place.
  const section = passwordPart(page);
  await section.getByLabel('Current password').fill('ruth-password-1');
  await section.getByLabel('New password', { exact: true }).fill('ruth-password-2');
  await section.getByLabel('Confirm new password').fill('ruth-password-2');
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByText('Password changed.', { exact: false })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download my data' }).click();
  const file = await (await downloading).path();
  const data = JSON.parse(readFileSync(file, 'utf8'));
  expect(data.profile).toMatchObject({ email, firstName: 'Ruth', lastName: 'Okafor' });
  expect(data.signInMethods).toEqual([expect.objectContaining({ method: 'password' })]);

  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Tick the box to confirm that you want to delete your account.')).toBeVisible();
  await page.getByLabel('I understand that my account will be deleted and cannot be restored.').check();
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Your account was deleted', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await waitForMail(email, 'Your MediSupply account was deleted');
});
