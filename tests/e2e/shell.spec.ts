import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, test } from './support/fixtures';

test.describe('the page shell', () => {
  test('home has its landmarks, title and a skip link that is the first stop', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/MediSupply/);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Account and cart' })).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByRole('banner').getByText('Free shipping on orders of $499 or more')).toBeVisible();

    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await expectNoSeriousA11yViolations(page);
  });

  test('an unknown path answers 404 with a working link home', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Quality medical equipment for home and clinic',
    );
  });
});

test.describe('theme', () => {
  test.use({ colorScheme: 'dark' });

  const darkBackground = 'rgb(11, 18, 32)';

  test('follows a dark system setting from the first paint', async ({ page }) => {
    // Record the theme and background at the moment the body is first parsed, before any
    // module script has run: that is what the first paint shows.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        const html = document.documentElement;
        (window as unknown as { firstPaint: object }).firstPaint = {
          theme: html.dataset.theme,
          background: getComputedStyle(html).backgroundColor,
        };
      });
    });
    await page.goto('/');
    const firstPaint = await page.evaluate(() => (window as unknown as { firstPaint: object }).firstPaint);
    expect(firstPaint).toEqual({ theme: 'dark', background: darkBackground });
    await expectNoSeriousA11yViolations(page);
  });

  test('is dark without JavaScript too', async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'dark', javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(background).toBe(darkBackground);
    await context.close();
  });

  test('a chosen theme is kept across pages and reloads', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Dark theme' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'false');
  });
});
