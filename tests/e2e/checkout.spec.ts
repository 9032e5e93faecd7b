import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { cartLink, cartReady, confirmedAccount, fillAddress, signIn, toast } from './support/shop';

const WALKER = {
  id: 'drive-medical-two-button-folding-walker-with-wheels',
  name: 'Drive Medical Deluxe Two-Button Folding Walker with 5 in. Wheels',
};
const YEAR = String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0');

async function addWalkerAndOpenCart(page: Page, count = 1) {
  await page.goto(`/product/${WALKER.id}`);
  await cartReady(page, count - 1);
  await page.getByRole('main').getByRole('button', { name: 'Add to Cart' }).click();
  await cartReady(page, count);
  await cartLink(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Shopping Cart' })).toBeVisible();
}

async function openCheckout(page: Page, title: string): Promise<Locator> {
  await fillAddress(page);
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^Pay \$\d+\.\d\d$/ })).toBeVisible();
  return dialog;
}

async function fillCard(dialog: Locator, number: string, email = 'guest@example.com') {
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry month').fill('12');
  await dialog.getByLabel('Expiry year').fill(YEAR);
  await dialog.getByLabel('CVV').fill('123');
  await dialog.getByLabel('Cardholder name').fill('Pat Shopper');
  await dialog.getByLabel('Email').fill(email);
}

async function expectOrderSuccess(page: Page, paidWith: string): Promise<string> {
  // The confirmation follows 1.5 s after 'Payment Successful', then a page load.
  await expect(page).toHaveURL(/\/order-success\?order_ref=MS-[A-Z0-9]{8}&payment_method=/, {
    timeout: 15_000,
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Thank You for Your Order!' })).toBeVisible();
  const reference = new URL(page.url()).searchParams.get('order_ref')!;
  await expect(page.getByText(`Order reference: ${reference}`)).toBeVisible();
  await expect(page.getByText(paidWith)).toBeVisible();
  await expect(page.getByText('Your order will be prepared for shipping soon')).toBeVisible();
  // The stored order's own details, not what the address says.
  await expect(page.getByRole('heading', { level: 2, name: 'Your order' })).toBeVisible();
  await expect(page.getByText('Total paid')).toBeVisible();
  await cartReady(page, 0);
  return reference;
}

test('guest pays by card: validation, development mode, success and the order page', async ({
  page,
  browser,
}) => {
  await addWalkerAndOpenCart(page);
  const dialog = await openCheckout(page, 'Secure Checkout - Card Payment');
  await expect(dialog.getByText('Enter your payment card information securely below')).toBeVisible();
  await expect(dialog.getByText('Secure Payment', { exact: true })).toBeVisible();
  await expect(toast(page, 'Development Mode')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Pay $64.98' })).toBeVisible();

  // The number fields keep digits only and stop at their length.
  await dialog.getByLabel('Card number').fill('4242 4242-4242x4242 99999');
  await expect(dialog.getByLabel('Card number')).toHaveValue('4242424242424242999');
  await dialog.getByLabel('Card number').fill('4242');
  await dialog.getByLabel('Expiry month').fill('13');
  await dialog.getByLabel('CVV').fill('12');
  await dialog.getByRole('button', { name: 'Pay $64.98' }).click();
  await expect(dialog.getByText('Card number must be at least 13 digits')).toBeVisible();
  await expect(dialog.getByText('Month must be between 01-12')).toBeVisible();
  await expect(dialog.getByText('Year must be last 2 digits')).toBeVisible();
  await expect(dialog.getByText('CVV must be 3-4 digits')).toBeVisible();
  await expect(dialog.getByText('Cardholder name is required')).toBeVisible();
  await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
  await expect(dialog.getByLabel('Card number')).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  await fillCard(dialog, '4242424242424242');
  await dialog.getByRole('button', { name: 'Pay $64.98' }).click();
  await expect(dialog.getByText('Payment Successful')).toBeVisible();
  await expect(dialog.getByText('Redirecting to order confirmation...')).toBeVisible();
  await expect(toast(page, 'Your order has been placed successfully.')).toBeVisible();
  await expectOrderSuccess(page, 'Paid with Credit/Debit Card');
  await expect(page.getByText(`1 x ${WALKER.name}`)).toBeVisible();
  await expect(page.getByText('Visa ending in 4242')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => localStorage.getItem('guest_cart_items'))).toBeNull();

  // Another browser with the same address: the reference alone shows nothing of the order.
  const stranger = await browser.newContext();
  const other = await stranger.newPage();
  const response = await other.goto(page.url());
  expect(response?.status()).toBe(404);
  await expect(other.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
  await expect(other.getByText(WALKER.name)).toHaveCount(0);
  await expect(other.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute(
    'href',
    '/category/featured',
  );
  await stranger.close();
});

test('guest pays by bank transfer', async ({ page }) => {
  await addWalkerAndOpenCart(page);
  await page.getByRole('radio', { name: 'ACH/Bank Transfer' }).check();
  const dialog = await openCheckout(page, 'Secure Checkout - Bank Transfer');
  await expect(dialog.getByText('Enter your bank account information securely below')).toBeVisible();
  await dialog.getByLabel('Account holder name').fill('Pat Shopper');
  await dialog.getByLabel('Routing number').fill('011000016');
  await dialog.getByLabel('Account number').fill('000123456789');
  await dialog.getByLabel('Email').fill('bank@example.com');
  await dialog.getByRole('button', { name: /^Pay/ }).click();
  await expect(dialog.getByText('Invalid routing number')).toBeVisible();
  await dialog.getByLabel('Routing number').fill('011000015');
  await dialog.getByRole('button', { name: /^Pay/ }).click();
  await expectOrderSuccess(page, 'Paid with Bank Transfer');
});

test('a declined card keeps the order payable and another card pays it', async ({ page }) => {
  await addWalkerAndOpenCart(page);
  const dialog = await openCheckout(page, 'Secure Checkout - Card Payment');
  await fillCard(dialog, '4000000000000002');
  await dialog.getByRole('button', { name: /^Pay/ }).click();
  await expect(toast(page, 'Payment Failed')).toBeVisible();
  const error = dialog.getByRole('alert').filter({ hasText: 'Payment Error' });
  await expect(error).toContainText('Your card was declined.');
  await expect(dialog.getByRole('button', { name: /^Pay/ })).toBeEnabled();

  await dialog.getByLabel('Card number').fill('4111111111111111');
  await dialog.getByRole('button', { name: /^Pay/ }).click();
  await expectOrderSuccess(page, 'Paid with Credit/Debit Card');
});

test('a signed-in purchase empties the account cart and shows on /account', async ({
  page,
  request,
  baseURL,
}) => {
  const account = await confirmedAccount(request, baseURL!);
  await signIn(page, account);
  await addWalkerAndOpenCart(page);
  const dialog = await openCheckout(page, 'Secure Checkout - Card Payment');
  await expect(dialog.getByLabel('Email')).toHaveValue(account.email);
  await fillCard(dialog, '4242424242424242', account.email);
  await dialog.getByRole('button', { name: /^Pay/ }).click();
  const reference = await expectOrderSuccess(page, 'Paid with Credit/Debit Card');

  await page.goto('/account');
  const history = page.locator('section', { has: page.getByRole('heading', { name: 'Order history' }) });
  await expect(history.getByRole('link', { name: `Order ${reference}` })).toBeVisible();
  await expect(history).toContainText('Paid');
  await expect(history).toContainText(`1 x ${WALKER.name}`);
  await history.getByRole('link', { name: `Order ${reference}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${reference}` })).toBeVisible();
  await expect(page.getByText('Visa ending in 4242')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

/**
 * Presses `key` until `target` has focus and returns how many presses that took; fails after
 * `max`, so a change that adds stops to the journey shows up here rather than as a timeout.
 */
async function pressUntilFocused(page: Page, target: Locator, { key = 'Tab', max = 30 } = {}) {
  const element = await target.elementHandle();
  if (!element) throw new Error('The element to reach is not in the page');
  for (let presses = 0; presses <= max; presses++) {
    if (await element.evaluate((el) => el === document.activeElement)) return presses;
    await page.keyboard.press(key);
  }
  throw new Error(`${max} presses of ${key} did not reach the element`);
}

/** From the top of a page: the skip link is its first stop and takes focus past the header. */
async function skipToMain(page: Page, fromHeader = false) {
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  if (fromHeader) await pressUntilFocused(page, skip, { key: 'Shift+Tab', max: 12 });
  else await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
}

test('a whole purchase with the keyboard alone', async ({ page }) => {
  // About 60 key presses (each a round trip to the browser), three pages and a payment: the
  // longest journey of the suite has its own limit.
  test.setTimeout(120_000);
  await page.goto('/');
  await cartReady(page);
  await skipToMain(page);
  const add = page
    .getByRole('main')
    .getByRole('button', { name: /^Add .+ to cart$/ })
    .first();
  await pressUntilFocused(page, add);
  await page.keyboard.press('Enter');
  await cartReady(page, 1);
  // Back up from the product to the cart link in the header (past the category menu on desktop).
  await pressUntilFocused(page, cartLink(page), { key: 'Shift+Tab', max: 45 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Shopping Cart' })).toBeVisible();
  await skipToMain(page, true);
  for (const [label, value] of [
    ['Recipient name', 'Kim Keys'],
    ['Address', '500 Pine Street'],
    ['City', 'Portland'],
    // A focused list selects by typing its option's name.
    ['State', 'Oregon'],
    ['ZIP code', '97204'],
    ['Phone', '503-555-0142'],
  ] as const) {
    await pressUntilFocused(page, page.getByLabel(label, { exact: true }), { max: 25 });
    await page.keyboard.type(value);
  }
  await pressUntilFocused(page, page.getByRole('button', { name: 'Proceed to Checkout' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Secure Checkout - Card Payment' });
  await expect(dialog.getByRole('button', { name: /^Pay/ })).toBeVisible({ timeout: 15_000 });
  for (const [label, value] of [
    ['Card number', '4242424242424242'],
    ['Expiry month', '12'],
    ['Expiry year', YEAR],
    ['CVV', '123'],
    ['Cardholder name', 'Kim Keys'],
    ['Email', 'keys@example.com'],
  ] as const) {
    await pressUntilFocused(page, dialog.getByLabel(label), { max: 5 });
    await page.keyboard.type(value);
  }
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Payment Successful')).toBeVisible({ timeout: 15_000 });
  await expectOrderSuccess(page, 'Paid with Credit/Debit Card');
});

test('a checkout that cannot load says so and keeps the cart', async ({ page, consoleErrors }) => {
  await page.route('**/assets/checkout-dialog-*.js', (route) => route.abort());
  await addWalkerAndOpenCart(page);
  await fillAddress(page);
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(toast(page, 'Checkout failed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeEnabled();
  await cartReady(page, 1);
  // The aborted download is reported by the browser; that one error is expected here.
  consoleErrors.splice(0, consoleErrors.length);
});
