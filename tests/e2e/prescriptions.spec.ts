import { readFileSync } from 'node:fs';
import { CLAIM_TEXT } from '../../app/commerce/prescriptions/claim-data';
import { pdfText } from '../support/pdf-text';
import { prescriptionPdf } from '../support/prescription-files';
import { expectNoSeriousA11yViolations } from './support/axe';
import { newConsoleAdmin } from './support/console-admin';
import { expect, test } from './support/fixtures';
import { waitForMail } from './support/mailbox';
import { cartLink, cartReady, confirmedAccount, fillAddress, signIn } from './support/shop';

/** One product per project: desktop and mobile run at once. */
const CONCENTRATOR = {
  desktop: {
    id: 'philips-respironics-everflo-5-liter-oxygen-concentrator',
    name: 'Philips Respironics EverFlo 5 Liter Stationary Oxygen Concentrator',
  },
  mobile: {
    id: 'drive-medical-devilbiss-5-liter-oxygen-concentrator',
    name: 'Drive Medical DeVilbiss 5 Liter Oxygen Concentrator',
  },
};
/** CPAP machines (HCPCS E0601, modifier NU): one per project, as above. */
const CPAP = {
  desktop: {
    id: 'resmed-airsense-11-autoset-cpap',
    name: 'ResMed AirSense 11 AutoSet CPAP Machine with HumidAir',
  },
  mobile: {
    id: 'react-health-luna-g3-auto-cpap',
    name: 'React Health Luna G3 Auto CPAP Machine with Humidifier',
  },
};
const YEAR = String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0');

test('an oxygen concentrator is bought with a prescription upload, staff approve it, and the receipt lists it as eligible', async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const product = CONCENTRATOR[testInfo.project.name as keyof typeof CONCENTRATOR];
  const shopper = await confirmedAccount(request, baseURL!);
  await signIn(page, shopper);

  await page.goto(`/product/${product.id}`);
  await expect(
    page.getByText(
      "Prescription required: you upload it, or give your prescriber's details, at checkout. Your card is charged only once it is approved.",
    ),
  ).toBeVisible();
  await cartReady(page, 0);
  await page.getByRole('main').getByRole('button', { name: 'Add to Cart' }).click();
  await cartReady(page, 1);
  await cartLink(page).click();
  await fillAddress(page);
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Secure Checkout - Card Payment' });
  const payButton = dialog.getByRole('button', { name: /^Pay \$\d[\d,]*\.\d\d$/ });
  await expect(payButton).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByRole('heading', { name: 'Prescription' })).toBeVisible();
  await expect(dialog.getByText('charged only when our team has approved the prescription')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Paying without the file says what is missing, on the field.
  await dialog.getByLabel('Card number').fill('4242424242424242');
  await dialog.getByLabel('Expiry month').fill('12');
  await dialog.getByLabel('Expiry year').fill(YEAR);
  await dialog.getByLabel('CVV').fill('123');
  await dialog.getByLabel('Cardholder name').fill('Pat Shopper');
  await payButton.click();
  await expect(dialog.getByText('Choose your prescription file')).toBeVisible();
  await expect(dialog.getByLabel('Prescription file')).toBeFocused();

  await dialog.getByLabel('Prescription file').setInputFiles({
    name: 'oxygen-prescription.pdf',
    mimeType: 'application/pdf',
    buffer: await prescriptionPdf(),
  });
  await payButton.click();
  await expect(page).toHaveURL(/\/order-success\?order_ref=MS-[A-Z0-9]{8}/, { timeout: 20_000 });
  const reference = new URL(page.url()).searchParams.get('order_ref')!;
  await expect(page.getByRole('heading', { level: 2, name: 'Awaiting prescription review' })).toBeVisible();
  await expect(page.getByText(/Visa ending in 4242 is authorised for \$[\d,.]+, not charged/)).toBeVisible();
  await expect(page.getByText('Total authorised')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const placed = await waitForMail(shopper.email, `Your MediSupply order ${reference}`);
  expect(placed.text).toContain('not charged');

  // Staff see the file and approve: the payment is taken.
  const { context, admin } = await newConsoleAdmin(browser, baseURL!);
  await admin.goto(`/admin/orders/${reference}`);
  await expect(admin.getByRole('heading', { level: 2, name: 'Prescription: Awaiting review' })).toBeVisible();
  const download = admin.getByRole('link', { name: 'Download oxygen-prescription.pdf' });
  await expect(download).toHaveAttribute('href', `/admin/orders/${reference}/prescription`);
  const file = await admin.request.get(`/admin/orders/${reference}/prescription`);
  expect(file.headers()['content-disposition']).toMatch(/^attachment;/);
  await expectNoSeriousA11yViolations(admin);
  await admin.getByRole('button', { name: 'Approve and take payment' }).click();
  await expect(
    admin.getByRole('status').filter({ hasText: 'Prescription approved and payment taken' }),
  ).toBeVisible({ timeout: 15_000 });
  await expect(admin.getByRole('heading', { level: 2, name: 'Prescription: Approved' })).toBeVisible();
  await context.close();

  // The buyer's order is paid; its receipt lists the concentrator as HSA/FSA eligible.
  const approved = await waitForMail(
    shopper.email,
    `Your prescription for MediSupply order ${reference} is approved`,
  );
  expect(approved.text).toContain('We have now charged');
  await page.goto(`/account/orders/${reference}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Prescription: Approved' })).toBeVisible();
  const receiptLink = page.getByRole('link', { name: 'Download receipt (PDF)' });
  await expect(receiptLink).toBeVisible();
  const receipt = await page.request.get((await receiptLink.getAttribute('href'))!);
  expect(receipt.headers()['content-type']).toBe('application/pdf');
  const text = await pdfText(new Uint8Array(await receipt.body()));
  expect(text).toContain(reference);
  expect(text).toContain(product.name.slice(0, 30));
  expect(text).toContain('HSA/FSA eligible');
  expect(text).toContain('Visa ending in 4242');
});

test("a CPAP buyer gives the prescriber's NPI and the diagnosis, and the insurance statement prints them with the HCPCS code", async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const product = CPAP[testInfo.project.name as keyof typeof CPAP];
  const shopper = await confirmedAccount(request, baseURL!);
  await signIn(page, shopper);
  await page.goto(`/product/${product.id}`);
  await cartReady(page, 0);
  await page.getByRole('main').getByRole('button', { name: 'Add to Cart' }).click();
  await cartReady(page, 1);
  await cartLink(page).click();
  await fillAddress(page);
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Secure Checkout - Card Payment' });
  const payButton = dialog.getByRole('button', { name: /^Pay \$\d[\d,]*\.\d\d$/ });
  await expect(payButton).toBeVisible({ timeout: 15_000 });

  // The prescriber to call, and what the claim needs.
  await dialog.getByRole('radio', { name: "Give my prescriber's name and phone" }).check();
  await dialog.getByRole('textbox', { name: "Prescriber's name", exact: true }).fill('Dr. Marisol Fenwick');
  await dialog.getByRole('textbox', { name: "Prescriber's phone", exact: true }).fill('503-555-0177');
  await expect(dialog.getByRole('group', { name: CLAIM_TEXT.legend })).toBeVisible();
  const npi = dialog.getByRole('textbox', { name: CLAIM_TEXT.npi, exact: true });
  await npi.fill('1234567890');
  await dialog.getByLabel(CLAIM_TEXT.diagnosis).fill('g47.33');
  await dialog.getByLabel(CLAIM_TEXT.prescribedOn).fill('2025-10-06');
  await dialog.getByLabel(CLAIM_TEXT.lengthOfNeed).fill('99');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByLabel('Card number').fill('4242424242424242');
  await dialog.getByLabel('Expiry month').fill('12');
  await dialog.getByLabel('Expiry year').fill(YEAR);
  await dialog.getByLabel('CVV').fill('123');
  await dialog.getByLabel('Cardholder name').fill('Pat Shopper');

  // A mistyped NPI: its message is on the field, which takes the focus; nothing is paid.
  await payButton.click();
  await expect(dialog.getByText(CLAIM_TEXT.npiCheck)).toBeVisible();
  await expect(npi).toHaveAttribute('aria-invalid', 'true');
  await expect(npi).toHaveAccessibleDescription(new RegExp(CLAIM_TEXT.npiCheck.slice(0, 40)));
  await expect(npi).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await npi.fill('1234567893');
  await payButton.click();
  await expect(page).toHaveURL(/\/order-success\?order_ref=MS-[A-Z0-9]{8}/, { timeout: 20_000 });
  const reference = new URL(page.url()).searchParams.get('order_ref')!;

  // Staff see the claim data on the order (an audited read) and approve: the card is charged.
  const { context, admin } = await newConsoleAdmin(browser, baseURL!);
  await admin.goto(`/admin/orders/${reference}`);
  await expect(admin.getByText('1234567893')).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  await admin.getByRole('button', { name: 'Approve and take payment' }).click();
  await expect(
    admin.getByRole('status').filter({ hasText: 'Prescription approved and payment taken' }),
  ).toBeVisible({ timeout: 15_000 });
  await context.close();

  // The buyer's order page shows what they gave, and the statement downloads from it.
  await page.goto(`/account/orders/${reference}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Prescription: Approved' })).toBeVisible();
  await expect(page.getByText('G47.33')).toBeVisible();
  await expect(page.getByText('99 months (lifetime)')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download insurance statement (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`MediSupply-insurance-statement-${reference}.pdf`);
  const text = await pdfText(new Uint8Array(readFileSync(await download.path())));
  expect(text).toContain('Insurance statement');
  expect(text).toContain(product.name.slice(0, 20));
  expect(text).toMatch(/E0601 NU 1 \$[\d,]+\.\d\d/);
  expect(text).toContain('Prescriber: Dr. Marisol Fenwick');
  expect(text).toContain('Prescriber NPI: 1234567893');
  expect(text).toContain('Diagnosis codes (ICD-10-CM): G47.33');
  expect(text).toContain('Visa ending in 4242');
});
