import { pdfText } from '../support/pdf-text';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { waitForMail } from './support/mailbox';
import {
  approveOrganisation,
  fillApplication,
  inviteAndJoin,
  sendApplication,
  setBuyingTerms,
  setOrderLimit,
  signedInPerson,
  signedInStaff,
  uploadCertificate,
  verifyCertificate,
} from './support/organisation-steps';
import { cartLink, cartReady, fillAddress } from './support/shop';

/** Two products per project: desktop and mobile run at once, each taking its own units. */
const LINES = {
  desktop: [
    { id: 'round-shower-stool-compact', name: 'Round Shower Stool' },
    { id: 'folding-shower-chair-for-travel', name: 'Folding Shower Chair with Back' },
  ],
  mobile: [
    {
      id: 'contoured-shower-chair-with-back-and-arms',
      name: 'Platinum Collection Shower Chair with Back and Arms',
    },
    { id: 'padded-arm-shower-chair-with-back', name: 'Shower Chair with Padded Armrests and Back' },
  ],
};
/** Where the coordinator ships: New York, the state of the organisation's certificate. */
const ALBANY = {
  recipientName: 'Cory Tester',
  line1: '40 State Street',
  line2: '',
  city: 'Albany',
  state: 'NY',
  zip: '12207',
  phone: '518-555-0142',
};
const CERTIFICATE = 'NY-2231';

test('an agency buys on net-30 terms: approved order, tax-exempt invoice with its PO, paid to a zero balance', async ({
  browser,
  page,
  request,
  baseURL,
  consoleErrors,
}, testInfo) => {
  // Four people in four browsers, a dozen pages each with an accessibility check: long on 2 cores.
  test.setTimeout(300_000);
  const lines = LINES[testInfo.project.name as keyof typeof LINES];
  const organisation = `Hudson Home Care ${testInfo.project.name} ${Date.now()}`;
  const po = `PO-${Date.now() % 1_000_000}`;

  // The agency's admin applies; an administrator approves it and sets its terms.
  // Every person's pages are watched for console errors, as the test's own page is.
  const watch = { consoleErrors };
  const admin = await signedInPerson(browser, request, baseURL!, 'Ada', watch);
  await fillApplication(admin.page, organisation);
  await sendApplication(admin.page);
  const staff = await signedInStaff(browser, request, baseURL!, 'admin', consoleErrors);
  await approveOrganisation(staff.page, organisation, admin.account.email);
  await setBuyingTerms(staff.page, { poRequired: true, termsDays: 30, creditLimit: '5000' });

  // The admin invites a coordinator who buys and a director who approves, and limits the buyer.
  await admin.page.goto('/account/organisation');
  await expect(admin.page.getByText('By card, or by invoice net 30 (credit limit $5,000.00)')).toBeVisible();
  await expect(admin.page.getByText('Required at checkout')).toBeVisible();
  await expectNoSeriousA11yViolations(admin.page);
  const coordinator = await signedInPerson(browser, request, baseURL!, 'Cory', { page });
  const director = await signedInPerson(browser, request, baseURL!, 'Dana', watch);
  await inviteAndJoin(admin.page, coordinator, organisation, 'buyer', true);
  await inviteAndJoin(admin.page, director, organisation, 'approver');
  await admin.page.reload();
  await setOrderLimit(admin.page, coordinator.name, '50');

  // Its New York certificate is uploaded and verified.
  await uploadCertificate(admin.page, 'New York');
  await verifyCertificate(staff.page, organisation, 'New York', CERTIFICATE);

  // The coordinator's cart, over the limit, goes on invoice terms with a PO and waits for approval.
  const buyer = coordinator.page;
  for (const [n, line] of lines.entries()) {
    await buyer.goto(`/product/${line.id}`);
    await cartReady(buyer, n);
    await buyer.getByRole('main').getByRole('button', { name: 'Add to Cart' }).click();
    await cartReady(buyer, n + 1);
  }
  await cartLink(buyer).click();
  await fillAddress(buyer, ALBANY);
  const summary = buyer.getByRole('region', { name: 'Order Summary' });
  const taxRow = summary.getByText(`Tax exempt (certificate ${CERTIFICATE})`);
  await expect(taxRow.locator('xpath=following-sibling::dd[1]')).toHaveText('$0.00');
  await summary.getByRole('radio', { name: 'Pay by invoice (net 30)' }).check();
  await expectNoSeriousA11yViolations(buyer);
  // Without the PO the organisation requires, the field says so and takes the focus.
  await summary.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const poField = summary.getByLabel('PO number (required)');
  await expect(buyer.getByText('Enter your purchase order number')).toBeVisible();
  await expect(poField).toBeFocused();
  await buyer.keyboard.type(po);
  await summary.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const dialog = buyer.getByRole('dialog', { name: 'Checkout - Pay by Invoice' });
  await expect(dialog.getByRole('status')).toContainText('Sent for approval', { timeout: 20_000 });
  await expect(dialog.getByRole('status')).toContainText(
    `Your order is over your spending limit of $50.00 and has been sent to ${organisation}'s approvers.`,
  );
  await expectNoSeriousA11yViolations(buyer);

  // The director finds it with its lines and total, and approves: it is placed on the terms.
  await director.page.goto('/account/organisation');
  await director.page
    .getByRole('navigation', { name: 'Organisation pages' })
    .getByRole('link', { name: 'Approvals' })
    .click();
  const waiting = director.page.getByRole('region', { name: 'Waiting for your approval' });
  const request_ = waiting.getByRole('listitem').filter({ hasText: coordinator.name });
  const heading = request_.getByRole('heading', { level: 3 });
  await expect(heading).toHaveText(new RegExp(`^Order MS-\\w+ by ${coordinator.name}: \\$[\\d,]+\\.\\d\\d$`));
  const found = /^Order (MS-\w+) by .*: (\$[\d,.]+)$/.exec((await heading.textContent())!)!;
  const reference = found[1]!;
  const total = found[2]!;
  for (const line of lines) await expect(request_.getByRole('cell', { name: line.name })).toBeVisible();
  await expectNoSeriousA11yViolations(director.page);
  await request_.getByRole('button', { name: `Approve order ${reference}` }).click();
  // The order leaves the waiting list; the decision's message stays above it.
  await expect(
    director.page.getByRole('status').filter({ hasText: `Order ${reference} approved` }),
  ).toHaveText(
    new RegExp(
      `^Order ${reference} approved and placed on ${organisation}'s invoice terms \\(invoice INV-\\d+\\)\\. ${coordinator.name} is emailed the invoice\\.$`,
    ),
  );
  await expect(waiting.getByRole('listitem').filter({ hasText: reference })).toHaveCount(0);

  // The coordinator is mailed the invoice: its PDF has the PO, the certificate, the lines, the total.
  const mail = await waitForMail(
    coordinator.account.email,
    new RegExp(`^MediSupply invoice INV-\\d+ for order ${reference}$`),
  );
  const invoice = /invoice (INV-\d+)/.exec(mail.subject)![1]!;
  const approvedText = await director.page.getByRole('status').filter({ hasText: reference }).textContent();
  expect(approvedText).toContain(`(invoice ${invoice})`);
  const pdf = mail.attachments.find((a) => a.contentType === 'application/pdf');
  expect(pdf, 'the invoice PDF is attached').toBeDefined();
  const text = await pdfText(new Uint8Array(pdf!.content));
  expect(text).toContain(invoice);
  expect(text).toContain(po);
  expect(text).toContain(CERTIFICATE);
  for (const line of lines) expect(text).toContain(line.name);
  expect(text).toContain(total);

  // The coordinator's order page: invoiced, tax-exempt under the certificate. (It does not show the PO.)
  await buyer.goto(`/account/orders/${reference}`);
  await expect(buyer.getByRole('heading', { level: 1, name: `Order ${reference}` })).toBeVisible();
  await expect(
    buyer.getByText('Status', { exact: true }).locator('xpath=following-sibling::dd[1]'),
  ).toHaveText('Invoiced');
  await expect(
    buyer.getByText(`Tax exempt (certificate ${CERTIFICATE})`).locator('xpath=following-sibling::dd[1]'),
  ).toHaveText('$0.00');
  await expectNoSeriousA11yViolations(buyer);

  // The organisation's invoices: the open balance is the order's total, with the PO.
  await admin.page.goto('/account/organisation/invoices');
  await expect(admin.page.getByRole('heading', { level: 2, name: `Open balance: ${total}` })).toBeVisible();
  const row = admin.page.getByRole('row', { name: new RegExp(invoice) });
  await expect(row).toContainText(po);
  await expect(row).toContainText('Open');
  await expectNoSeriousA11yViolations(admin.page);

  // Staff record the payment received in full.
  await staff.page.goto('/admin');
  await staff.page
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: 'Invoices' })
    .click();
  await staff.page.getByRole('link', { name: invoice }).click();
  await expect(staff.page.getByRole('heading', { level: 1, name: `Invoice ${invoice}` })).toBeVisible();
  await expectNoSeriousA11yViolations(staff.page);
  await staff.page.getByLabel('Amount received, in dollars').fill(total.replace(/[$,]/g, ''));
  await staff.page.getByLabel('Paid by').selectOption({ label: 'Check' });
  await staff.page.getByLabel('Reference (check or transfer number), optional').fill('Check 10442');
  await staff.page.getByRole('button', { name: 'Record payment' }).click();
  await expect(staff.page.getByRole('status')).toHaveText(`Payment recorded: invoice ${invoice} is paid.`);
  await expect(staff.page.getByText('This invoice is paid.')).toBeVisible();

  // Nothing is owed any more.
  await admin.page.reload();
  await expect(admin.page.getByRole('heading', { level: 2, name: 'Open balance: $0.00' })).toBeVisible();
  await expect(row).toContainText('Paid');

  for (const person of [admin, staff, director]) await person.context.close();
});
