import { expectNoSeriousA11yViolations } from './support/axe';
import { ownClientAddress } from './support/client-address';
import { expect, test } from './support/fixtures';
import { waitForMail } from './support/mailbox';
import { codeOfMail } from '../support/smtp-receiver';
import { codeOfText, smsFiles, waitForSmsFile } from '../support/sms';

test.describe('signing in without a password', () => {
  test.beforeEach(async ({ page }) => {
    await ownClientAddress(page);
  });

  test('by a code emailed to a new address: the account is made and its name asked once', async ({
    page,
  }, testInfo) => {
    const email = `code-${testInfo.project.name}-${Date.now()}@example.com`;
    await page.goto('/login');
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('Email').fill(email);
    await panel.getByRole('button', { name: 'Email me a sign-in code' }).click();
    await expect(page.getByRole('heading', { name: 'Enter your sign-in code' })).toBeFocused();
    await expect(page.getByText(`We sent a 6-digit code to ${email}.`, { exact: false })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const mail = await waitForMail(email, 'Your MediSupply sign-in code');
    const code = codeOfMail(mail);
    await page.getByRole('textbox', { name: 'Sign-in code' }).fill('000000' === code ? '111111' : '000000');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('That code is not valid or has expired.', { exact: false })).toBeVisible();

    await page.getByRole('textbox', { name: 'Sign-in code' }).fill(code);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Welcome to MediSupply' })).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page.getByText('First name is required')).toBeVisible();
    await page.getByLabel('First name').fill('Noor');
    await page.getByLabel('Last name').fill('Haddad');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page.getByText('Hi, Noor').filter({ visible: true })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('by a link: opening it spends nothing, its button signs in once and goes where the visitor was heading', async ({
    page,
    browser,
  }, testInfo) => {
    const email = `link-${testInfo.project.name}-${Date.now()}@example.com`;
    await page.goto('/login?redirectTo=%2Fwishlist');
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('Email').fill(email);
    await panel.getByRole('button', { name: 'Email me a link' }).click();
    await expect(page.getByText(`We sent a sign-in link to ${email}.`, { exact: false })).toBeVisible();

    const mail = await waitForMail(email, 'Sign in to MediSupply');
    const link = mail.links.find((l) => l.includes('/login/link'))!;
    expect(link).toContain('redirectTo=%2Fwishlist');

    // A mail scanner (another browser) opening the link spends nothing.
    const scanner = await browser.newContext();
    const scan = await scanner.newPage();
    await scan.goto(link);
    await expect(scan.getByRole('button', { name: 'Sign in to MediSupply' })).toBeVisible();
    await scanner.close();

    await page.goto(link);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Sign in to MediSupply' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome to MediSupply' })).toBeFocused();
    await page.getByLabel('First name').fill('Ines');
    await page.getByLabel('Last name').fill('Moreau');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page).toHaveURL(/\/wishlist$/);
    await expect(page.getByText('Hi, Ines').filter({ visible: true })).toBeVisible();

    // The same link again, in a new browser: used up.
    const other = await browser.newContext();
    const again = await other.newPage();
    await again.goto(link);
    await again.getByRole('button', { name: 'Sign in to MediSupply' }).click();
    await expect(
      again.getByText('This sign-in link has expired or was already used.', { exact: false }),
    ).toBeVisible();
    await other.close();
  });

  test('by a code texted to a mobile number: a new account, its name asked once, and the second step by text later', async ({
    page,
  }, testInfo) => {
    const dataDir = process.env.E2E_DATA_DIR ?? '';
    // A number of its own per run and project (555-01xx numbers are kept for fiction).
    const digits = String(Date.now() % 10_000).padStart(4, '0');
    const phoneNumber = `+1${testInfo.project.name === 'mobile' ? '212' : '503'}555${digits}`;
    const typed = `(${phoneNumber.slice(2, 5)}) 555-${digits}`;
    await page.goto('/login');
    await page.getByLabel('Or sign in with your mobile number').fill('12345');
    await page.getByRole('button', { name: 'Text me a sign-in code' }).click();
    await expect(page.getByText('Enter your mobile number, such as (503) 555-0142')).toBeVisible();

    const before = smsFiles(dataDir).length;
    await page.getByLabel('Or sign in with your mobile number').fill(typed);
    await page.getByRole('button', { name: 'Text me a sign-in code' }).click();
    await expect(page.getByRole('heading', { name: 'Enter your sign-in code' })).toBeFocused();
    await expect(
      page.getByText(`We texted a 6-digit code to ${phoneNumber}.`, { exact: false }),
    ).toBeVisible();
    const code = codeOfText(await waitForSmsFile(dataDir, phoneNumber, before));
    await page.getByRole('textbox', { name: 'Sign-in code' }).fill(code);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Welcome to MediSupply' })).toBeFocused();
    await page.getByLabel('First name').fill('Dora');
    await page.getByLabel('Last name').fill('Lindqvist');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page.getByText('Hi, Dora').filter({ visible: true })).toBeVisible();

    await page.goto('/account');
    await expect(page.getByText(`Your mobile number is ${phoneNumber}.`, { exact: false })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
