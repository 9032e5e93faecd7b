import { expect, test } from './support/fixtures';
import { WALKER, WHEELCHAIR } from './support/products';
import { cartReady, toast, wishlistLink } from './support/shop';

/** The wishlist with scripts (split from cart.spec.ts); its sign-in merge is in cart.spec.ts. */
test.describe('wishlist', () => {
  test('heart -> wishlist -> add to cart -> remove -> empty', async ({ page }) => {
    await page.goto('/search?q=walker');
    await cartReady(page);
    const heart = page.getByRole('button', { name: `Add ${WALKER.name} to wishlist` });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(toast(page, `${WALKER.name} has been added to your wishlist.`)).toBeVisible();
    const pressed = page.getByRole('button', { name: `Remove ${WALKER.name} from wishlist` });
    await expect(pressed).toHaveAttribute('aria-pressed', 'true');
    await expect(wishlistLink(page)).toHaveAccessibleName('Wishlist, 1 item');

    await wishlistLink(page).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Wishlist' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: WALKER.name })).toHaveAttribute(
      'href',
      `/product/${WALKER.id}`,
    );
    await expect(main).toContainText('$54.99');
    await main.getByRole('button', { name: `Add to Cart: ${WALKER.name}` }).click();
    await expect(toast(page, `${WALKER.name} added to your cart.`)).toBeVisible();
    await cartReady(page, 1);

    await main.getByRole('button', { name: `Remove ${WALKER.name} from wishlist` }).click();
    await expect(toast(page, 'Item removed')).toBeVisible();
    await expect(toast(page, `${WALKER.name} has been removed from your wishlist.`)).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Browse Products' })).toHaveAttribute(
      'href',
      '/category/all',
    );
    await expect(wishlistLink(page)).toHaveAccessibleName('Wishlist, 0 items');
  });

  test('list view has Wishlist and Add to Cart buttons; Clear Wishlist empties it', async ({ page }) => {
    await page.goto('/category/mobility?view=list');
    await cartReady(page);
    const card = page.getByRole('article').filter({ hasText: WHEELCHAIR.name });
    await card.getByRole('button', { name: `Add ${WHEELCHAIR.name} to Wishlist` }).click();
    await expect(card.getByRole('button', { name: `Remove ${WHEELCHAIR.name} from wishlist` })).toBeVisible();
    await card.getByRole('button', { name: `Add to Cart: ${WHEELCHAIR.name}` }).click();
    await cartReady(page, 1);

    await page.goto('/wishlist');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Clear Wishlist' }).click();
    await expect(toast(page, 'All items have been removed from your wishlist.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
  });
});
