import { SITE_PAGES } from '../../app/lib/site-pages';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, test } from './support/fixtures';

test.describe('content pages', () => {
  for (const { path } of SITE_PAGES) {
    test(`${path} answers 200 with its heading and no serious accessibility violations`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toHaveCount(1);
      await expect(heading).toBeVisible();
      await expect(heading).not.toBeEmpty();
      await expect(page).toHaveTitle(/MediSupply$/);
      await expectNoSeriousA11yViolations(page);
    });
  }

  test('the FAQ opens and closes with the keyboard', async ({ page }) => {
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
    const questions = page.locator('main details');
    await expect(questions).toHaveCount(5);

    const first = questions.first();
    const summary = first.locator('summary');
    const answer = first.getByText('Find a product by browsing a category', { exact: false });
    await expect(answer).toBeHidden();

    // From the start of the page content: the breadcrumb's Home link, then the first question.
    await page.getByRole('main').focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(summary).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('open', '');
    await expect(answer).toBeVisible();
    await page.keyboard.press('Space');
    await expect(first).not.toHaveAttribute('open', '');
    await expect(answer).toBeHidden();

    // The next question is one Tab away and opens with Space.
    await page.keyboard.press('Tab');
    await expect(questions.nth(1).locator('summary')).toBeFocused();
    await page.keyboard.press('Space');
    await expect(questions.nth(1)).toHaveAttribute('open', '');
  });
});
