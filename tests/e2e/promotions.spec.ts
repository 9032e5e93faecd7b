import { expectNoSeriousA11yViolations } from './support/axe';
import { ownClientAddress } from './support/client-address';
import { expect, test } from './support/fixtures';
import { WALKER } from './support/products';
import { cartReady, confirmedAccount, signIn, toast } from './support/shop';
import { makeStaff } from './support/staff-role';

/** Tomorrow in the store's time zone, as the date field takes it. */
const tomorrow = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(Date.now() + 86_400_000);

test('staff make a spring sale in the console and a shopper applies it in the cart', async ({
  browser,
  page,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  // Desktop and mobile run at once against one store: a code of their own each.
  const code = testInfo.project.name === 'desktop' ? 'SPRING20' : 'SPRING20M';
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await ownClientAddress(staff);
  const member = await confirmedAccount(request, baseURL!);
  await signIn(staff, member);
  makeStaff(member.email);

  await staff.goto('/admin/promotions');
  await expect(staff.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();
  await expect(staff.getByRole('link', { name: 'WELCOME10' })).toBeVisible();
  await expectNoSeriousA11yViolations(staff);
  await staff.getByRole('link', { name: 'New promotion' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'New promotion' })).toBeVisible();

  await staff.getByLabel('Code').fill(code.toLowerCase());
  await staff.getByLabel('How it reads in the cart').fill('20% off mobility');
  await staff.getByLabel('Kind').selectOption('percent');
  await staff.getByLabel('Applies to').selectOption('category');
  await staff.getByLabel('Category or product ids').fill('mobility');
  await staff.getByLabel('Ends after (optional)').fill(tomorrow());
  await staff.getByLabel('Total uses (optional)').fill('10');
  // A percent over 100: the field says what it takes, nothing is saved, what was typed stays.
  await staff.getByLabel('Percent or dollars off').fill('120');
  await staff.getByRole('button', { name: 'Create promotion' }).click();
  await expect(staff.getByRole('alert').filter({ hasText: 'The promotion was not saved' })).toBeVisible();
  await expect(staff.getByText('Enter the percent off, from 1 to 100.')).toBeVisible();
  await expect(staff.getByLabel('Category or product ids')).toHaveValue('mobility');
  await expectNoSeriousA11yViolations(staff);
  await staff.getByLabel('Percent or dollars off').fill('20');
  await staff.getByRole('button', { name: 'Create promotion' }).click();
  await expect(staff.getByRole('status').filter({ hasText: `Promotion ${code} created.` })).toBeVisible();
  await staff.getByRole('link', { name: 'Open the new promotion' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: `Promotion ${code}` })).toBeVisible();
  await expect(staff.getByText('20% off · Active · uses: 0 of 10')).toBeVisible();
  await expectNoSeriousA11yViolations(staff);
  await staffContext.close();

  // A shopper (a guest) buys a walker (Mobility) and applies the code in the cart.
  await page.goto(`/product/${WALKER.id}`);
  await cartReady(page);
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await cartReady(page, 1);
  await page.goto('/cart');
  const summary = page.getByRole('main').getByRole('region', { name: 'Order Summary' });
  const field = summary.getByRole('textbox', { name: 'Promo code' });
  await field.fill(code.toLowerCase());
  await summary.getByRole('button', { name: 'Apply' }).click();
  await expect(toast(page, 'Promo code applied')).toBeVisible();
  await expect(summary.getByText(`Promo code ${code} applied: 20% off mobility.`)).toBeVisible();
  // $54.99 x 20 % = $11.00 off.
  await expect(summary).toContainText(`Discount (${code})-$11.00`);
  expect(await page.evaluate(() => localStorage.getItem('promoDiscount'))).toBe('0.2');
});
