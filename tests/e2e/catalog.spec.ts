import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { cartReady } from './support/shop';

test.describe('browsing the catalogue', () => {
  test('home -> category -> filter -> sort -> page 2 -> product -> search', async ({ page, isMobile }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 2, name: 'Featured Products' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Best Sellers' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'What our customers say' })).toBeVisible();

    await page
      .getByRole('region', { name: 'Shop by Category' })
      .getByRole('link', { name: /Mobility/ })
      .click();
    await expect(page).toHaveURL(/\/category\/mobility$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mobility' })).toBeVisible();
    const status = page.getByRole('status').filter({ hasText: /^Showing \d+ products$/ });
    await expect(status).toBeVisible();
    const allCount = Number((await status.textContent())?.match(/\d+/)?.[0]);
    expect(allCount).toBeGreaterThan(12);

    // Filter by one brand: pending until Apply Filters.
    let filters = page.getByRole('complementary', { name: 'Filters' });
    if (isMobile) {
      await page.getByRole('button', { name: 'Filters' }).click();
      filters = page.getByRole('dialog', { name: 'Filters' });
      await filters
        .locator('summary')
        .filter({ hasText: /^Brands$/ })
        .click();
    }
    await filters.getByRole('checkbox', { name: 'Drive Medical' }).check();
    await expect(page).toHaveURL(/\/category\/mobility$/);
    await filters.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL(/brand=drive-medical/);
    // The address changes before the new listing renders: wait for the count to follow.
    await expect(status).not.toHaveText(`Showing ${allCount} products`);
    const filteredCount = Number((await status.textContent())?.match(/\d+/)?.[0]);
    expect(filteredCount).toBeLessThan(allCount);
    for (const brand of await page.locator('main article p.text-muted').first().allTextContents()) {
      expect(brand).toBe('Drive Medical');
    }

    // Back to everything, sorted by price, then page 2.
    await page.goto('/category/mobility');
    // Interactive first: what this journey checks is the sorted listing, not early input
    // (typed-before-scripts.spec.ts covers a choice made before the page is ready).
    await cartReady(page);
    await page.getByLabel('Sort by').selectOption('price-low');
    await expect(page).toHaveURL(/sort=price-low/);
    const prices = async () =>
      (
        await page
          .locator('main article')
          .getByText(/^\$[\d,]+\.\d\d$/)
          .allTextContents()
      ).map((t) => Number(t.replace(/[$,]/g, '')));
    // Likewise the sorted listing renders just after the address changes.
    await expect
      .poll(async () => {
        const shown = await prices();
        return shown.length > 0 && shown.every((price, i) => i === 0 || shown[i - 1]! <= price);
      })
      .toBe(true);
    const firstPage = await prices();
    expect(firstPage).toEqual([...firstPage].sort((a, b) => a - b));
    await page.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    const secondPage = await prices();
    expect(secondPage[0]).toBeGreaterThanOrEqual(firstPage.at(-1)!);

    // Back returns to page 1 with the same sort.
    await page.goBack();
    await expect(page).toHaveURL(/sort=price-low$/);
    await expect(page.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    // A product page.
    const firstProduct = page.locator('main article h2 a').first();
    const name = (await firstProduct.textContent())!;
    await firstProduct.click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('SKU')).toBeVisible();
    await page.getByRole('tab', { name: 'Specifications' }).click();
    await expect(page.getByRole('tabpanel')).toContainText(/Weight|Dimensions|Item weight/);

    // Search from the header.
    const search = page.getByRole('search').first().getByRole('searchbox');
    await search.fill('  walker ');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=walker$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Search results for "walker"' })).toBeVisible();
    await expect(page.getByText(/^\d+ products? found$/)).toBeVisible();
  });

  test('a blank search is not submitted, and no match says so', async ({ page }) => {
    await page.goto('/search');
    const input = page.getByRole('main').getByRole('searchbox');
    await input.fill('   ');
    await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/search$/);
    await input.fill('zzzz-no-such-thing');
    await input.press('Enter');
    await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible();
    await expect(page.getByText('Try a different search term or browse our categories.')).toBeVisible();
    await expect(page.getByText('0 products found')).toBeVisible();
  });

  test('filters that match nothing offer to reset', async ({ page }) => {
    await page.goto('/category/respiratory?max=1');
    await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible();
    await expect(page.getByText('Try adjusting your filters to find products.')).toBeVisible();
    await page.getByRole('button', { name: 'Reset Filters' }).click();
    await expect(page).toHaveURL(/\/category\/respiratory$/);
    await expect(page.locator('main article').first()).toBeVisible();
  });

  test('unknown categories, subcategories and products answer 404; a slash in an id redirects', async ({
    page,
  }) => {
    for (const path of ['/category/nope', '/category/mobility/nope', '/product/nope']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    }
    await page.goto('/category/mobility%2Fwalkers');
    await expect(page).toHaveURL(/\/category\/mobility\/walkers$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Walkers' })).toBeVisible();
  });

  test('catalogue pages have no serious accessibility violations', async ({ page }) => {
    for (const path of ['/', '/category/mobility', '/category/featured/best-sellers', '/search?q=brace']) {
      await page.goto(path);
      await expectNoSeriousA11yViolations(page);
    }
    await page.goto('/category/respiratory/oxygen-concentrators');
    await page.locator('main article h2 a').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // An oxygen concentrator carries its HCPCS code among its specifications.
    await page.getByRole('tab', { name: 'Specifications' }).click();
    await expect(page.getByRole('rowheader', { name: 'HCPCS code' })).toBeVisible();
    await expect(page.getByRole('tabpanel')).toContainText(/HCPCS code\s*E139[02]/);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('keyboard only', () => {
  test('reaches a product from the menu and opens a subcategory dropdown', async ({ page, isMobile }) => {
    test.skip(isMobile, 'the desktop menu is hidden on narrow screens');
    await page.goto('/');
    const menuButton = page.getByRole('button', { name: 'Respiratory subcategories' });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Oxygen Concentrators' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menuButton).toBeFocused();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/category\/respiratory\/oxygen-concentrators$/);
  });
});

test.describe('mouse', () => {
  test('a category dropdown opens on hover and closes when the pointer leaves', async ({
    page,
    isMobile,
  }) => {
    test.skip(isMobile, 'the desktop menu is hidden on narrow screens; touch keeps to the button');
    await page.goto('/');
    await cartReady(page);
    const menu = page.getByRole('navigation', { name: 'Categories' });
    const mobility = menu.getByRole('button', { name: 'Mobility subcategories' });
    const respiratory = menu.getByRole('button', { name: 'Respiratory subcategories' });

    await menu.getByRole('link', { name: 'Mobility', exact: true }).hover();
    await expect(mobility).toHaveAttribute('aria-expanded', 'true');
    // Down into the dropdown (across the gap below the bar): it stays open.
    await menu.getByRole('link', { name: 'Wheelchairs' }).hover();
    await expect(mobility).toHaveAttribute('aria-expanded', 'true');
    // Along the bar: the next category's dropdown takes its place.
    await menu.getByRole('link', { name: 'Respiratory', exact: true }).hover();
    await expect(respiratory).toHaveAttribute('aria-expanded', 'true');
    await expect(mobility).toHaveAttribute('aria-expanded', 'false');
    // Away from the menu: it closes.
    await page.getByRole('heading', { level: 2, name: 'Featured Products' }).hover();
    await expect(respiratory).toHaveAttribute('aria-expanded', 'false');
    await expect(menu.getByRole('link', { name: 'Oxygen Concentrators' })).toBeHidden();

    // The keyboard still opens and closes it with the button.
    await respiratory.focus();
    await page.keyboard.press('Enter');
    await expect(respiratory).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(respiratory).toHaveAttribute('aria-expanded', 'false');
    await expect(respiratory).toBeFocused();
  });
});

test('the product page carries structured data for search engines', async ({ page }) => {
  await page.goto('/category/mobility/wheelchairs');
  await page.locator('main article h2 a').first().click();
  const json = await page.locator('script[type="application/ld+json"]').textContent();
  const [product, breadcrumbs] = JSON.parse(json!) as [Record<string, unknown>, Record<string, unknown>];
  expect(product).toMatchObject({ '@type': 'Product', offers: { priceCurrency: 'USD' } });
  expect(breadcrumbs['@type']).toBe('BreadcrumbList');
});
