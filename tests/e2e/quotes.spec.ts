import { expectNoSeriousA11yViolations } from './support/axe';
import { ownClientAddress } from './support/client-address';
import { expect, test } from './support/fixtures';
import { waitForMail } from './support/mailbox';
import { confirmedAccount, signIn } from './support/shop';
import { makeStaff } from './support/staff-role';

/** One product per project: desktop and mobile run at once, each taking its own units. */
const QUOTED = {
  desktop: { id: 'knurled-chrome-grab-bar-12-inch', name: 'Knurled Chrome Grab Bar, 12 in' },
  mobile: { id: 'flexible-resistance-bar-for-grip-and-forearm', name: 'FlexBar Resistance Bar' },
};

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('a quote goes from the cart to staff’s prices, is accepted and paid at the quoted price', async ({
  browser,
  page,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const product = QUOTED[testInfo.project.name as keyof typeof QUOTED];
  const buyer = await confirmedAccount(request, baseURL!);
  await signIn(page, buyer);
  const add = await page.request.post('/cart', {
    form: { intent: 'add', productId: product.id, quantity: 2 },
    headers: { Origin: new URL(baseURL!).origin, Accept: 'application/json' },
  });
  expect(add.ok(), await add.text()).toBe(true);

  // The shopper asks from the cart: 40 units, more than a cart line holds.
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Ask for a quote' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your quotes' })).toBeVisible();
  await page.getByLabel(product.name, { exact: false }).fill('40');
  await page.getByLabel('Recipient name').fill('Pat Shopper');
  await page.getByLabel('Address', { exact: true }).fill('500 Pine Street');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('State').selectOption('TX');
  await page.getByLabel('ZIP code').fill('78701');
  await page.getByLabel('Phone').fill('512-555-0142');
  await page.getByLabel('Your message').fill('For our three clinics, delivered together.');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Ask for a quote' }).click();
  const heading = page.getByRole('heading', { level: 1, name: /^Quote Q-/ });
  await expect(heading).toBeVisible();
  const reference = /Q-[2-9A-HJKMNP-Z]{6}/.exec((await heading.textContent()) ?? '')![0];
  await expect(page.getByText('Waiting for our prices')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Staff price it in the console: the shopper is mailed.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await ownClientAddress(staff);
  const member = await confirmedAccount(request, baseURL!);
  await signIn(staff, member);
  makeStaff(member.email);
  await staff.goto('/admin');
  await staff.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Quotes' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Quotes' })).toBeVisible();
  await expectNoSeriousA11yViolations(staff);
  await staff.getByRole('link', { name: reference }).click();
  await expect(staff.getByText('For our three clinics, delivered together.')).toBeVisible();
  await staff.getByLabel(`Unit price for ${product.name} (40 units), in dollars`).fill('9.50');
  await staff.getByLabel('Prices good through (last day)').fill(inDays(7));
  await staff.getByLabel('Message to the shopper').first().fill('Our volume price for 40 units.');
  await expectNoSeriousA11yViolations(staff);
  await staff.getByRole('button', { name: 'Send the prices' }).click();
  await expect(staff.getByRole('status')).toHaveText(
    `Quote ${reference} priced; the shopper is mailed the prices.`,
  );
  await waitForMail(buyer.email, `Your MediSupply quote ${reference} is ready`);
  await staffContext.close();

  // The shopper accepts and pays the stored order's amount.
  await page.reload();
  await expect(page.getByRole('cell', { name: '$9.50', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: '$380.00', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: /^Accept and place the order/ }).click();
  await expect(page.getByRole('status')).toContainText('Quote accepted');
  const order = page.getByRole('region', { name: 'Your order' });
  await order.getByLabel('Card number').fill('4242424242424242');
  await order.getByLabel('Expiry month').fill('12');
  await order
    .getByLabel('Expiry year')
    .fill(String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0'));
  await order.getByLabel('CVV').fill('123');
  await order.getByLabel('Cardholder name').fill('Pat Shopper');
  await expectNoSeriousA11yViolations(page);
  await order.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(/\/order-success/);
  await waitForMail(buyer.email, /^Your MediSupply order MS-/);
});
