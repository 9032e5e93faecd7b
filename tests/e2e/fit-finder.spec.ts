import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, test } from './support/fixtures';

test.describe('will it fit', () => {
  test('filters wheelchairs by a 280 lb user and a 28 in. door, and the product page answers for the same figures', async ({
    page,
  }) => {
    await page.goto('/category/mobility/wheelchairs');
    const finder = page.getByRole('form', { name: 'Will it fit?' });
    const status = page.getByRole('status').filter({ hasText: /^Showing \d+ products$/ });
    await expect(status).toHaveText('Showing 5 products');

    // A figure the store cannot use is said, and filters nothing (works before scripts too: a GET form).
    await finder.getByLabel('Narrowest doorway (in.)').fill('wide');
    await finder.getByRole('button', { name: 'Show what fits' }).click();
    await expect(finder.getByText('Enter a doorway width from 12 to 96 in.')).toBeVisible();
    await expect(finder.getByLabel('Narrowest doorway (in.)')).toHaveAttribute('aria-invalid', 'true');
    await expect(status).toHaveText('Showing 5 products');

    await finder.getByLabel('Weight of the person using it (lb)').fill('280');
    await finder.getByLabel('Narrowest doorway (in.)').fill('28');
    await finder.getByRole('button', { name: 'Show what fits' }).click();
    await expect(page).toHaveURL(/weight=280/);
    await expect(page).toHaveURL(/door=28/);
    await expect(status).toHaveText('Showing 3 products');
    const cards = page.locator('main article');
    await expect(cards).toHaveCount(3);
    for (const card of await cards.all())
      await expect(card.getByText(/^Fits: holds \d+ lb, [\d.]+ in\. wide$/)).toBeVisible();
    await expect(page.getByRole('link', { name: /Bariatric/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // The product page remembers the figures on this device and answers in plain words.
    await page
      .getByRole('link', { name: 'Drive Medical Cruiser III Lightweight Wheelchair, 18 in. Seat' })
      .click();
    const fit = page.getByRole('region', { name: 'Will it fit?' });
    await expect(fit.getByText('Yes, it fits a person of 280 lb and a 28 in. doorway.')).toBeVisible();
    await expect(fit.getByText('25.5 in. wide: fits a 28 in. doorway with 2.5 in. to spare.')).toBeVisible();
    await expect(fit.getByLabel('Weight of the person using it (lb)')).toHaveValue('280');

    // A narrower door: the answer changes, and says the folded chair can be carried through.
    await fit.getByLabel('Narrowest doorway (in.)').fill('24');
    await fit.getByRole('button', { name: 'Check the fit' }).click();
    await expect(fit.getByText('No, it does not fit a person of 280 lb and a 24 in. doorway.')).toBeVisible();
    await expect(fit.getByText('Folded (12 in.) it can be carried through.', { exact: false })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // A product whose maker does not publish a figure says so rather than guess.
    await page.goto('/product/medline-full-body-mesh-sling-commode-opening-large');
    const sling = page.getByRole('region', { name: 'Will it fit?' });
    await expect(sling.getByText('We cannot say for sure: a figure is not published.')).toBeVisible();
    await expect(sling.getByText('Overall width unknown.')).toBeVisible();
  });

  test('works without scripts: the figures go in the address and the page answers', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/category/mobility/wheelchairs');
    const finder = page.getByRole('form', { name: 'Will it fit?' });
    await finder.getByLabel('Weight of the person using it (lb)').fill('280');
    await finder.getByLabel('Narrowest doorway (in.)').fill('28');
    await finder.getByRole('button', { name: 'Show what fits' }).click();
    await expect(page.getByText('Showing 3 products')).toBeVisible();
    await page.goto('/product/sentra-ec-heavy-duty-bariatric-wheelchair-22?weight=280&door=28');
    await expect(
      page
        .getByRole('region', { name: 'Will it fit?' })
        .getByText('29.5 in. wide: too wide for a 28 in. doorway.'),
    ).toBeVisible();
    await context.close();
  });
});
