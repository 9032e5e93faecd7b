import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { cartReady, toast } from './support/shop';

const CRUISER = {
  id: 'cruiser-iii-lightweight-wheelchair',
  name: 'Drive Medical Cruiser III Lightweight Wheelchair, 18 in. Seat',
};
const MEDLINE = {
  id: 'medline-excel-k1-basic-wheelchair-18',
  name: 'Medline Excel K1 Basic Wheelchair, 18 in. Seat',
};
const TRACER = {
  id: 'invacare-tracer-sx5-wheelchair-18',
  name: 'Invacare Tracer SX5 Wheelchair, 18 in. Seat',
};
const SENTRA = {
  id: 'sentra-ec-heavy-duty-bariatric-wheelchair-22',
  name: 'Drive Medical Sentra EC Heavy-Duty Wheelchair, 22 in. Seat',
};
const EVEREST = { id: 'everest-jennings-traveler-hd-wheelchair-20' };

const WHEELCHAIRS = '/category/mobility/wheelchairs';

/** A product's Compare checkbox, once its code has arrived (disabled until then). */
async function compareBox(page: Page, name: string): Promise<Locator> {
  const box = page.getByRole('main').getByRole('checkbox', { name: `Compare ${name}`, exact: true });
  await expect(box).toBeEnabled();
  return box;
}

/** Presses Space on the checkbox, as a keyboard user does. */
async function toggleByKeyboard(page: Page, name: string) {
  const box = await compareBox(page, name);
  await box.focus();
  await page.keyboard.press('Space');
}

const tray = (page: Page) => page.getByRole('region', { name: /^Products to compare/ });

/**
 * axe, with nothing laid over the page. A toast or the tray, which stays at the bottom of the
 * window, covers whatever scrolls under it, and axe's target-size rule then counts a covered link
 * as too small: scanned once the toasts are gone, where the tray rests (after the footer, at the
 * end of the page). Keyboard focus is kept clear of the tray by the page's scroll padding.
 */
async function scan(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expectNoSeriousA11yViolations(page);
}

/** The values of a row of the comparison, by the row's name ("Seat width", with "Differs" when marked). */
const rowValues = (page: Page, rowName: string) =>
  page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: rowName, exact: true }) })
    .getByRole('cell');

test.describe('compare', () => {
  test('three products chosen from cards and a product page, side by side, by keyboard only', async ({
    page,
  }) => {
    await page.goto(WHEELCHAIRS);
    await cartReady(page);
    await toggleByKeyboard(page, CRUISER.name);
    await expect(await compareBox(page, CRUISER.name)).toBeChecked();
    await expect(toast(page, 'Added to compare')).toBeVisible();
    await toggleByKeyboard(page, MEDLINE.name);
    await expect(await compareBox(page, MEDLINE.name)).toBeChecked();
    await expect(tray(page)).toHaveAccessibleName('Products to compare: 2 of 4');

    // The third from its own page; the first two are remembered on the device.
    await page.goto(`/product/${SENTRA.id}`);
    await cartReady(page);
    await toggleByKeyboard(page, SENTRA.name);
    await expect(await compareBox(page, SENTRA.name)).toBeChecked();
    const compareLink = tray(page).getByRole('link', { name: 'Compare 3 products' });
    await compareLink.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/compare?ids=${CRUISER.id},${MEDLINE.id},${SENTRA.id}`);
    await expect(page).toHaveTitle(/^Compare products/);

    const table = page.getByRole('table', { name: /^Comparison of/ });
    await expect(table.getByRole('columnheader')).toHaveText([CRUISER.name, MEDLINE.name, SENTRA.name]);
    // Aligned by specification, the differences said in words, a figure a maker does not publish never guessed.
    await expect(rowValues(page, 'Maximum user weight Differs')).toHaveText(['300 lb', '300 lb', '450 lb']);
    await expect(rowValues(page, 'Seat width Differs')).toHaveText(['18 in.', '18 in.', '22 in.']);
    await expect(rowValues(page, 'Seat height')).toHaveText(['19.5 in.', '19.5 in.', '19.5 in.']);
    await expect(rowValues(page, 'Width folded')).toHaveText(['12 in.', 'Not listed', 'Not listed']);
    await scan(page);

    const onlyDifferences = page.getByRole('checkbox', { name: 'Show only differences' });
    await onlyDifferences.focus();
    await page.keyboard.press('Space');
    await expect(page.getByRole('rowheader', { name: 'Seat height', exact: true })).toHaveCount(0);
    await expect(rowValues(page, 'Maximum user weight Differs')).toHaveCount(3);

    // Remove one: the page and the device forget it, focus stays on the table's Remove buttons.
    const removeMedline = page.getByRole('button', { name: `Remove ${MEDLINE.name} from comparison` });
    await removeMedline.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/compare?ids=${CRUISER.id},${SENTRA.id}`);
    await expect(table.getByRole('columnheader')).toHaveText([CRUISER.name, SENTRA.name]);
    await expect(page.getByRole('button', { name: `Remove ${SENTRA.name} from comparison` })).toBeFocused();

    // The list view's cards have the same checkbox.
    await page.goto(`${WHEELCHAIRS}?view=list`);
    await cartReady(page);
    await expect(await compareBox(page, MEDLINE.name)).not.toBeChecked();
    await expect(await compareBox(page, CRUISER.name)).toBeChecked();
  });

  test('at most four: a fifth is refused and nothing changes; the tray removes', async ({ page }) => {
    await page.goto(WHEELCHAIRS);
    await cartReady(page);
    for (const product of [CRUISER, MEDLINE, TRACER, SENTRA]) {
      await toggleByKeyboard(page, product.name);
    }
    await expect(tray(page)).toHaveAccessibleName('Products to compare: 4 of 4');

    const fifth = page.locator(`article:has(a[href="/product/${EVEREST.id}"])`).getByRole('checkbox');
    await expect(fifth).toBeEnabled();
    await fifth.focus();
    await page.keyboard.press('Space');
    await expect(toast(page, 'You can compare up to 4 products')).toBeVisible();
    await expect(fifth).not.toBeChecked();
    await expect(tray(page)).toHaveAccessibleName('Products to compare: 4 of 4');
    const stored = await page.evaluate(() => localStorage.getItem('compareProducts'));
    expect(JSON.parse(stored ?? '[]')).toHaveLength(4);

    // Out of the tray: its list opens on demand.
    const showList = tray(page).getByRole('button', { name: 'Show list' });
    await showList.focus();
    await page.keyboard.press('Enter');
    const removeTracer = tray(page).getByRole('button', { name: `Remove ${TRACER.name} from comparison` });
    await removeTracer.focus();
    await page.keyboard.press('Enter');
    await expect(tray(page)).toHaveAccessibleName('Products to compare: 3 of 4');
    await expect(await compareBox(page, TRACER.name)).not.toBeChecked();
    await scan(page);
  });

  test('the page from an address alone: unknown ids told, nothing chosen told, the device fills an empty address', async ({
    page,
  }) => {
    const response = await page.goto(`/compare?ids=${CRUISER.id},no-such-product,<script>,${MEDLINE.id}`);
    expect(response?.status()).toBe(200);
    await expect(
      page.getByText('2 products in this link could not be found, so they are not shown.'),
    ).toBeVisible();
    await expect(page.getByRole('table').getByRole('columnheader')).toHaveText([CRUISER.name, MEDLINE.name]);
    await cartReady(page);
    // A shared link fills an empty selection, so the shopper can go on from it.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('compareProducts')))
      .toContain(MEDLINE.id);
    const five = [CRUISER, MEDLINE, TRACER, SENTRA, EVEREST].map((p) => p.id).join(',');
    await page.goto(`/compare?ids=${five}`);
    await expect(page.getByText('At most 4 products can be compared')).toBeVisible();
    await expect(page.getByRole('table').getByRole('columnheader')).toHaveCount(4);
    await cartReady(page);
    await page.evaluate(() => localStorage.removeItem('compareProducts'));

    await page.goto('/compare');
    await cartReady(page);
    await expect(page.getByRole('heading', { level: 2, name: 'No products to compare yet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse Products' })).toHaveAttribute(
      'href',
      '/category/all',
    );
    await scan(page);

    await page.evaluate(
      (product) => localStorage.setItem('compareProducts', JSON.stringify([product])),
      SENTRA,
    );
    await page.goto('/compare');
    await expect(page).toHaveURL(`/compare?ids=${SENTRA.id}`);
    await expect(page.getByRole('table').getByRole('columnheader')).toHaveText([SENTRA.name]);
  });

  for (const width of [320, 375]) {
    test(`four products at ${width} px with 150 % text: the page never scrolls sideways`, async ({
      page,
    }) => {
      await page.addInitScript(() => localStorage.setItem('textSize', '150'));
      await page.route(/\.woff2$/, (route) => route.fulfill({ status: 404, body: '' }));
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/compare?ids=${[CRUISER, MEDLINE, TRACER, SENTRA].map((p) => p.id).join(',')}`);
      await cartReady(page);
      await expect(page.locator('html')).toHaveAttribute('data-text-size', '150');
      const overflow = () =>
        page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(await overflow()).toBeLessThanOrEqual(0);
      // The table scrolls inside its own labelled region, which the keyboard can reach.
      const region = page.getByRole('region', { name: /^Comparison of/ });
      await region.focus();
      await expect(region).toBeFocused();
      // Pressed again until it moves: a press before the table is laid out wider than the region
      // (its pictures still arriving on a loaded machine) has nothing to scroll.
      await expect
        .poll(async () => {
          await page.keyboard.press('ArrowRight');
          return region.evaluate((el) => el.scrollLeft);
        })
        .toBeGreaterThan(0);
      await expect(region).toBeFocused();
      await scan(page);

      // A listing with the tray showing.
      await page.goto(WHEELCHAIRS);
      await cartReady(page);
      await expect(tray(page)).toBeVisible();
      expect(await overflow()).toBeLessThanOrEqual(0);
    });
  }
});
