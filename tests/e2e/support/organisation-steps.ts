import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { prescriptionPdf } from '../../support/prescription-files';
import { expectNoSeriousA11yViolations } from './axe';
import { ownClientAddress } from './client-address';
import { expect } from './fixtures';
import { waitForMail } from './mailbox';
import { confirmedAccount, signIn } from './shop';
import { makeStaff } from './staff-role';

/** Steps of an organisation's life as its people and staff take them, shared by the organisation specs. */

type Account = { email: string; password: string };
export interface Person {
  context: BrowserContext;
  page: Page;
  account: Account;
  /** As the pages name them: "<first name> Tester". */
  name: string;
}

/**
 * Someone with a confirmed account, signed in in a browser context of their own (or on `page`).
 * `consoleErrors`: the test's list (fixtures.ts), which then watches this page's console too.
 */
export async function signedInPerson(
  browser: Browser,
  request: APIRequestContext,
  baseURL: string,
  firstName: string,
  options: { page?: Page; consoleErrors?: string[] } = {},
): Promise<Person> {
  const page = options.page ?? (await (await browser.newContext()).newPage());
  const context = page.context();
  const errors = options.consoleErrors;
  if (errors && !options.page) {
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
  }
  await ownClientAddress(page);
  const account = await confirmedAccount(request, baseURL, firstName);
  await signIn(page, account);
  return { context, page, account, name: `${firstName} Tester` };
}

/** A member of staff, signed in to the console; `admin` for the pages only administrators use. */
export async function signedInStaff(
  browser: Browser,
  request: APIRequestContext,
  baseURL: string,
  role: 'staff' | 'admin' = 'staff',
  consoleErrors?: string[],
): Promise<Person> {
  const person = await signedInPerson(browser, request, baseURL, 'Sol', { consoleErrors });
  makeStaff(person.account.email, role);
  return person;
}

/** The application form, from the account page; `npi` as typed (a wrong one is refused). */
export async function fillApplication(page: Page, name: string, npi = '1234567893') {
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
  await page.getByLabel('NPI (optional)').fill(npi);
}

/** Sends the filled application: the page thanks, and then says it waits for review. */
export async function sendApplication(page: Page) {
  await page.getByRole('button', { name: 'Send the application' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'your application is sent' })).toBeVisible();
  await page.reload();
  await expect(page.getByText('is waiting for review')).toBeVisible();
}

/** Staff approve the pending application in the console, and the applicant is mailed. */
export async function approveOrganisation(staff: Page, name: string, applicantEmail: string) {
  await staff.goto('/admin/organisations?status=pending');
  await staff.getByRole('link', { name }).click();
  await expectNoSeriousA11yViolations(staff);
  await staff.getByRole('button', { name: 'Approve and mail the applicant' }).click();
  await expect(
    staff.getByRole('status').filter({ hasText: 'approved; the applicant is mailed' }),
  ).toBeVisible();
  await waitForMail(applicantEmail, `Your MediSupply organisation account for ${name} is approved`);
}

/**
 * The organisation's admin, on its home page, invites the person in a role; the person opens the
 * mailed link and joins. Ends on the person's organisation page.
 */
export async function inviteAndJoin(
  admin: Page,
  person: Person,
  organisation: string,
  role: 'buyer' | 'approver' | 'admin',
  checkA11y = false,
) {
  const invite = admin.getByRole('region', { name: 'Invite someone' });
  await invite.getByLabel('Email address').fill(person.account.email);
  await invite.getByLabel('Role').selectOption(role);
  await invite.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(invite.getByRole('status')).toHaveText(`Invitation sent to ${person.account.email}.`);
  const mail = await waitForMail(person.account.email, /invites you to buy for/);
  const link = mail.links.find((l) => l.includes('/organisation-invitation/'));
  expect(link).toBeDefined();
  await person.page.goto(new URL(link!).pathname);
  if (checkA11y) await expectNoSeriousA11yViolations(person.page);
  await person.page.getByRole('button', { name: `Join ${organisation}` }).click();
  await expect(person.page.getByRole('status')).toHaveText(`You joined ${organisation}.`);
  await person.page.getByRole('link', { name: 'Open your organisation' }).click();
  await expect(person.page.getByText(`You are ${role} of ${organisation}.`)).toBeVisible();
}

/** An admin staff sets the organisation's buying terms on its console page. */
export async function setBuyingTerms(
  staff: Page,
  terms: { poRequired: boolean; termsDays: 15 | 30 | 60; creditLimit: string },
) {
  const section = staff.getByRole('region', { name: 'Buying terms' });
  await section
    .getByLabel('Purchase order number')
    .selectOption({ label: terms.poRequired ? 'Required at checkout' : 'Optional' });
  await section.getByLabel('Pay by invoice').selectOption({ label: `Net ${terms.termsDays}` });
  await section.getByLabel('Credit limit ($)').fill(terms.creditLimit);
  await section.getByRole('button', { name: 'Save the buying terms' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'Buying terms saved.' })).toBeVisible();
}

/** The organisation's admin sets a member's order limit on the home page's members list. */
export async function setOrderLimit(admin: Page, memberName: string, dollars: string) {
  const form = admin.getByRole('form', { name: `Role and limits of ${memberName}` });
  await form.getByLabel('Order limit ($)').fill(dollars);
  await form.getByRole('button', { name: `Save ${memberName}` }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Member saved.' })).toBeVisible();
}

/** The organisation's admin uploads a certificate for a state on the tax exemption page. */
export async function uploadCertificate(admin: Page, stateName: string) {
  await admin.goto('/account/organisation');
  await admin
    .getByRole('navigation', { name: 'Organisation pages' })
    .getByRole('link', { name: 'Tax exemption' })
    .click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Tax exemption' })).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  await admin.getByLabel('State').selectOption({ label: stateName });
  await admin.getByLabel('Certificate file').setInputFiles({
    name: 'exemption.pdf',
    mimeType: 'application/pdf',
    buffer: await prescriptionPdf('Certificate of exemption'),
  });
  await admin.getByRole('button', { name: 'Upload certificate' }).click();
  await expect(admin.getByRole('status')).toContainText('Certificate uploaded.');
  await expect(admin.getByRole('row', { name: new RegExp(stateName) })).toContainText('Waiting for review');
}

/** Staff verify the organisation's waiting certificate with its number, good for a year. */
export async function verifyCertificate(staff: Page, organisation: string, state: string, number: string) {
  await staff.goto('/admin');
  await staff
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: 'Tax certificates' })
    .click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Tax certificates' })).toBeVisible();
  await expectNoSeriousA11yViolations(staff);
  await staff.getByRole('link', { name: organisation }).click();
  await expect(
    staff.getByRole('heading', { level: 1, name: `${organisation}: ${state} certificate` }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(staff);
  const nextYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  await staff.getByLabel('Certificate number').fill(number);
  await staff.getByLabel('Expiry date').fill(nextYear);
  await staff.getByRole('button', { name: 'Verify and mail the organisation' }).click();
  await expect(staff.getByRole('status')).toHaveText(
    `Certificate ${number} verified; the organisation's admins are mailed.`,
  );
}
