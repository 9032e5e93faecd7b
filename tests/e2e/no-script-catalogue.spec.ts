import { expect, test } from './support/fixtures';

/**
 * A listing's filters, sort and layout as a browser without JavaScript uses them: GET forms that
 * load the same page with the choice in its URL, each keeping the others (docs/decisions/0045).
 */
test.use({ javaScriptEnabled: false });

test('filter by brand and price, sort and switch the layout without scripts', async ({ page }, testInfo) => {
  await page.goto('/category/mobility');
  const mobile = testInfo.project.name === 'mobile';
  // A phone has no sidebar: the same form is in a collapsed "Filters" section.
  const filters = mobile
    ? page.getByRole('main').locator('details').filter({ hasText: 'Filter Products' })
    : page.getByRole('complementary', { name: 'Filters' });
  if (mobile) {
    await filters.locator('summary', { hasText: /^Filters$/ }).click();
    await filters.locator('summary', { hasText: /^Brands$/ }).click();
  }
  const before = Number(/\d+/.exec((await page.getByText(/^Showing \d+ products?$/).textContent())!)![0]);
  await filters.getByRole('checkbox').first().check();
  await filters.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page).toHaveURL(/[?&]brand=[^&]+/);
  const brandInUrl = new URL(page.url()).searchParams.get('brand')!;
  expect(brandInUrl.length).toBeGreaterThan(0);
  // Fewer products: one brand's.
  const after = Number(/\d+/.exec((await page.getByText(/^Showing \d+ products?$/).textContent())!)![0]);
  expect(after).toBeGreaterThan(0);
  expect(after).toBeLessThan(before);
  await expect(filters.getByRole('checkbox', { includeHidden: true }).first()).toBeChecked();

  // The sort keeps the brand; its button posts it.
  await page.getByLabel('Sort by').selectOption('price-low');
  await page.getByRole('button', { name: 'Sort', exact: true }).click();
  await expect(page).toHaveURL(/sort=price-low/);
  expect(new URL(page.url()).searchParams.get('brand')).toBe(brandInUrl);
  const prices = async () =>
    (
      await page
        .locator('main article')
        .getByText(/^\$[\d,]+\.\d{2}$/)
        .allTextContents()
    ).map((text) => Number(text.replace(/[$,]/g, '')));
  const shown = await prices();
  expect(shown).toEqual([...shown].sort((a, b) => a - b));

  // The layout keeps both.
  await page.getByRole('button', { name: 'List view' }).click();
  await expect(page).toHaveURL(/view=list/);
  const url = new URL(page.url());
  expect(url.searchParams.get('brand')).toBe(brandInUrl);
  expect(url.searchParams.get('sort')).toBe('price-low');
  await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
});
