import { expectNoSeriousA11yViolations } from './support/axe';
import { ownClientAddress } from './support/client-address';
import { expect, test } from './support/fixtures';
import { waitForMail } from './support/mailbox';
import { confirmedAccount, signIn } from './support/shop';
import { makeStaff } from './support/staff-role';

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
  await page.goto('/account');
  await page.getByRole('link', { name: 'Apply for an organisation account' }).click();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Legal name').fill(name);
  await page.getByLabel('Type').selectOption({ label: 'Home-care agency' });
  await page.getByLabel('Street address').fill('12 River Road');
  await page.getByLabel('City').fill('Albany');
  await page.getByLabel('State').fill('NY');
  await page.getByLabel('ZIP code').fill('12207');
  await page.getByLabel('Phone').fill('(518) 555-0100');
  await page.getByLabel('NPI (optional)').fill('1234567890');
  await page.getByRole('button', { name: 'Send the application' }).click();
  await expect(page.getByText('This NPI is not valid: its check digit does not match.')).toBeVisible();
  await page.getByLabel('NPI (optional)').fill('1234567893');
  await page.getByRole('button', { name: 'Send the application' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'your application is sent' })).toBeVisible();
  await page.reload();
  await expect(page.getByText('is waiting for review')).toBeVisible();

  // Staff approve it in the console.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await ownClientAddress(staff);
  const member = await confirmedAccount(request, baseURL!, 'Sol');
  await signIn(staff, member);
  makeStaff(member.email);
  await staff.goto('/admin/organisations?status=pending');
  await staff.getByRole('link', { name }).click();
  await expectNoSeriousA11yViolations(staff);
  await staff.getByRole('button', { name: 'Approve and mail the applicant' }).click();
  await expect(
    staff.getByRole('status').filter({ hasText: 'approved; the applicant is mailed' }),
  ).toBeVisible();
  await waitForMail(admin.email, `Your MediSupply organisation account for ${name} is approved`);

  // The admin invites a buyer, who accepts with the invited address.
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Organisation pages' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const buyerContext = await browser.newContext();
  const buyerPage = await buyerContext.newPage();
  await ownClientAddress(buyerPage);
  const buyer = await confirmedAccount(request, baseURL!, 'Bea');
  const invite = page.getByRole('region', { name: 'Invite someone' });
  await invite.getByLabel('Email address').fill(buyer.email);
  await invite.getByLabel('Role').selectOption('buyer');
  await invite.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(invite.getByRole('status')).toHaveText(`Invitation sent to ${buyer.email}.`);
  const mail = await waitForMail(buyer.email, /invites you to buy for/);
  const link = mail.links.find((l) => l.includes('/organisation-invitation/'));
  expect(link).toBeDefined();
  await signIn(buyerPage, buyer);
  await buyerPage.goto(new URL(link!).pathname);
  await expectNoSeriousA11yViolations(buyerPage);
  await buyerPage.getByRole('button', { name: `Join ${name}` }).click();
  await expect(buyerPage.getByRole('status')).toHaveText(`You joined ${name}.`);
  await buyerPage.getByRole('link', { name: 'Open your organisation' }).click();
  await expect(buyerPage.getByText(`You are buyer of ${name}.`)).toBeVisible();
  await staffContext.close();
  await buyerContext.close();
});
