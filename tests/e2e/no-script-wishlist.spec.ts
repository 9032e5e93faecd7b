import type { Page } from '@playwright/test';
import { ownClientAddress } from './support/client-address';
import { expect, test } from './support/fixtures';
import { WALKER, WHEELCHAIR } from './support/products';
import { confirmedAccount, wishlistLink } from './support/shop';

/**
 * The wishlist as a browser without JavaScript uses it (docs/decisions/0045): every heart and
 * the wishlist page's buttons are forms posted to /wishlist; a guest's wishlist lives in a
 * cookie between requests, a signed-in shopper's in the account.
 */
test.use({ javaScriptEnabled: false });

const saved = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2 }) });

/** Hearts one product from its page and another from a category card, then removes one on /wishlist. */
async function heartAndRemove(page: Page) {
  await page.goto(`/product/${WALKER.id}`);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Add to Wishlist' }).click();
  // Back on the product page, whose heart now shows the product saved.
  await expect(page).toHaveURL(new RegExp(`/product/${WALKER.id}$`));
  await expect(main.getByRole('button', { name: 'Remove from Wishlist' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.goto('/category/mobility/wheelchairs');
  await page.getByRole('button', { name: `Add ${WHEELCHAIR.name} to wishlist` }).click();
  await expect(page).toHaveURL(/\/category\/mobility\/wheelchairs$/);
  await expect(page.getByRole('button', { name: `Remove ${WHEELCHAIR.name} from wishlist` })).toBeVisible();

  await wishlistLink(page).click();
  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(saved(page)).toHaveCount(2);
  await expect(main.getByRole('link', { name: WALKER.name })).toBeVisible();
  await main.getByRole('button', { name: `Remove ${WALKER.name} from wishlist` }).click();
  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(saved(page)).toHaveCount(1);
  await expect(main.getByRole('link', { name: WHEELCHAIR.name })).toBeVisible();
  await expect(main.getByRole('link', { name: WALKER.name })).toHaveCount(0);
  // Kept across requests, not only in the page that was answered.
  await page.goto(`/product/${WALKER.id}`);
  await expect(main.getByRole('button', { name: 'Add to Wishlist' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await page.goto('/wishlist');
  await expect(saved(page)).toHaveCount(1);
}

test.beforeEach(async ({ page }) => {
  await ownClientAddress(page);
});

test('a guest hearts from a product page and a category card, sees them on /wishlist and removes one', async ({
  page,
}) => {
  test.slow();
  await heartAndRemove(page);
  expect((await page.context().cookies()).find((c) => c.name === 'guest_wishlist')?.value).toBe(
    WHEELCHAIR.id,
  );
  await page.getByRole('button', { name: 'Clear Wishlist' }).click();
  await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
});

test("a signed-in shopper's hearts write the account wishlist", async ({ page, request, baseURL }) => {
  test.slow();
  const account = await confirmedAccount(request, baseURL!);
  await page.goto('/login');
  const form = page.getByRole('tabpanel');
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);

  await heartAndRemove(page);
  expect((await page.context().cookies()).some((c) => c.name === 'guest_wishlist')).toBe(false);
  // The account has it: a session with scripts elsewhere reads the same wishlist.
  const read = await page.request.get('/api/wishlist');
  expect(((await read.json()) as { items: { product: { id: string } }[] }).items).toEqual([
    expect.objectContaining({ product: expect.objectContaining({ id: WHEELCHAIR.id }) }),
  ]);
});

test('products saved without scripts move into the device wishlist once scripts run', async ({
  page,
  browser,
}) => {
  await page.goto(`/product/${WALKER.id}`);
  await page.getByRole('main').getByRole('button', { name: 'Add to Wishlist' }).click();
  const cookies = await page.context().cookies();

  const scripted = await browser.newContext({ javaScriptEnabled: true });
  try {
    await scripted.addCookies(cookies);
    const withScripts = await scripted.newPage();
    await withScripts.goto(`/product/${WALKER.id}`);
    await expect(wishlistLink(withScripts)).toHaveAccessibleName('Wishlist, 1 item');
    await expect
      .poll(() => withScripts.evaluate(() => localStorage.getItem('wishlist') ?? ''))
      .toContain(WALKER.id);
    expect((await scripted.cookies()).some((cookie) => cookie.name === 'guest_wishlist')).toBe(false);
    // Kept on the device: a reload shows it without the cookie, and the heart stays pressed.
    await withScripts.reload();
    await expect(wishlistLink(withScripts)).toHaveAccessibleName('Wishlist, 1 item');
    await expect(
      withScripts.getByRole('main').getByRole('button', { name: 'Remove from Wishlist' }),
    ).toHaveAttribute('aria-pressed', 'true');
  } finally {
    await scripted.close();
  }
});
