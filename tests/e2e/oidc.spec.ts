import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, test } from './support/fixtures';

/**
 * Through the local OpenID Connect provider the e2e setup runs (tests/support/oidc-provider.ts),
 * whose login step signs in its one person at once. One project only: both would be that person.
 */
test('continue with an OpenID Connect provider, link another, and remove it again', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one provider person: run once');
  await page.goto('/login?redirectTo=%2Faccount');
  await page.getByRole('button', { name: 'Continue with Local ID' }).click();
  // Eight redirects across two servers plus the store's own calls to the provider (discovery,
  // token, keys): on a loaded two-core machine that took more than the usual five seconds.
  await page.waitForURL(/\/account$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  await expect(page.getByText('Hi, Olu').filter({ visible: true })).toBeVisible();

  const methods = page.locator('#sign-in-methods');
  await expect(methods.getByText('Local ID', { exact: true })).toBeVisible();
  await expect(methods.getByText('Your only sign-in method')).toBeVisible();
  await methods.getByRole('button', { name: 'Add Other ID' }).click();
  await expect(page).toHaveURL(/\/account#sign-in-methods$/, { timeout: 30_000 });
  await expect(methods.getByRole('button', { name: 'Remove Other ID' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await methods.getByRole('button', { name: 'Remove Other ID' }).click();
  await expect(methods.getByText('That sign-in method was removed from your account.')).toBeVisible();
  await expect(methods.getByRole('button', { name: 'Add Other ID' })).toBeVisible();
  await expect(methods.getByText('Your only sign-in method')).toBeVisible();
});
