import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { ownClientAddress } from './support/client-address';
import { expect, test } from './support/fixtures';
import { waitForMail } from './support/mailbox';
import { confirmedAccount, paidOrder, signIn } from './support/shop';
import { makeStaff } from './support/staff-role';

/** One returnable product per project: desktop and mobile run at once, each with its own stock. */
const RETURNED = {
  desktop: { id: 'long-handled-shoe-horn-24-inch', name: 'Long-Handled Shoe Horn, 24 in' },
  mobile: { id: 'scoop-plate-with-suction-base', name: 'Scoop Plate with Suction Base' },
};

/** Staff ship and deliver it through the console's order forms (posted as the page posts them). */
async function deliver(staff: Page, baseURL: string, reference: string) {
  const headers = { Origin: new URL(baseURL).origin };
  const forms: Record<string, string>[] = [
    { intent: 'ship', carrier: 'ups', trackingNumber: '1Z999AA10123456784' },
    { intent: 'deliver' },
  ];
  for (const form of forms) {
    const answer = await staff.request.post(`/admin/orders/${reference}`, { form, headers });
    expect(answer.status(), form.intent).toBe(200);
  }
}

test('a return goes from the request to the refund and restock, with its mails, each step on the order page', async ({
  browser,
  page,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const product = RETURNED[testInfo.project.name as keyof typeof RETURNED];
  const buyer = await confirmedAccount(request, baseURL!);
  await signIn(page, buyer);
  const reference = await paidOrder(page, baseURL!, buyer.email, product.id);

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await ownClientAddress(staff);
  const member = await confirmedAccount(request, baseURL!);
  await signIn(staff, member);
  makeStaff(member.email);
  await deliver(staff, baseURL!, reference);

  // The shopper asks on the order page.
  await page.goto(`/account/orders/${reference}`);
  const returns = page.getByRole('region', { name: 'Returns' });
  await expect(returns.getByRole('heading', { name: 'Request a return' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await returns.getByLabel(product.name).fill('1');
  await returns.getByLabel('Reason').selectOption({ label: 'Damaged or defective' });
  await returns.getByLabel('Anything we should know (optional)').fill('The handle arrived cracked.');
  await returns.getByRole('button', { name: 'Request a return' }).click();
  const requested = returns
    .getByRole('status')
    .filter({ hasText: /^Return R-[2-9A-HJKMNP-Z]{6} requested\./ });
  await expect(requested).toBeVisible();
  const number = /R-[2-9A-HJKMNP-Z]{6}/.exec((await requested.textContent()) ?? '')![0];
  await expect(page.getByRole('heading', { name: `Return ${number}` })).toBeVisible();

  // Staff find it in the queue and approve it: the shopper is mailed the number and instructions.
  await staff.goto('/admin');
  await staff.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Returns' }).click();
  await staff.getByRole('link', { name: 'Requested', exact: true }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Returns' })).toBeVisible();
  await expectNoSeriousA11yViolations(staff);
  await staff.getByRole('link', { name: number }).click();
  await expect(staff.getByRole('heading', { level: 1, name: `Return ${number}` })).toBeVisible();
  await expect(staff.getByText('The handle arrived cracked.')).toBeVisible();
  await expectNoSeriousA11yViolations(staff);
  await staff.getByRole('button', { name: 'Approve and mail the instructions' }).click();
  await expect(staff.getByRole('status').filter({ hasText: number })).toHaveText(
    `Return ${number} approved; the shopper is mailed the instructions.`,
  );
  const approved = await waitForMail(buyer.email, `Your MediSupply return ${number} is approved`);
  expect(approved.text).toContain(`Your return number is ${number}.`);
  expect(approved.text).toContain(`Write your return number ${number} clearly on the outside of the parcel.`);

  await page.reload();
  await expect(page.getByText('How to send it back')).toBeVisible();

  // The parcel arrives: restocked, then refunded through the payment processor.
  await staff.getByRole('radio', { name: 'Restock' }).check();
  await staff.getByRole('button', { name: 'Mark received' }).click();
  await expect(staff.getByRole('status').filter({ hasText: number })).toHaveText(
    `Return ${number} received.`,
  );
  await expectNoSeriousA11yViolations(staff);
  const refund = staff.getByRole('button', { name: /^Refund \$/ });
  await refund.click();
  await expect(staff.getByRole('status').filter({ hasText: number })).toHaveText(
    `Return ${number} refunded.`,
  );
  await expect(staff.getByText(/^Refunded \$[\d.]+, shipping \$[\d.]+ included\.$/)).toBeVisible();
  const refunded = await waitForMail(buyer.email, `Refund for your MediSupply order ${reference}`);
  expect(refunded.text).toContain(`1 x ${product.name}`);

  // The stock history names the return.
  await staff.goto(`/admin/products/${product.id}`);
  await staff.getByText(/^Stock history/).click();
  await expect(staff.getByText(`Return ${number} of order ${reference}`, { exact: false })).toBeVisible();

  // The order page shows each step of the return.
  await page.reload();
  const steps = page.getByRole('list', { name: `Steps of return ${number}` });
  for (const step of ['Requested', 'Approved', 'Received', 'Refunded']) {
    await expect(steps.getByRole('listitem').filter({ hasText: step })).not.toContainText('not yet');
  }
  await expectNoSeriousA11yViolations(page);
  await staffContext.close();
});
