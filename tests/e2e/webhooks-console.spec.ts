import { expectNoSeriousA11yViolations } from './support/axe';
import { newConsoleAdmin } from './support/console-admin';
import { expect, test } from './support/fixtures';

/**
 * An admin registers an integration's endpoint, copies its secret, changes which events it
 * hears, and rotates the secret: every step by keyboard-reachable controls, axe clean.
 */
test('an admin registers, edits and rotates a webhook endpoint', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const { context, admin } = await newConsoleAdmin(browser, baseURL!);
  const address = `https://hooks.example.com/store/${Date.now()}`;

  await admin.goto('/admin/webhooks');
  await expect(admin.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
  // Nothing ticked: the form says what is missing and keeps the address.
  await admin.getByLabel('Address (https://…)').fill(address);
  await admin.getByRole('button', { name: 'Save endpoint' }).click();
  await expect(admin.getByText('Pick at least one event.')).toBeVisible();
  await expect(admin.getByLabel('Address (https://…)')).toHaveValue(address);
  await admin.getByLabel('Description (optional)').fill('Warehouse');
  await admin.getByRole('checkbox', { name: /^order\.paid:/ }).check();
  await admin.getByRole('button', { name: 'Save endpoint' }).click();
  const secret = admin.getByRole('region', { name: 'Signing secret' }).locator('code');
  await expect(secret).toHaveText(/^whsec_/);
  const first = await secret.textContent();
  await expectNoSeriousA11yViolations(admin);

  await admin.getByRole('link', { name: address }).click();
  await expect(admin.getByRole('heading', { name: address, level: 1 })).toBeVisible();
  await admin.getByText('Settings and signing secret').click();
  await admin.getByRole('checkbox', { name: /^order\.shipped:/ }).check();
  await admin.getByLabel('Description (optional)').fill('Warehouse (east)');
  await admin.getByRole('button', { name: 'Save changes' }).click();
  await expect(admin.getByText('Endpoint saved. New events go to it as it is now.')).toBeVisible();
  await expect(admin.getByText('Enabled · order.paid, order.shipped · Warehouse (east)')).toBeVisible();

  // The section stays open after the save, the rotation just below.
  await admin.getByRole('button', { name: 'Rotate signing secret' }).focus();
  await admin.keyboard.press('Enter');
  const rotated = admin.getByRole('region', { name: 'New signing secret' }).locator('code');
  await expect(rotated).toHaveText(/^whsec_/);
  expect(await rotated.textContent()).not.toBe(first);
  await expectNoSeriousA11yViolations(admin);
  // Shown once: a fresh look at the page has neither secret.
  await admin.reload();
  await expect(admin.getByText(/whsec_/)).toHaveCount(0);
  await context.close();
});
