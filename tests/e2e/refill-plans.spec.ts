import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { ownClientAddress } from './support/client-address';
import { cartLink, confirmedAccount, OREGON_ADDRESS, signIn } from './support/shop';
import { makeStaff } from './support/staff-role';

const CUSHION = {
  id: 'fisher-paykel-evora-full-face-mask-cushion',
  name: 'Fisher & Paykel Evora Full Face Mask Replacement Cushion, Medium',
};
const YEAR = String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0');

/** A new shopper signed in, with one saved address ("<name> Home"), as the address book's form posts it. */
async function signInWithSavedAddress(page: Page, request: APIRequestContext, baseURL: string, name: string) {
  const account = await confirmedAccount(request, baseURL, name);
  await signIn(page, account);
  const saved = await page.request.post('/account', {
    form: { intent: 'address-save', ...OREGON_ADDRESS, recipientName: `${name} Home` },
    headers: { Origin: new URL(baseURL).origin },
    maxRedirects: 0,
  });
  expect(saved.status()).toBe(302);
}

/**
 * Issue 35, point 5: a signed-in shopper subscribes to CPAP cushions every 4 weeks from the
 * product page, with a saved address and card 4242, by keyboard, and finds the plan on
 * /account/refills. Each page is checked with axe.
 */
test('a shopper subscribes to CPAP cushions every 4 weeks and sees the plan in the account', async ({
  page,
  request,
  baseURL,
}) => {
  await signInWithSavedAddress(page, request, baseURL!, 'Rafa');

  await page.goto(`/product/${CUSHION.id}`);
  const offer = page.getByRole('form', { name: 'Deliver on a schedule' });
  await expect(offer.getByLabel('How often')).toHaveValue('4');
  await expect(offer.getByRole('option', { name: 'Deliver every 4 weeks' })).toBeAttached();
  await expectNoSeriousA11yViolations(page);
  // By keyboard: the choice, the quantity, then the button.
  await offer.getByLabel('How often').focus();
  await page.keyboard.press('Tab');
  await expect(offer.getByLabel('Quantity per delivery')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(offer.getByRole('button', { name: 'Set up refills' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(new RegExp(`/account/refills/new\\?product=${CUSHION.id}&weeks=4&quantity=1`));
  await expect(page.getByRole('heading', { level: 1, name: 'Set up a refill plan' })).toBeVisible();
  const form = page.getByRole('form', { name: 'New refill plan' });
  await expect(form.getByLabel('How often')).toHaveValue('4');
  await expect(form.getByRole('radio', { name: /Rafa Home, 500 Pine Street/ })).toBeChecked();
  await expect(form.getByRole('radio', { name: 'Standard' })).toBeChecked();
  await expectNoSeriousA11yViolations(page);

  // Without the card: the server says what to fix, and the message takes focus.
  await form.getByRole('button', { name: 'Start refill plan' }).click();
  const refused = form.getByRole('alert');
  await expect(refused).toHaveText('Your refill plan was not set up: please correct what is marked.');
  await expect(refused).toBeFocused();
  await expect(form.getByText('Card number must be at least 13 digits')).toBeVisible();
  await expect(form.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page);

  await form.getByLabel('Card number').focus();
  await page.keyboard.type('4242424242424242');
  await page.keyboard.press('Tab');
  await page.keyboard.type('12');
  await page.keyboard.press('Tab');
  await page.keyboard.type(YEAR);
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Cardholder name')).toBeFocused();
  await page.keyboard.type('Rafa Tester');
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: 'Start refill plan' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/account\/refills\?created=[0-9a-f-]{36}$/, { timeout: 15_000 });
  await expect(page.getByRole('status')).toContainText(
    'Your refill plan is set up. The first delivery is on',
  );
  const plan = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: `1 × ${CUSHION.name}` }) });
  await expect(plan).toContainText('Active');
  await expect(plan).toContainText('Every 4 weeks');
  await expect(plan).toContainText('Rafa Home');
  await expect(plan).toContainText('Standard, 5-7 business days');
  await expect(plan).toContainText(`Visa ending in 4242, expires 12/${YEAR}`);
  await expect(plan.getByRole('button', { name: 'Skip the next delivery' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The account page links to the plans.
  await page.goto('/account');
  await page.getByRole('link', { name: 'Refill plans' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Refill plans' })).toBeVisible();
});

test('staff pause a customer’s plan with a reason on the console, and the customer reads it', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const customer = await confirmedAccount(request, baseURL!, 'Ines');
  await signIn(page, customer);
  // The subscribe form as the page posts it (the journey itself is the test above).
  const created = await page.request.post('/account/refills/new', {
    form: {
      intent: 'subscribe',
      productId: CUSHION.id,
      quantity: '1',
      weeks: '8',
      firstDate: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
      shipping: 'standard',
      addressId: '',
      ...OREGON_ADDRESS,
      cardNumber: '4242424242424242',
      cardExpiryMonth: '12',
      cardExpiryYear: YEAR,
      cardCode: '123',
      cardholderName: 'Ines Tester',
    },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(created.status(), await created.text()).toBe(302);

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await ownClientAddress(staff);
  const member = await confirmedAccount(request, baseURL!, 'Sam');
  await signIn(staff, member);
  makeStaff(member.email);
  await staff.goto(`/admin/customers?q=${encodeURIComponent(customer.email)}`);
  await staff.getByRole('link', { name: 'Ines Tester' }).click();
  const plans = staff.getByRole('region', { name: 'Refill plans' });
  await expect(plans).toContainText(`1 × ${CUSHION.name}`);
  await expect(plans).toContainText('Every 8 weeks');
  await expectNoSeriousA11yViolations(staff);

  // No reason: refused, beside the field; then with one.
  await plans.getByRole('button', { name: 'Pause plan' }).click();
  await expect(plans.getByText('Give the reason for this change (the customer may read it)')).toBeVisible();
  await expect(plans.getByLabel('Reason')).toHaveAttribute('aria-invalid', 'true');
  await plans.getByLabel('Reason').fill('The customer is in hospital until next month');
  await plans.getByRole('button', { name: 'Pause plan' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'The refill plan is paused' })).toHaveText(
    'The refill plan is paused: nothing is sent or charged until it is resumed.',
  );
  await expect(plans).toContainText('Paused by our team: The customer is in hospital until next month');
  await expect(plans.getByRole('button', { name: 'Resume plan' })).toBeVisible();
  await expectNoSeriousA11yViolations(staff);
  await staffContext.close();

  await page.goto('/account/refills');
  await expect(page.getByRole('main')).toContainText(
    'Paused by our team: The customer is in hospital until next month',
  );
  await expect(page.getByRole('button', { name: 'Resume the plan' })).toBeVisible();
});

/**
 * The new-address fields follow the address chosen through the stylesheet, so the page the
 * server sent is the page hydrated: nothing below them moves when scripts run (a press there
 * could land on what moved, ADR 0068), and they come and go with the radio before scripts too.
 */
test('the new-address fields follow the address chosen, and hydrating moves nothing', async ({
  page,
  request,
  baseURL,
}) => {
  await signInWithSavedAddress(page, request, baseURL!, 'Noor');

  let release!: () => void;
  const scripts = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await scripts;
    await route.continue();
  });
  await page.goto(`/account/refills/new?product=${CUSHION.id}&weeks=4&quantity=1`, {
    waitUntil: 'domcontentloaded',
  });
  const form = page.getByRole('form', { name: 'New refill plan' });
  const start = form.getByRole('button', { name: 'Start refill plan' });
  await expect(form.getByRole('radio', { name: /Noor Home, 500 Pine Street/ })).toBeChecked();
  await expect(form.getByLabel('Recipient name')).toBeHidden();
  // Where the button is in the page (not the window, which the radios' checks scroll).
  const at = () =>
    start.evaluate((button) => {
      const box = button.getBoundingClientRect();
      return [Math.round(box.x), Math.round(box.y + scrollY)];
    });
  const before = await at();
  // Before scripts: the radio alone shows and hides the fields.
  await form.getByRole('radio', { name: 'A new address' }).check();
  await expect(form.getByLabel('Recipient name')).toBeVisible();
  await form.getByRole('radio', { name: /Noor Home/ }).check();
  await expect(form.getByLabel('Recipient name')).toBeHidden();

  release();
  await expect(cartLink(page)).toHaveAttribute('data-cart-status', 'ready', { timeout: 20_000 });
  expect(await at()).toEqual(before);
  await form.getByRole('radio', { name: 'A new address' }).check();
  await expect(form.getByLabel('Recipient name')).toBeVisible();
  await expect(form.getByLabel('City')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
