import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { newConsoleAdmin } from './support/console-admin';
import { expect, test } from './support/fixtures';
import { confirmedAccount, paidOrder, signIn } from './support/shop';

interface Box {
  text: string | null;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/**
 * Every text the chart shows at this width lies inside the picture and clear of every other
 * text (a label hidden by the container query has no box and is skipped), at 14 px or more.
 */
async function expectReadableLabels(chart: Locator) {
  const { frame, labels, smallest } = await chart.evaluate((svg) => {
    const box = (node: Element, text: string | null) => {
      const r = node.getBoundingClientRect();
      return { text, left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    };
    const shown = [...svg.querySelectorAll('text')].filter((t) => t.getBoundingClientRect().width > 0);
    return {
      frame: box(svg, null),
      labels: shown.map((t) => box(t, t.textContent)),
      smallest: Math.min(...shown.map((t) => parseFloat(getComputedStyle(t).fontSize))),
    };
  });
  expect(labels.length).toBeGreaterThan(2);
  expect(smallest).toBeGreaterThanOrEqual(14);
  const outside = labels.filter(
    (l) =>
      l.left < frame.left - 2 ||
      l.right > frame.right + 2 ||
      l.top < frame.top - 2 ||
      l.bottom > frame.bottom + 2,
  );
  expect(outside, 'labels outside the chart').toEqual([]);
  const apart = (a: Box, b: Box) =>
    a.right <= b.left + 1 || b.right <= a.left + 1 || a.bottom <= b.top + 1 || b.bottom <= a.top + 1;
  const clashes = labels.flatMap((a, i) =>
    labels
      .slice(i + 1)
      .filter((b) => !apart(a, b))
      .map((b) => [a, b]),
  );
  expect(clashes, 'labels on top of each other').toEqual([]);
}

/** As wide as the project's screen, then as 1280 px at 200 % and at 400 % zoom lay it out. */
async function atEveryWidth(page: Page, check: () => Promise<void>) {
  const own = page.viewportSize()!;
  for (const width of [own.width, 640, 320].filter((w) => w <= own.width)) {
    await page.setViewportSize({ width, height: own.height });
    await check();
  }
  await page.setViewportSize(own);
}

test('the dashboard and the reports draw charts people read: axes, ticks, values, a table, any width, dark theme', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // A sale today, so the dashboard and the reports have a column and a bar to draw.
  const shopper = await confirmedAccount(request, baseURL!);
  await signIn(page, shopper);
  await paidOrder(page, baseURL!, shopper.email, 'medline-aluminum-offset-handle-cane');
  const { context, admin } = await newConsoleAdmin(browser, baseURL!);

  await admin.goto('/admin');
  const revenue = admin.getByRole('img', { name: /^Revenue by day, last 30 days: revenue by day from / });
  await expect(revenue).toBeVisible();
  await expect(revenue).toHaveAccessibleName(
    /Total \$[\d,]+\.\d\d; highest \$[\d,]+\.\d\d, \w{3} \d+, \d{4}\.$/,
  );
  await expect(revenue.locator('text.tick').first()).toHaveText('$0');
  expect(await revenue.locator('rect.bar').count()).toBeGreaterThan(0);
  await atEveryWidth(admin, () => expectReadableLabels(revenue));
  // The figures, for a screen reader and anyone who wants them: one row a day.
  await admin.getByText('Revenue by day, last 30 days as a table').click();
  const table = admin.getByRole('table', { name: 'Revenue by day, last 30 days' });
  await expect(table.getByRole('row')).toHaveCount(31);
  await expectNoSeriousA11yViolations(admin);

  // In the dark theme the chart takes the theme's colours (and axe checks the contrast).
  await admin.emulateMedia({ colorScheme: 'dark' });
  await admin.reload();
  const colours = await revenue.evaluate((svg) => ({
    bar: getComputedStyle(svg.querySelector('rect.bar')!).fill,
    text: getComputedStyle(svg.querySelector('text')!).fill,
    brand: getComputedStyle(document.documentElement).getPropertyValue('--color-brand').trim(),
  }));
  expect(colours.brand).toBe('#60a5fa');
  expect(colours).toMatchObject({ bar: 'rgb(96, 165, 250)', text: 'rgb(226, 232, 240)' });
  await expectNoSeriousA11yViolations(admin);
  await admin.emulateMedia({ colorScheme: 'light' });

  // Top products: one bar a product, its value and name written above it.
  await admin.goto('/admin/reports?report=products');
  const products = admin.getByRole('img', { name: /^Top products, .*: revenue by product for \d+ rows?\./ });
  await expect(products).toBeVisible();
  await expect(products.getByText('Medline Aluminum Offset Handle Cane', { exact: false })).toHaveCount(1);
  await atEveryWidth(admin, () => expectReadableLabels(products));
  await expectNoSeriousA11yViolations(admin);

  // Sales by month: columns with month names under them, and the table below.
  await admin.goto('/admin/reports?report=sales&by=month');
  const months = admin.getByRole('img', { name: /^Sales, .*: revenue by month from / });
  await expect(months).toBeVisible();
  await atEveryWidth(admin, () => expectReadableLabels(months));
  await expect(admin.getByRole('table', { name: /^Sales, / }).getByRole('columnheader')).toHaveText([
    'Month',
    'Orders',
    'Revenue',
    'Refunded',
    'Discounts',
  ]);
  await expectNoSeriousA11yViolations(admin);

  // Drawn on the server: a browser without scripts sees the same chart.
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await context.storageState(),
  });
  const plain = await noScript.newPage();
  await plain.goto('/admin');
  await expect(plain.getByRole('img', { name: /^Revenue by day, last 30 days: / })).toBeVisible();
  await expect(plain.locator('svg.chart rect.bar').first()).toBeVisible();
  await noScript.close();
  await context.close();
});
