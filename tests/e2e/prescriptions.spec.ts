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
