import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { WALKER, WHEELCHAIR } from './support/products';
import { cartLink, fillAddress } from './support/shop';

/**
 * The cart as a browser without JavaScript uses it (docs/decisions/0044): every change is a
 * form posted to the cart page's action, and a guest's cart lives in a cookie between requests.
 */
test.use({ javaScriptEnabled: false });

const cartRows = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3 }) });
const quantityOf = (page: Page, name: string) =>
  page.getByRole('main').getByRole('spinbutton', { name: `Quantity of ${name}` });

test('a guest adds from a category card and a product page, changes a quantity and removes a line', async ({
  page,
}) => {
  test.slow();
  await page.goto('/category/mobility/walkers');
  await page.getByRole('button', { name: `Add ${WALKER.name} to cart` }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(cartRows(page)).toHaveCount(1);
  await expect(quantityOf(page, WALKER.name)).toHaveValue('1');

  // The product page's quantity field posts with its Add to Cart.
  await page.goto(`/product/${WHEELCHAIR.id}`);
  await page.getByRole('main').getByRole('spinbutton', { name: 'Quantity' }).fill('2');
  await page.getByRole('main').getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(cartRows(page)).toHaveCount(2);
  await expect(quantityOf(page, WHEELCHAIR.name)).toHaveValue('2');

  // + and − are buttons of their own forms; a typed quantity posts with Update.
  await page.getByRole('button', { name: `Increase quantity of ${WALKER.name}` }).click();
  await expect(quantityOf(page, WALKER.name)).toHaveValue('2');
  await page.getByRole('button', { name: `Decrease quantity of ${WHEELCHAIR.name}` }).click();
  await expect(quantityOf(page, WHEELCHAIR.name)).toHaveValue('1');
  await quantityOf(page, WALKER.name).fill('5');
  await page.getByRole('button', { name: `Update quantity of ${WALKER.name}` }).click();
  await expect(quantityOf(page, WALKER.name)).toHaveValue('5');

  // The cart is kept across requests (a cookie), not only in the page that was answered.
  await page.goto('/');
  await page.goto('/cart');
  await expect(cartRows(page)).toHaveCount(2);

  await page.getByRole('button', { name: `Remove ${WHEELCHAIR.name} from your cart` }).click();
  await expect(cartRows(page)).toHaveCount(1);
  await expect(page.getByRole('main').getByRole('link', { name: WALKER.name })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: WHEELCHAIR.name })).toHaveCount(0);
});

test('an empty cart says so, and nothing claims to be loading', async ({ page }) => {
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 2, name: 'Your cart is empty' })).toBeVisible();
  await expect(page.getByText('Loading your cart...')).toBeHidden();
  await expect(cartLink(page)).toBeVisible();
});

test('a guest applies a promo code, enters an address and reaches the payment step', async ({ page }) => {
  test.slow();
  await page.goto(`/product/${WALKER.id}`);
  await page.getByRole('main').getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const summary = page.getByRole('region', { name: 'Order Summary' });
  // The server works out the totals: no script asks for them.
  await expect(summary.getByText('Subtotal (1 item)')).toBeVisible();

  await summary.getByLabel('Promo code').fill('NOPE');
  await summary.getByRole('button', { name: 'Apply' }).click();
  await expect(summary.getByText('Invalid promo code')).toBeVisible();
  await summary.getByLabel('Promo code').fill('welcome10');
  await summary.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(summary.getByText(/Promo code WELCOME10 applied/)).toBeVisible();
  await expect(summary.getByText(/^Discount/)).toBeVisible();

  // An empty address is refused with the form's own messages, then a valid one leads on.
  await summary.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByText('Choose a state or territory')).toBeVisible();
  await fillAddress(page);
  // The shipping option's radios are posted with the address.
  await summary.getByRole('radio', { name: 'Expedited' }).check();
  await summary.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const payment = page.getByRole('region', { name: 'Secure Checkout - Card Payment' });
  await expect(payment).toBeVisible();
  await expect(payment.getByText('Pat Shopper, 500 Pine Street, Portland, OR 97204')).toBeVisible();
  await expect(payment.getByText(/^Discount/)).toBeVisible();
  await expect(payment.getByText('Shipping (Expedited)')).toBeVisible();
  // The summary says the same option and the same figures.
  await expect(summary.getByRole('radio', { name: 'Expedited' })).toBeChecked();
  await expect(summary.getByText('Shipping (Expedited)')).toBeVisible();
});

test('lines added without scripts move into the device cart once scripts run', async ({ page, browser }) => {
  await page.goto(`/product/${WALKER.id}`);
  await page.getByRole('main').getByRole('button', { name: 'Add to Cart' }).click();
  await expect(cartRows(page)).toHaveCount(1);
  const cookies = await page.context().cookies();

  // The same shopper, now with scripts: the cookie's line joins the device cart.
  const scripted = await browser.newContext({ javaScriptEnabled: true });
  try {
    await scripted.addCookies(cookies);
    const withScripts = await scripted.newPage();
    await withScripts.goto('/cart');
    await expect(cartLink(withScripts)).toHaveAttribute('data-cart-status', 'ready');
    await expect(cartRows(withScripts)).toHaveCount(1);
    await expect
      .poll(() => withScripts.evaluate(() => localStorage.getItem('guest_cart_items') ?? ''))
      .toContain(WALKER.id);
    expect((await scripted.cookies()).some((cookie) => cookie.name === 'guest_cart')).toBe(false);
    // Kept on the device: a reload shows it without the cookie.
    await withScripts.reload();
    await expect(cartRows(withScripts)).toHaveCount(1);
  } finally {
    await scripted.close();
  }
});
