import type { Page } from '@playwright/test';
import { ownClientAddress } from './support/client-address';
import { expect, test } from './support/fixtures';
import { waitForMail } from './support/mailbox';
import { confirmedAccount } from './support/shop';

/**
 * The forms as a browser without JavaScript (or whose scripts failed) uses them: each posts to
 * its page, which answers with a redirect or comes back with the answer.
 */
test.use({ javaScriptEnabled: false });

const greeting = (page: Page, name: string) => page.getByText(`Hi, ${name}`).filter({ visible: true });

async function signInWithoutScripts(page: Page, email: string, password: string) {
  const form = page.getByRole('tabpanel');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test.describe('forms without JavaScript', () => {
  test.beforeEach(async ({ page }) => {
    await ownClientAddress(page);
  });

  test('register, resend the confirmation, confirm, and sign in', async ({ page }, testInfo) => {
    // A dozen full page loads (no scripts) and four password hashes: more than the usual time.
    test.slow();
    const email = `nojs-${testInfo.project.name}-${Date.now()}@example.com`;
    const password = 'nojs-password-1';
    await page.goto('/login?redirectTo=%2Fwishlist');
    // Without scripts a tab is a link to the page that opens on it.
    await page.getByRole('tab', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/signup\?redirectTo=%2Fwishlist$/);
    await expect(page.getByRole('tab', { name: 'Create Account' })).toHaveAttribute('aria-selected', 'true');
    const register = page.getByRole('tabpanel');

    // The server checks with the form's own schema and messages.
    await register.getByRole('button', { name: 'Create Account' }).click();
    await expect(register.getByText('First name is required')).toBeVisible();
    await expect(register.getByText('Please enter a valid email address')).toBeVisible();

    await register.getByLabel('First name').fill('Noor');
    await register.getByLabel('Last name').fill('Jansen');
    await register.getByLabel('Email').fill(email);
    await register.getByLabel('Password', { exact: true }).fill(password);
    await register.getByRole('button', { name: 'Create Account' }).click();
    await expect(
      page.getByText(
        'Registration successful. Please check your email to confirm your account, then sign in.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel').getByLabel('Email')).toHaveValue(email);

    // Not confirmed yet: refused, with a way to have the link sent again.
    await signInWithoutScripts(page, email, password);
    await expect(page.getByText('Please confirm your email address first.', { exact: false })).toBeVisible();
    await page.getByRole('button', { name: 'Send the confirmation email again' }).click();
    await expect(page.getByText('Confirmation email sent. Check your inbox.')).toBeVisible();

    const mail = await waitForMail(email, 'Confirm your email address');
    await page.goto(mail.links.find((l) => l.includes('/verify-email?token='))!);
    await page.getByRole('button', { name: 'Confirm email address' }).click();
    await expect(greeting(page, 'Noor')).toBeVisible();

    // Signed out (the header's button needs scripts): the form signs in again.
    await page.context().clearCookies();
    await page.goto('/login');
    await signInWithoutScripts(page, email, 'not-the-password');
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await signInWithoutScripts(page, email, password);
    await expect(page).toHaveURL(/\/$/);
    await expect(greeting(page, 'Noor')).toBeVisible();
  });

  test('sign in from /account comes back to /account, and the profile name changes', async ({
    page,
    request,
    baseURL,
  }) => {
    const account = await confirmedAccount(request, baseURL!);
    await page.goto('/account');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount/);
    await signInWithoutScripts(page, account.email, account.password);
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();

    const profile = page
      .getByRole('main')
      .locator('form')
      .filter({ has: page.getByLabel('First name') });
    await profile.getByLabel('First name').fill('');
    await profile.getByRole('button', { name: 'Save changes' }).click();
    await expect(profile.getByText('First name is required')).toBeVisible();

    await profile.getByLabel('First name').fill('Carmen');
    await profile.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByText('Profile updated')).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue('Carmen');
    await expect(greeting(page, 'Carmen')).toBeVisible();
  });

  test('forgot password: the mailed link, a new password, and signing in with it', async ({
    page,
    request,
    baseURL,
  }) => {
    test.slow(); // as above: mail, full page loads and password hashes
    const account = await confirmedAccount(request, baseURL!);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    const reset = page.getByRole('region', { name: 'Reset your password' });
    await reset.getByLabel('Email').fill(account.email);
    await reset.getByRole('button', { name: 'Send reset link' }).click();
    await expect(
      page.getByText('If an account exists for that email, we sent a link to reset your password.'),
    ).toBeVisible();

    const mail = await waitForMail(account.email, 'Reset your password');
    await page.goto(mail.links.find((l) => l.includes('/reset-password?token='))!);
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    const newPassword = 'a-brand-new-one-9';
    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Confirm password').fill('something-else');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();

    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText('Your password has been reset. Please sign in.')).toBeVisible();
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await signInWithoutScripts(page, account.email, newPassword);
    await expect(page).toHaveURL(/\/$/);
    await expect(greeting(page, 'Cara')).toBeVisible();
  });

  test('contact: the field messages, then the message is sent', async ({ page }, testInfo) => {
    await page.goto('/contact');
    const main = page.getByRole('main');
    await main.getByLabel('Email', { exact: true }).fill('robin@example');
    await main.getByLabel('Message', { exact: true }).fill('Too short');
    await main.getByRole('button', { name: 'Send Message' }).click();
    await expect(main.getByText('Name is required')).toBeVisible();
    await expect(main.getByText('Please enter a valid email address')).toBeVisible();
    await expect(main.getByText('Message must be at least 10 characters')).toBeVisible();
    // What was typed is still there to correct.
    await expect(main.getByLabel('Message', { exact: true })).toHaveValue('Too short');

    const sender = `Robin without scripts ${testInfo.project.name} ${Date.now()}`;
    await main.getByLabel('Name', { exact: true }).fill(sender);
    await main.getByLabel('Email', { exact: true }).fill('robin@example.com');
    await main.getByLabel('Message', { exact: true }).fill('Do you rent hospital beds by the month?');
    await main.getByRole('button', { name: 'Send Message' }).click();
    await expect(main.getByText("Message sent successfully! We'll get back to you soon.")).toBeVisible();
    await expect(main.getByLabel('Name', { exact: true })).toHaveValue('');
    const mail = await waitForMail('support@medisupply.example', `Contact form message from ${sender}`);
    expect(mail.text).toContain('Do you rent hospital beds by the month?');
  });

  test("a product's information tabs open as links before scripts run", async ({ page }) => {
    await page.goto('/product/medline-bariatric-folding-walker');
    const panel = page.getByRole('tabpanel');
    await expect(panel).toHaveCount(1);
    await page.getByRole('tab', { name: 'Specifications' }).click();
    await expect(page).toHaveURL(
      /\/product\/medline-bariatric-folding-walker\?tab=specifications#product-information$/,
    );
    await expect(page.getByRole('tab', { name: 'Specifications' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toHaveCount(1);
    await expect(page.getByRole('tabpanel').getByRole('table', { name: 'Specifications' })).toBeVisible();
    await page.getByRole('tab', { name: 'Reviews' }).click();
    await expect(page).toHaveURL(/\?tab=reviews#product-information$/);
    await expect(page.getByRole('tab', { name: 'Reviews' })).toHaveAttribute('aria-selected', 'true');
  });
});
