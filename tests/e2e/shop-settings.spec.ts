import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isPurchasable } from '../../app/commerce/catalogue/catalog';
import { SEED_PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import { freePort } from '../support/free-port';
import { type ServerProcess, startServerProcess } from '../support/server-process';
import { expectNoSeriousA11yViolations } from './support/axe';
import { newConsoleAdmin } from './support/console-admin';
import { expect, test } from './support/fixtures';

/** A $300-ish parcel product: over the new $299 threshold, under the seeded $499. */
const MID_PRICED = SEED_PRODUCTS.find(
  (p) => isPurchasable(p.stock) && !p.freightOnly && p.price >= 29_900 && p.price < 49_900 && p.onHand > 2,
)!;

/**
 * An admin moves the free-shipping threshold to $299 (docs/decisions/0051): the header says so
 * and a cart over $299 ships free. The store of its own: the suite's shared server quotes $499
 * to every other spec.
 */
test('an admin sets free shipping from $299 and the shop follows', async ({ browser }) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'store-e2e-settings-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let server: ServerProcess | undefined;
  try {
    server = await startServerProcess({
      PORT: String(port),
      APP_URL: origin,
      DATABASE_URL: `file:${path.join(dir, 'store.db')}`,
      DATA_DIR: dir,
      REQUIRE_EMAIL_VERIFICATION: 'false',
    });
    const { context, admin } = await newConsoleAdmin(browser, origin, dir);
    await admin.goto('/admin/shipping-tax');
    const standard = admin.getByRole('region', { name: /^Standard \(standard\)/ });
    await standard.getByLabel('Free from (whole dollars, empty for never)').fill('299');
    await standard.getByRole('button', { name: 'Save Standard' }).click();
    await expect(admin.getByRole('status')).toHaveText('Standard saved.');
    await expectNoSeriousA11yViolations(admin);

    const shopper = await browser.newContext({ baseURL: origin });
    const page = await shopper.newPage();
    await page.goto('/');
    await expect(page.getByRole('banner')).toContainText('Free shipping on orders of $299 or more');
    await page.goto(`/product/${MID_PRICED.id}`);
    await page.getByRole('main').getByRole('button', { name: 'Add to Cart' }).click();
    await page.goto('/cart');
    const shipping = page.getByRole('group', { name: 'Shipping' });
    await expect(shipping.getByRole('radio', { name: /Standard/ })).toBeVisible();
    await expect(shipping).toContainText('Free');
    await expectNoSeriousA11yViolations(page);
    await shopper.close();
    await context.close();
  } finally {
    server?.child.kill('SIGTERM');
    await server?.exited;
    rmSync(dir, { recursive: true, force: true });
  }
});
