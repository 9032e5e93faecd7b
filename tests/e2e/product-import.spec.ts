import { expectNoSeriousA11yViolations } from './support/axe';
import { ownClientAddress } from './support/client-address';
import { expect, test } from './support/fixtures';
import { confirmedAccount, signIn } from './support/shop';
import { makeStaff } from './support/staff-role';

const csvFile = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

test('staff export the catalogue, then import a CSV: a dry run lists each change, and one click writes it', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const staff = await context.newPage();
  await ownClientAddress(staff);
  const member = await confirmedAccount(request, baseURL!);
  await signIn(staff, member);
  makeStaff(member.email);
  // Both projects share the store: each imports an SKU of its own.
  const sku = `E2E-${testInfo.project.name.toUpperCase()}-${Date.now()}`;

  await staff.goto('/admin/products');
  const download = staff.waitForEvent('download');
  await staff.getByRole('link', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);

  await staff.getByRole('link', { name: 'Import CSV' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Import products' })).toBeVisible();
  await expectNoSeriousA11yViolations(staff);

  // A file with a bad row: the dry run names its line and offers no write.
  await staff
    .getByLabel('CSV file (up to 15 MB)')
    .setInputFiles(csvFile('bad.csv', `SKU,Price\n${sku},12.505\n`));
  await staff.getByRole('button', { name: 'Check the file (dry run)' }).click();
  await expect(staff.getByRole('alert')).toContainText('1 row is refused');
  const refused = staff.getByRole('region', { name: 'Refused rows' });
  await expect(refused.getByRole('row', { name: /^2 / })).toContainText('Enter the price in dollars');
  await expect(staff.getByRole('button', { name: 'Write these changes' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(staff);

  // A good file: the product to create, then written by the keyboard.
  const header = 'sku,name,brand,category,subcategory,price,stock,published,description';
  await staff
    .getByLabel('CSV file (up to 15 MB)')
    .setInputFiles(
      csvFile(
        'new.csv',
        `${header}\n${sku},Imported Rollator,Acme Mobility,mobility,walkers,149.00,4,yes,"A rollator imported from a spreadsheet by the end-to-end test."\n`,
      ),
    );
  await staff.getByRole('button', { name: 'Check the file (dry run)' }).click();
  await expect(staff.getByRole('status')).toContainText('Dry run done: nothing is written yet.');
  await expect(staff.getByRole('region', { name: 'Products to create' })).toContainText(sku);
  await expectNoSeriousA11yViolations(staff);
  const write = staff.getByRole('button', { name: 'Write these changes' });
  await write.focus();
  await staff.keyboard.press('Enter');
  await expect(staff.getByRole('status')).toContainText('Import written: 1 created, 0 updated, 0 unchanged.');

  // Its price changed by a second file: the dry run shows old and new.
  await staff
    .getByLabel('CSV file (up to 15 MB)')
    .setInputFiles(csvFile('price.csv', `sku,price\n${sku},139.5\n`));
  await staff.getByRole('button', { name: 'Check the file (dry run)' }).click();
  await expect(staff.getByRole('region', { name: 'Products to update' })).toContainText(
    'price: 149.00 → 139.50',
  );
  await staff.getByRole('button', { name: 'Write these changes' }).click();
  await expect(staff.getByRole('status')).toContainText('Import written: 0 created, 1 updated, 0 unchanged.');
  await expectNoSeriousA11yViolations(staff);

  await staff.goto(`/admin/products?q=${sku}`);
  await expect(staff.getByRole('link', { name: 'Imported Rollator' })).toBeVisible();
  await expect(staff.getByRole('main')).toContainText('$139.50');
  await context.close();
});
