import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import {
  cartLink,
  cartReady,
  confirmedAccount,
  fillAddress,
  signIn,
  toast,
  wishlistLink,
} from './support/shop';
import { WALKER, WHEELCHAIR } from './support/products';

const OUT_OF_STOCK = 'padded-transfer-bench-with-commode-opening';
/** 140 on hand in the seed: the line maximum (99), not stock, stops an add. */
const CANE = {
  id: 'medline-aluminum-offset-handle-cane',
  name: 'Medline Aluminum Offset Handle Cane',
  price: 2_199,
};

test.describe('guest cart', () => {
  test('add from a card and from the product page, change, promo, reload, remove', async ({ page }) => {
    await page.goto('/search?q=walker');
    await cartReady(page);
    await page.getByRole('button', { name: `Add ${WALKER.name} to cart` }).click();
    await expect(toast(page, 'Added to cart')).toBeVisible();
    await expect(toast(page, `${WALKER.name} added to your cart.`)).toBeVisible();
    await cartReady(page, 1);

    // Product page: quantity 2, then the WELCOME10 offer appears (no code stored yet).
    await page.goto(`/product/${WHEELCHAIR.id}`);
    await cartReady(page, 1);
    const main = page.getByRole('main');
    await expect(main.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    await main.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(main.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('2');
    await main.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(toast(page, `2 x ${WHEELCHAIR.name} added to your cart.`)).toBeVisible();
    await cartReady(page, 3);
    const offer = main.getByRole('region', { name: 'Save 10% on this order' });
    await expect(offer).toBeVisible();
    await offer.getByRole('button', { name: /^Dismiss/ }).click();
    await expect(offer).toBeHidden();

    await cartLink(page).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your Shopping Cart' })).toBeVisible();
    const rows = main.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
    await expect(rows).toHaveCount(2);
    const walkerRow = rows.filter({ hasText: WALKER.name });
    await expect(walkerRow.getByRole('link', { name: WALKER.name })).toHaveAttribute(
      'href',
      `/product/${WALKER.id}`,
    );
    await expect(walkerRow).toContainText('Unit price $54.99');
    await walkerRow.getByRole('button', { name: `Increase quantity of ${WALKER.name}` }).click();
    await expect(walkerRow).toContainText('Total for');
    await expect(walkerRow).toContainText('$109.98');
    await cartReady(page, 4);
    const wheelchairRow = rows.filter({ hasText: WHEELCHAIR.name });
    const decrease = wheelchairRow.getByRole('button', { name: `Decrease quantity of ${WHEELCHAIR.name}` });
    await decrease.click();
    await expect(wheelchairRow.getByRole('spinbutton')).toHaveValue('1');
    await expect(decrease).toBeDisabled();
    await cartReady(page, 3);

    // Promo: blank is refused, unknown codes too, WELCOME10 gives 10% off the subtotal.
    const summary = main.getByRole('region', { name: 'Order Summary' });
    const code = summary.getByRole('textbox', { name: 'Promo code' });
    await expect(summary.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await code.fill('savealot');
    await expect(code).toHaveValue('SAVEALOT');
    await summary.getByRole('button', { name: 'Apply' }).click();
    await expect(summary.getByText('Invalid promo code')).toBeVisible();
    await code.fill('welcome10');
    await code.press('Enter');
    await expect(toast(page, 'Promo code applied')).toBeVisible();
    // 2 x $54.99 + $279.99 = $389.97; shipping $9.99; 10% off = $39.00; total $360.96.
    await expect(summary).toContainText('Subtotal (3 items)$389.97');
    await expect(summary).toContainText('Shipping (Standard)$9.99');
    await expect(summary).toContainText('Discount (WELCOME10)-$39.00');
    await expect(summary).toContainText('Total$360.96');

    await page.reload();
    await expect(rows).toHaveCount(2);
    await cartReady(page, 3);
    await expect(summary.getByText(/Promo code WELCOME10 applied/)).toBeVisible();
    await expect(summary).toContainText('Total$360.96');

    // The server prices the same total, promotion included; closing the dialog keeps the cart.
    await fillAddress(page);
    await summary.getByRole('button', { name: 'Proceed to Checkout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Secure Checkout - Card Payment' });
    // The address check, the dialog's code and a checkout session from the server come first:
    // on a loaded 2-core CI machine that chain once took over the default 5 s.
    await expect(dialog.getByRole('button', { name: 'Pay $360.96' })).toBeVisible({ timeout: 15_000 });
    await expect(dialog).toContainText('Discount (WELCOME10)');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(summary.getByText(/Promo code WELCOME10 applied/)).toBeVisible();

    await walkerRow.getByRole('button', { name: `Remove ${WALKER.name} from your cart` }).click();
    await expect(toast(page, 'Item removed')).toBeVisible();
    await expect(rows).toHaveCount(1);
    await cartReady(page, 1);
    await rows.getByRole('button', { name: /^Remove/ }).click();
    await expect(main.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute(
      'href',
      '/category/featured',
    );
    await cartReady(page, 0);
  });

  test('the product page offer applies WELCOME10; out-of-stock products cannot be added', async ({
    page,
  }) => {
    await page.goto(`/product/${OUT_OF_STOCK}`);
    await cartReady(page);
    await expect(page.getByRole('main').getByRole('button', { name: 'Out of Stock' })).toBeDisabled();

    await page.goto(`/product/${WALKER.id}`);
    await cartReady(page);
    await page.getByRole('main').getByRole('button', { name: 'Add to Cart' }).click();
    const offer = page.getByRole('region', { name: 'Save 10% on this order' });
    await offer.getByRole('button', { name: /^Apply/ }).click();
    await expect(toast(page, 'Promo code applied')).toBeVisible();
    await expect(offer).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('promoDiscount'))).toBe('0.1');
    expect(await page.evaluate(() => localStorage.getItem('freeShipping'))).toBe('false');

    // With a code stored, the next add offers nothing (the offer's code has loaded and decided).
    await page.reload();
    await cartReady(page, 1);
    await page.getByRole('main').getByRole('button', { name: 'Add to Cart' }).click();
    await cartReady(page, 2);
    await page.waitForLoadState('networkidle');
    await expect(offer).toBeHidden();

    await page.goto('/cart');
    const summary = page.getByRole('region', { name: 'Order Summary' });
    await expect(summary).toContainText('Discount (WELCOME10)-$11.00');
    await summary.getByRole('button', { name: 'Remove promo code WELCOME10' }).click();
    await expect(summary.getByRole('textbox', { name: 'Promo code' })).toBeFocused();
    await expect(summary).not.toContainText('Discount');
  });

  test('a damaged stored cart is ignored, and tabs follow each other', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('guest_cart_items', '{not json'));
    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();

    const other = await page.context().newPage();
    await other.goto(`/product/${WALKER.id}`);
    await cartReady(other);
    await other.getByRole('main').getByRole('button', { name: 'Add to Cart' }).click();
    await cartReady(other, 1);
    await cartReady(page, 1);
    await expect(page.getByRole('link', { name: WALKER.name })).toBeVisible();

    // Clearing asks first, then empties the cart here and in the other tab.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Clear cart' }).click();
    await expect(toast(page, 'Cart cleared')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await cartReady(other, 0);
  });
});

test.describe('line limit', () => {
  test('adding 1 to a line of 98 says the same for a guest and for an account', async ({
    page,
    request,
    baseURL,
  }) => {
    const main = page.getByRole('main');
    const addOneTo98 = async () => {
      await page.goto(`/product/${CANE.id}`);
      await cartReady(page, 98);
      await main.getByRole('button', { name: 'Add to Cart' }).click();
      await expect(toast(page, 'Quantity limit reached')).toBeVisible();
      await expect(toast(page, 'You can have at most 99 of one item in your cart.')).toBeVisible();
      await cartReady(page, 99);
      await expect(toast(page, 'Added to cart')).toBeHidden();
    };

    await page.goto('/');
    await page.evaluate((line) => localStorage.setItem('guest_cart_items', JSON.stringify([line])), {
      product_id: CANE.id,
      name: CANE.name,
      price: CANE.price,
      quantity: 98,
      image_url: '',
    });
    await addOneTo98();

    await page.evaluate(() => localStorage.removeItem('guest_cart_items'));
    await signIn(page, await confirmedAccount(request, baseURL!));
    const added = await page.request.post('/cart', {
      form: { intent: 'add', productId: CANE.id, quantity: 98 },
      headers: { Origin: new URL(baseURL!).origin, Accept: 'application/json' },
    });
    expect(added.status()).toBe(200);
    await addOneTo98();
  });
});

test.describe('stock', () => {
  test('a product with 2 left says so and cannot be added 3 times', async ({ page }) => {
    // 2 on hand in the seed (the data file says Low Stock).
    await page.goto('/product/button-hook-and-zipper-pull');
    await cartReady(page);
    const main = page.getByRole('main');
    await expect(main.getByText('Only 2 left', { exact: true })).toBeVisible();
    const add = main.getByRole('button', { name: 'Add to Cart' });
    await add.click();
    await cartReady(page, 1);
    // The second is the last one: the cart says so, and a third is not taken.
    await add.click();
    await cartReady(page, 2);
    await expect(toast(page, 'Only 2 left in stock')).toBeVisible();
    await add.click();
    await expect(toast(page, 'Only 2 left in stock')).toBeVisible();
    await expect(toast(page, 'Your cart now has all 2 of Button Hook and Zipper Pull.')).toBeVisible();
    await cartReady(page, 2);
  });
});

test.describe('accessibility', () => {
  test('cart and wishlist, empty and filled, have no serious violations', async ({ page }) => {
    for (const path of ['/cart', '/wishlist']) {
      await page.goto(path);
      await cartReady(page);
      await expect(page.getByRole('heading', { level: 2, name: /is empty$/ })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    }
    await page.goto(`/product/${WALKER.id}`);
    await cartReady(page);
    await page.getByRole('main').getByRole('button', { name: 'Add to Wishlist' }).click();
    await page.getByRole('main').getByRole('button', { name: 'Add to Cart' }).click();
    await cartReady(page, 1);
    await expect(page.getByRole('region', { name: 'Save 10% on this order' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    for (const path of ['/cart', '/wishlist']) {
      await page.goto(path);
      await expect(page.getByRole('link', { name: WALKER.name })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    }
  });
});

test.describe('signed-in cart', () => {
  test('the guest cart and wishlist move into the account at sign-in, and tabs follow each other', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    const account = await confirmedAccount(request, baseURL!);
    await page.goto(`/product/${WHEELCHAIR.id}`);
    await cartReady(page);
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Increase quantity' }).click();
    await main.getByRole('button', { name: 'Add to Cart' }).click();
    await cartReady(page, 2);
    await main.getByRole('button', { name: 'Add to Wishlist' }).click();
    await expect(wishlistLink(page)).toHaveAccessibleName('Wishlist, 1 item');

    await signIn(page, account);
    await expect(toast(page, 'Cart saved to your account')).toBeVisible();
    await cartReady(page, 2);
    await expect(wishlistLink(page)).toHaveAccessibleName('Wishlist, 1 item');
    // Moved, not copied: the device no longer holds a guest cart or wishlist.
    expect(await page.evaluate(() => localStorage.getItem('guest_cart_items'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('wishlist'))).toBeNull();

    // A second tab of the same session sees changes made in the first within 2 seconds.
    const other = await page.context().newPage();
    await other.goto('/cart');
    await cartReady(other, 2);
    const rows = other.getByRole('main').getByRole('listitem');
    await expect(other.getByRole('link', { name: WHEELCHAIR.name })).toBeVisible();

    await page.goto('/search?q=walker');
    await cartReady(page, 2);
    // The tab that makes a change shows it from its own answer: its "changed" event (the same
    // one the other tab reads the cart on) makes it read nothing again.
    const ownReads: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'GET' && new URL(r.url()).pathname === '/api/cart') ownReads.push(r.url());
    });
    await page.getByRole('button', { name: `Add ${WALKER.name} to cart` }).click();
    await cartReady(page, 3);
    await expect(cartLink(other)).toHaveAccessibleName('Cart, 3 items', { timeout: 2_000 });
    await expect(other.getByRole('link', { name: WALKER.name })).toBeVisible({ timeout: 2_000 });
    expect(ownReads).toEqual([]);

    // Adding again adds to the quantity on the server too.
    await page.getByRole('button', { name: `Add ${WALKER.name} to cart` }).click();
    await cartReady(page, 4);
    const walkerRow = rows.filter({ hasText: WALKER.name });
    await expect(walkerRow.getByRole('spinbutton')).toHaveValue('2', { timeout: 2_000 });

    await walkerRow.getByRole('button', { name: `Remove ${WALKER.name} from your cart` }).click();
    await expect(toast(other, 'Item removed')).toBeVisible();
    await cartReady(page, 2);

    // A reload keeps the account cart.
    await other.reload();
    await cartReady(other, 2);
    await expect(other.getByRole('link', { name: WHEELCHAIR.name })).toBeVisible();

    // The signed-in count is in the server's HTML: a browser without JavaScript shows it too.
    const noScript = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    const plain = await noScript.newPage();
    await plain.goto(new URL('/category/mobility', page.url()).href);
    await expect(cartLink(plain)).toHaveAccessibleName('Cart, 2 items');
    await expect(cartLink(plain)).toHaveAttribute('data-cart-status', 'idle');
    await noScript.close();

    // A quantity changed and the cart cleared (posted to /cart by the page's script) reach the other tab.
    const wheelchairRow = rows.filter({ hasText: WHEELCHAIR.name });
    await wheelchairRow.getByRole('button', { name: `Increase quantity of ${WHEELCHAIR.name}` }).click();
    await expect(wheelchairRow.getByRole('spinbutton')).toHaveValue('3');
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 3 items', { timeout: 2_000 });
    other.once('dialog', (dialog) => void dialog.accept());
    await other.getByRole('button', { name: 'Clear cart' }).click();
    await expect(toast(other, 'Cart cleared')).toBeVisible();
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items', { timeout: 2_000 });
    await other.reload();
    await cartReady(other, 0);
  });
});
