import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { cartReady } from './support/shop';

const PAGES = [
  '/',
  '/category/mobility/wheelchairs?weight=280&door=28',
  '/category/mobility?view=list',
  '/product/cruiser-iii-lightweight-wheelchair',
  '/search?q=walker',
  '/cart',
  '/login',
  '/contact',
  '/shipping',
  '/faq',
  '/accessibility',
];

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test.describe('display preferences', () => {
  test('text size and high contrast: linked from the header of every page, kept on the device, applied before the first paint', async ({
    page,
  }) => {
    await page.goto('/');
    await cartReady(page);
    const root = page.locator('html');
    // Linked from the header of every page, followed by keyboard.
    await page.getByRole('banner').getByRole('link', { name: 'Text size and contrast' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/accessibility#display$/);
    const display = page.getByRole('region', { name: 'Text size and contrast' });
    await display.getByRole('radio', { name: '150 %' }).check();
    await expect(root).toHaveAttribute('data-text-size', '150');
    await display.getByRole('checkbox', { name: 'High contrast' }).check();
    await expect(root).toHaveAttribute('data-contrast', 'high');
    await expectNoSeriousA11yViolations(page);

    // Every later page, from its first paint: the page cut right after its <head> (no body, no
    // module script) is already at 150 % and in high contrast, set by the inline boot script.
    await page.route('**/category/mobility', async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      const head = html.slice(0, html.indexOf('</head>'));
      await route.fulfill({ response, body: `${head}</head><body><p>First paint</p></body></html>` });
    });
    await page.goto('/category/mobility');
    await expect(page.getByText('First paint')).toBeVisible();
    await expect(root).toHaveAttribute('data-text-size', '150');
    await expect(root).toHaveAttribute('data-contrast', 'high');
    const fontSize = await page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
    expect(fontSize).toBe('24px');
    await page.unroute('**/category/mobility');

    // High contrast in the dark theme too; back to 100 %.
    await page.goto('/accessibility');
    await cartReady(page);
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await expect(root).toHaveAttribute('data-theme', 'dark');
    const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(background).toBe('rgb(0, 0, 0)');
    await expectNoSeriousA11yViolations(page);
    await expect(display.getByRole('checkbox', { name: 'High contrast' })).toBeChecked();
    await display.getByRole('radio', { name: '100 %' }).check();
    await expect(root).not.toHaveAttribute('data-text-size', /.*/);
  });

  for (const width of [375, 320]) {
    test(`150 % text at ${width} px: no page scrolls sideways`, async ({ page }) => {
      await page.addInitScript(() => localStorage.setItem('textSize', '150'));
      // The worst case: the site's font is optional, and a slow phone shows the wider fallback.
      await page.route(/\.woff2$/, (route) => route.fulfill({ status: 404, body: '' }));
      await page.setViewportSize({ width, height: 800 });
      for (const path of PAGES) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('data-text-size', '150');
        expect(await horizontalOverflow(page), path).toBeLessThanOrEqual(0);
      }
    });
  }
});
