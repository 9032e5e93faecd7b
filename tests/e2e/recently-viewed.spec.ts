import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { cartReady } from './support/shop';

const VIEWED = [
  {
    id: 'cruiser-iii-lightweight-wheelchair',
    name: 'Drive Medical Cruiser III Lightweight Wheelchair, 18 in. Seat',
  },
  { id: 'medline-excel-k1-basic-wheelchair-18', name: 'Medline Excel K1 Basic Wheelchair, 18 in. Seat' },
  { id: 'sentra-ec-heavy-duty-bariatric-wheelchair-22', name: /Sentra EC/ },
];

test('recently viewed products follow the shopper on this device, newest first, on product pages and the cart', async ({
  page,
}) => {
  for (const product of VIEWED) {
    await page.goto(`/product/${product.id}`);
    await cartReady(page);
  }
  // On the third product: the two before it, newest first, and not itself.
  const onProduct = page.getByRole('region', { name: 'Recently viewed' });
  const productLinks = onProduct.getByRole('link');
  await expect(productLinks).toHaveCount(2);
  await expect(productLinks.nth(0)).toHaveAccessibleName(VIEWED[1]!.name);
  await expect(productLinks.nth(1)).toHaveAccessibleName(VIEWED[0]!.name);

  await page.goto('/cart');
  await cartReady(page);
  const onCart = page.getByRole('region', { name: 'Recently viewed' });
  await expect(onCart.getByRole('link')).toHaveCount(3);
  await expect(onCart.getByRole('link').first()).toHaveAccessibleName(VIEWED[2]!.name);
  await expectNoSeriousA11yViolations(page);

  await onCart.getByRole('link').nth(2).click();
  await expect(page).toHaveURL(`/product/${VIEWED[0]!.id}`);
});
