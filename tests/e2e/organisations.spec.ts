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

test('an agency applies, staff approve it, and its admin invites a buyer who accepts', async ({
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
  await staff.context.close();
  await buyer.context.close();
});
