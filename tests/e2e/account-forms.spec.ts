import { secretOf, totp } from '../support/totp';
import { ownClientAddress } from './support/client-address';
import { expect, test } from './support/fixtures';
import { accountNav, confirmedAccount, signIn, toast } from './support/shop';

/** The account forms with JavaScript: they post to their page's action through the router. */
test.describe('account forms', () => {
  test.beforeEach(async ({ page }) => {
    await ownClientAddress(page);
  });

  test('a sign-in that needs the second factor asks for the code, then signs in', async ({
    page,
    request,
    baseURL,
  }) => {
    const account = await confirmedAccount(request, baseURL!);
    const headers = { Origin: new URL(baseURL!).origin };
    await request.post('/api/auth/sign-in/email', { data: account, headers });
    const enable = await request.post('/api/auth/two-factor/enable', {
      data: { password: account.password },
      headers,
    });
    const secret = secretOf(((await enable.json()) as { totpURI: string }).totpURI);
    const verify = await request.post('/api/auth/two-factor/verify-totp', {
      data: { code: totp(secret) },
      headers,
    });
    expect(verify.status()).toBe(200);

    await page.goto('/login');
    const form = page.getByRole('tabpanel');
    await form.getByLabel('Email').fill(account.email);
    await form.getByLabel('Password', { exact: true }).fill(account.password);
    await form.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Two-factor authentication' })).toBeFocused();

    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Invalid code')).toBeVisible();

    await page.getByLabel('Authentication code').fill(totp(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(toast(page, 'Login successful')).toBeVisible();
    await expect(accountNav(page).getByRole('link', { name: 'My Account' })).toBeVisible();
  });

  test('profile, password and signing out everywhere on /account', async ({ page, request, baseURL }) => {
    test.slow(); // five password hashes (sign-up, sign-in, three password checks) in one test
    const account = await confirmedAccount(request, baseURL!);
    await signIn(page, account);
    await page.goto('/account');
    const main = page.getByRole('main');

    await main.getByLabel('First name').fill('Dana');
    await main.getByRole('button', { name: 'Save changes' }).click();
    await expect(main.getByText('Profile updated')).toBeVisible();
    await expect(page.getByText('Hi, Dana').filter({ visible: true })).toBeVisible();

    const current = main.getByLabel('Current password');
    await current.fill('not-the-password');
    await main.getByLabel('New password', { exact: true }).fill('changed-password-5');
    await main.getByLabel('Confirm new password').fill('changed-password-5');
    await main.getByRole('button', { name: 'Change password' }).click();
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await expect(current).toBeFocused();

    await current.fill(account.password);
    await main.getByRole('button', { name: 'Change password' }).click();
    // Checking the old password and hashing the new one: on a busy machine more than 5 s.
    await expect(main.getByText('Password changed. Your other devices were signed out.')).toBeVisible({
      timeout: 15_000,
    });
    await expect(current).toHaveValue('');
    // Still signed in here: the action passed the new session's cookie on.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();

    await main.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(toast(page, 'Signed out')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(accountNav(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
  });
});
