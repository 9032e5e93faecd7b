import { expect, test } from './support/fixtures';
import { accountNav, cartReady, confirmedAccount, signIn } from './support/shop';

/**
 * A signed-in shopper's catalogue pages come from the page cache with their name spliced in
 * (docs/decisions/0029): the page must hydrate without a mismatch (the fixture fails on any
 * console error) and show the name exactly, however odd, as text.
 */
test('a signed-in shopper with an unusual name gets cached pages that hydrate and show it as text', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const name = `Zoë "</script><script>window.__owned=1</script>" O'Brien & Ünal 😀`;
  const account = await confirmedAccount(request, baseURL!, name);
  await signIn(page, account);
  const greeting =
    testInfo.project.name === 'mobile'
      ? page.getByRole('banner').getByText(`Hi, ${name}`, { exact: true }).first()
      : accountNav(page).getByText(`Hi, ${name}`, { exact: true });

  // The first visit makes the cached page; the reload is answered from it.
  await page.goto('/category/mobility');
  await cartReady(page);
  await page.reload();
  await cartReady(page);
  await expect(greeting).toBeVisible();
  expect(await page.evaluate(() => (window as { __owned?: number }).__owned)).toBeUndefined();

  // Into a product page by a link (the browser's router), then back to a cached page by load.
  await page.getByRole('main').locator('a[href^="/product/"]').first().click();
  await expect(page).toHaveURL(/\/product\//);
  await expect(greeting).toBeVisible();
  await page.goto('/search?q=walker');
  await cartReady(page);
  await expect(greeting).toBeVisible();
  await expect(accountNav(page).getByRole('link', { name: 'My Account' })).toBeVisible();
});
