import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import {
  approveOrganisation,
  fillApplication,
  inviteAndJoin,
  sendApplication,
  signedInPerson,
  signedInStaff,
} from './support/organisation-steps';
import { confirmedAccount, signIn } from './support/shop';

test('an agency applies, staff approve it, its admin invites a buyer who accepts and later leaves; the only admin cannot leave', async ({
  browser,
  page,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const name = `Riverside Home Care ${testInfo.project.name} ${Date.now()}`;
  const admin = await confirmedAccount(request, baseURL!, 'Ada');
  await signIn(page, admin);
  await fillApplication(page, name, '1234567890');
  await page.getByRole('button', { name: 'Send the application' }).click();
  await expect(page.getByText('This NPI is not valid: its check digit does not match.')).toBeVisible();
  await page.getByLabel('NPI (optional)').fill('1234567893');
  await sendApplication(page);

  // Staff approve it in the console.
  const staff = await signedInStaff(browser, request, baseURL!);
  await approveOrganisation(staff.page, name, admin.email);

  // The admin invites a buyer, who accepts with the invited address.
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Organisation pages' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const buyer = await signedInPerson(browser, request, baseURL!, 'Bea');
  await inviteAndJoin(page, buyer, name, 'buyer', true);

  // The buyer leaves after the confirmation step; the admin, the only one, cannot.
  await buyer.page.getByText('Leave organisation', { exact: true }).click();
  await expectNoSeriousA11yViolations(buyer.page);
  await buyer.page.getByRole('button', { name: `Yes, leave ${name}` }).click();
  await expect(buyer.page.getByRole('status').filter({ hasText: 'You have left' })).toHaveText(
    `You have left ${name}: its orders and pages are closed to you from now on.`,
  );
  await expect(buyer.page.getByRole('button', { name: 'Send the application' })).toBeVisible();
  await page.getByText('Leave organisation', { exact: true }).click();
  await page.getByRole('button', { name: `Yes, leave ${name}` }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'only admin' })).toHaveText(
    'You are the only admin of this organisation, so you cannot leave it: make another member admin first, then leave.',
  );
  await staff.context.close();
  await buyer.context.close();
});
