import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { waitForMail } from './support/mailbox';

test.describe('accounts', () => {
  test('register, confirm by the mailed link, greet by name, sign out, and refuse a wrong password', async ({
    page,
  }, testInfo) => {
    const email = `e2e-${testInfo.project.name}-${Date.now()}@example.com`;
    const password = 'e2e-password-1';

    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Account Access' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Create Account' })).toHaveAttribute('aria-selected', 'true');
    const form = page.getByRole('tabpanel');

    // The spec's validation messages, before anything is sent.
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(form.getByText('First name is required')).toBeVisible();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();

    await form.getByLabel('First name').fill('Mia');
    await form.getByLabel('Last name').fill('Ortiz');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(password);
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Registration successful', { exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');

    // Signing in before confirming is refused with a way to resend.
    const signIn = page.getByRole('tabpanel');
    await signIn.getByLabel('Email').fill(email);
    await signIn.getByLabel('Password', { exact: true }).fill(password);
    await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(
      page.getByText('Please confirm your email address first.', { exact: false }).first(),
    ).toBeVisible();

    const mail = await waitForMail(email, 'Confirm your email address');
    const link = mail.links.find((l) => l.includes('/verify-email?token='))!;
    await page.goto(link);
    // Opening the link confirms nothing: the page's button does.
    await expect(page.getByRole('heading', { level: 2, name: 'Confirm your email address' })).toBeVisible();
    await page.getByRole('button', { name: 'Confirm email address' }).click();
    await expect(page.getByText('Hi, Mia').filter({ visible: true })).toBeVisible();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByText('Signed out', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();

    await page.goto('/login');
    await page.getByRole('tabpanel').getByLabel('Email').fill(email);
    await page.getByRole('tabpanel').getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('tabpanel').getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Login failed', { exact: true })).toBeVisible();

    await page.getByRole('tabpanel').getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('tabpanel').getByRole('button', { name: 'Sign In', exact: true }).click();
    // The password's hash is slow on purpose: a loaded machine takes longer than 5 s (CI saw it).
    await expect(page.getByText('Hi, Mia').filter({ visible: true })).toBeVisible({ timeout: 15_000 });
    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('a guest opening /account is sent to sign in and comes back after', async ({ page }) => {
    await page.goto('/account');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount/);
    await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  });

  test('sign-in, sign-up and reset pages have no serious accessibility violations', async ({ page }) => {
    for (const path of ['/login', '/signup', '/reset-password?token=not-a-real-token']) {
      await page.goto(path);
      await expectNoSeriousA11yViolations(page);
    }
  });
});
