import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { prescriptionPdf } from '../support/prescription-files';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { signedInStaff, verifyCertificate } from './support/organisation-steps';
import { confirmedAccount, signIn } from './support/shop';

/**
 * Makes the account the admin of a new approved organisation in the e2e store's SQLite file
 * (applying and approving are the organisations part's pages).
 */
function organisationAdmin(email: string): string {
  const db = new Database(path.join(process.env.E2E_DATA_DIR ?? '', 'store.db'));
  try {
    const id = randomUUID();
    const name = `Lakeside Clinic ${id.slice(0, 4)}`;
    const user = db.prepare(`select id from "user" where email = ?`).get(email) as { id: string };
    const now = Date.now();
    db.prepare(
      `insert into organisations (id, name, kind, line1, city, state, zip, status, applied_by, created_at, updated_at)
       values (?, ?, 'clinic', '12 Lake Street', 'Chicago', 'IL', '60601', 'approved', ?, ?, ?)`,
    ).run(id, name, user.id, now, now);
    db.prepare(
      `insert into organisation_members (organisation_id, user_id, role, added_at) values (?, ?, 'admin', ?)`,
    ).run(id, user.id, now);
    return name;
  } finally {
    db.close();
  }
}

test('an organisation admin uploads a certificate without errors for assistive technology, and staff verify it', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await confirmedAccount(request, baseURL!);
  await signIn(page, admin);
  const name = organisationAdmin(admin.email);

  await page.goto('/account/organisation/tax-exemption');
  await expect(page.getByRole('heading', { level: 1, name: 'Tax exemption' })).toBeVisible();
  await expect(page.getByText('No certificates yet.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // Nothing chosen: each field says what it needs, and nothing is kept.
  await page.getByRole('button', { name: 'Upload certificate' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'The certificate was not uploaded: please correct what is marked.',
  );
  await expect(page.getByText('Choose the state the certificate is for')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('State').selectOption({ label: 'Illinois' });
  await page.getByLabel('Certificate file').setInputFiles({
    name: 'illinois.pdf',
    mimeType: 'application/pdf',
    buffer: await prescriptionPdf('Certificate of exemption'),
  });
  await page.getByRole('button', { name: 'Upload certificate' }).click();
  await expect(page.getByRole('status')).toContainText('Certificate uploaded.');
  const row = page.getByRole('row', { name: /Illinois/ });
  await expect(row).toContainText('Waiting for review');

  const staff = await signedInStaff(browser, request, baseURL!);
  await verifyCertificate(staff.page, name, 'Illinois', 'IL-4455');
  await expectNoSeriousA11yViolations(staff.page);
  await staff.context.close();

  await page.reload();
  await expect(row).toContainText('Verified');
  await expect(row).toContainText('IL-4455');
});
