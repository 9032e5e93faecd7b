import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { ownClientAddress } from './support/client-address';
import { expect, test } from './support/fixtures';
import { cartReady, confirmedAccount, paidOrder, signIn } from './support/shop';
import { makeStaff } from './support/staff-role';

/** One product per project: desktop and mobile run at once, and each checks its own figures. */
const REVIEWED = {
  desktop: { id: 'long-handled-shoe-horn-24-inch', name: 'Long-Handled Shoe Horn, 24 in' },
  mobile: { id: 'scoop-plate-with-suction-base', name: 'Scoop Plate with Suction Base' },
};

/** Staff ship and deliver it through the console's order forms (posted as the page posts them). */
async function deliver(staff: Page, baseURL: string, reference: string) {
  const headers = { Origin: new URL(baseURL).origin };
  const forms: Record<string, string>[] = [
    { intent: 'ship', carrier: 'ups', trackingNumber: '1Z999AA10123456784' },
    { intent: 'deliver' },
  ];
  for (const form of forms) {
    const answer = await staff.request.post(`/admin/orders/${reference}`, { form, headers });
    expect(answer.status(), form.intent).toBe(200);
  }
}

test('a buyer reviews what was delivered, staff publish it, and the product page shows it as a verified purchase', async ({
  browser,
  page,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const product = REVIEWED[testInfo.project.name as keyof typeof REVIEWED];
  const buyer = await confirmedAccount(request, baseURL!);
  await signIn(page, buyer);
  const reference = await paidOrder(page, baseURL!, buyer.email, product.id);

  // A member of staff, in a browser of their own.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await ownClientAddress(staff);
  const member = await confirmedAccount(request, baseURL!);
  await signIn(staff, member);
  makeStaff(member.email);
  await deliver(staff, baseURL!, reference);

  // The order history leads to the order, whose line offers a review.
  await page.goto('/account');
  await page.getByRole('link', { name: `Order ${reference}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${reference}` })).toBeVisible();
  const write = page.getByRole('link', { name: `Write a review of ${product.name}`, exact: true });
  await expect(write).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await write.click();
  await expect(page.getByRole('heading', { level: 1, name: `Review ${product.name}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Sent empty, by the keyboard: each field says what it needs, and the rating takes focus.
  const send = page.getByRole('button', { name: 'Send review' });
  await send.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Choose a rating from 1 to 5 stars.')).toBeVisible();
  await expect(page.getByText('Write your review: what you liked, and what you did not.')).toBeVisible();
  const best = page.getByRole('radio', { name: '5 stars: Excellent' });
  await expect(best).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  // Filled in by the keyboard alone.
  await page.keyboard.press('Space');
  await expect(best).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Title (optional)')).toBeFocused();
  await page.keyboard.type('Saves my back every morning');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Your review')).toBeFocused();
  const text = `Long enough that I do not bend at all. (${testInfo.project.name})`;
  await page.keyboard.type(text);
  await page.keyboard.press('Tab');
  await expect(send).toBeFocused();
  await page.keyboard.press('Enter');
  const thanks = page.getByText('Thank you. Your review will appear once it has been checked.');
  await expect(thanks).toBeVisible();
  await expect(thanks).toBeFocused();
  await expect(
    page.getByText('Your review will appear once it has been checked.', { exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole('link', { name: `Edit your review of ${product.name}`, exact: true }),
  ).toBeVisible();

  // Staff find it waiting, and publish it.
  await staff.goto('/admin');
  await staff.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Reviews' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  const item = staff.getByRole('article').filter({ hasText: text });
  await expect(item.getByRole('heading', { name: product.name })).toBeVisible();
  await expect(item).toContainText('Rated 5 out of 5');
  await expect(item).toContainText(`By Cara · order ${reference}`);
  await expectNoSeriousA11yViolations(staff);
  await item.getByRole('button', { name: `Publish Cara’s review of ${product.name}` }).click();
  await expect(
    staff
      .getByRole('status')
      .filter({ hasText: `Published: Cara’s review of ${product.name} is on the product page.` }),
  ).toBeVisible();
  await expect(staff.getByRole('article').filter({ hasText: text })).toHaveCount(0);

  // The product page: its figures are the review's, and the Reviews tab shows it.
  await page.goto(`/product/${product.id}`);
  // The tabs answer the keyboard once the page is interactive (the bought line left the cart).
  await cartReady(page, 0);
  const main = page.getByRole('main');
  await expect(main.getByRole('img', { name: 'Rated 5 out of 5 (1 review)' }).first()).toBeVisible();
  const features = main.getByRole('tab', { name: 'Features' });
  await features.focus();
  await page.keyboard.press('End');
  const reviewsTab = main.getByRole('tab', { name: 'Reviews' });
  await expect(reviewsTab).toHaveAttribute('aria-selected', 'true');
  const panel = main.getByRole('tabpanel', { name: 'Reviews' });
  await expect(panel.getByRole('heading', { name: 'Customer reviews' })).toBeVisible();
  await expect(panel).toContainText('Average 5 out of 5 from 1 review');
  await expect(panel.getByRole('heading', { name: 'Saves my back every morning' })).toBeVisible();
  await expect(panel).toContainText(text);
  await expect(panel).toContainText('Cara T.');
  await expect(panel.getByText('Verified purchase')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A visitor without an account gets the same (the cached page was dropped on publishing).
  const anonymous = await fetch(`${baseURL}/product/${product.id}`);
  expect(await anonymous.text()).toContain('Verified purchase');

  // 150 % text on a 320 px screen, in the wider fallback font: nothing new scrolls sideways (on
  // the order page, its lines with their review links; the details above them are older).
  const pages: [Page, string, string][] = [
    [page, `/account/orders/${reference}`, 'table'],
    [page, `/account/orders/${reference}/review/${product.id}`, 'body'],
    [page, `/product/${product.id}/reviews`, 'body'],
    [staff, '/admin/reviews?status=published', 'body'],
  ];
  for (const [who, path, selector] of pages) {
    await who.addInitScript(() => localStorage.setItem('textSize', '150'));
    await who.route(/\.woff2$/, (route) => route.fulfill({ status: 404, body: '' }));
    await who.setViewportSize({ width: 320, height: 800 });
    await who.goto(path);
    await expect(who.locator('html')).toHaveAttribute('data-text-size', '150');
    const overflow = await who
      .locator(selector)
      .evaluate((element) => element.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  await staffContext.close();
});
