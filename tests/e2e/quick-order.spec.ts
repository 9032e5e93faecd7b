import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { WALKER, WHEELCHAIR } from './support/products';
import { cartLink, cartReady, confirmedAccount, signIn } from './support/shop';

/** /quick-order: SKU lines pasted, the bad ones listed and kept, the good ones in the cart. */
const WALKER_SKU = 'DM-10210-1';
const WHEELCHAIR_SKU = 'DM-CRU3-18';
const LIST = `${WALKER_SKU}, 2\nNO-SUCH-SKU 1\n${WHEELCHAIR_SKU}\t1\n${WALKER_SKU}\n${WHEELCHAIR_SKU}, lots`;

const listField = (page: Page) => page.getByRole('textbox', { name: 'SKU and quantity, one per line' });

/** Tabs from the top of the page to the list, as a keyboard user does. */
async function tabTo(page: Page, target: ReturnType<typeof listField>) {
  for (let presses = 0; presses < 80; presses++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error('the field was never reached with Tab');
}

async function expectAnswer(page: Page) {
  const answer = page.getByText('4 items added to your cart; 2 lines could not be added:');
  await expect(answer).toBeVisible();
  await expect(page.getByText('Line 2 (NO-SUCH-SKU): No product has this SKU.')).toBeVisible();
  await expect(page.getByText(`Line 5 (${WHEELCHAIR_SKU}): The quantity is not a number.`)).toBeVisible();
  // The bad lines stay in the list for fixing; the good ones are gone from it.
  await expect(listField(page)).toHaveValue(`NO-SUCH-SKU 1\n${WHEELCHAIR_SKU}, lots`);
}

async function expectCart(page: Page) {
  await page.goto('/cart');
  const main = page.getByRole('main');
  await expect(main.getByRole('spinbutton', { name: `Quantity of ${WALKER.name}` })).toHaveValue('3');
  await expect(main.getByRole('spinbutton', { name: `Quantity of ${WHEELCHAIR.name}` })).toHaveValue('1');
}

test('a guest pastes a list with the keyboard only, sees the bad lines, and the cart holds the good ones', async ({
  page,
}) => {
  await page.goto('/quick-order');
  await cartReady(page, 0);
  await expect(page.getByRole('heading', { level: 1, name: 'Quick Order' })).toBeVisible();
  await tabTo(page, listField(page));
  await page.keyboard.insertText(LIST);
  // Past the file field to the button, and Enter.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectAnswer(page);
  // With scripts the badge follows at once.
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 4 items');
  await expectNoSeriousA11yViolations(page);
  await expectCart(page);
});

test('a signed-in shopper uploads a CSV file; the account cart and its badge hold the lines', async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  await signIn(page, await confirmedAccount(request, baseURL!));
  await page.goto('/quick-order');
  await cartReady(page, 0);
  await page.getByLabel('Or upload a CSV file (optional)').setInputFiles({
    name: 'order.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`sku,quantity\r\n${WALKER_SKU},3\r\n${WHEELCHAIR_SKU},1\r\n`),
  });
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('4 items added to your cart.')).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 4 items');
  await expectCart(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form posts to the page, which answers with the list; the cart cookie holds the lines', async ({
    page,
  }) => {
    await page.goto('/cart');
    await page.getByRole('link', { name: 'Quick order: add products by SKU' }).click();
    await expect(page).toHaveURL(/\/quick-order$/);
    await listField(page).fill(LIST);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expectAnswer(page);
    await expectCart(page);
  });
});
