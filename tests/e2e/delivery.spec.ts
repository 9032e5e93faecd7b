import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { waitForMail } from './support/mailbox';
import {
  cartLink,
  cartReady,
  confirmedAccount,
  fillAddress,
  OREGON_ADDRESS,
  signIn,
  toast,
} from './support/shop';

const WALKER = {
  id: 'drive-medical-two-button-folding-walker-with-wheels',
  name: 'Drive Medical Deluxe Two-Button Folding Walker with 5 in. Wheels',
};
const YEAR = String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0');

/** A caregiver ordering for a parent in Illinois (6.25 % base sales tax). */
const MOTHER = {
  recipientName: 'Rosa Delgado',
  line1: '1200 Elm Street',
  line2: 'Apt 4B',
  city: 'Springfield',
  state: 'IL',
  zip: '62704',
  phone: '217-555-0142',
};

test('a guest ships to a new address: checked, taxed, on the success page and in the mail', async ({
  page,
}, testInfo) => {
  await page.goto(`/product/${WALKER.id}`);
  await cartReady(page, 0);
  await page.getByRole('main').getByRole('button', { name: 'Add to Cart' }).click();
  await cartReady(page, 1);
  await cartLink(page).click();
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary).toContainText('Shipping (Standard)$9.99');
  await expect(summary).toContainText('Taxes calculated at checkout');

  // Nothing filled in: each field says what it needs and the first one has focus.
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const form = page.getByRole('form', { name: 'New shipping address' });
  await expect(form.getByText('Recipient name is required')).toBeVisible();
  await expect(form.getByText('Choose a state or territory')).toBeVisible();
  await expect(form.getByText('Enter a 5-digit ZIP code, or ZIP+4 (12345-6789)')).toBeVisible();
  await expect(form.getByLabel('Recipient name')).toBeFocused();
  await expect(form.getByLabel('Recipient name')).toHaveAttribute('autocomplete', /shipping name$/);
  await expect(form.getByLabel('ZIP code')).toHaveAttribute('autocomplete', /shipping postal-code$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The state is enough for the tax line; Expedited changes the shipping line.
  await fillAddress(page, MOTHER);
  await expect(summary).toContainText('Sales tax (6.25%)$3.44');
  await summary.getByRole('radio', { name: /Expedited/ }).check();
  // $54.99 + $24.99 + $3.44 (6.25 % of $54.99)
  await expect(summary).toContainText('Shipping (Expedited)$24.99');
  await expect(summary).toContainText('Total$83.42');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Secure Checkout - Card Payment' });
  await expect(dialog.getByRole('button', { name: 'Pay $83.42' })).toBeVisible();
  await expect(dialog).toContainText(
    'Ships to: Rosa Delgado, 1200 Elm Street, Apt 4B, Springfield, IL 62704',
  );
  const email = `delivery-${testInfo.project.name}-${Date.now()}@example.com`;
  await dialog.getByLabel('Card number').fill('4242424242424242');
  await dialog.getByLabel('Expiry month').fill('12');
  await dialog.getByLabel('Expiry year').fill(YEAR);
  await dialog.getByLabel('CVV').fill('123');
  await dialog.getByLabel('Cardholder name').fill('Lena Delgado');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Pay $83.42' }).click();

  await expect(page).toHaveURL(/\/order-success\?order_ref=/, { timeout: 15_000 });
  const delivery = page.getByRole('region', { name: 'Delivery' });
  for (const line of [
    'Rosa Delgado',
    '1200 Elm Street',
    'Apt 4B',
    'Springfield, IL 62704',
    '(217) 555-0142',
  ]) {
    await expect(delivery.getByText(line, { exact: true })).toBeVisible();
  }
  await expect(delivery).toContainText('Expedited, 2-3 business days');
  await expect(page.getByRole('main')).toContainText('Sales tax (6.25%)$3.44');
  await expect(page.getByRole('main')).toContainText('Total paid$83.42');
  await expectNoSeriousA11yViolations(page);

  const reference = new URL(page.url()).searchParams.get('order_ref')!;
  const mail = await waitForMail(email, `Your MediSupply order ${reference}`);
  expect(mail.text).toContain('Rosa Delgado');
  expect(mail.text).toContain('Springfield, IL 62704');
  expect(mail.text).toContain('Shipping: Expedited, 2-3 business days');
  expect(mail.text).toContain('Sales tax (6.25%)');
  expect(mail.text).toContain('$83.42');
});

test('a freight product says so on its page and in the cart, with Standard freight only', async ({
  page,
}) => {
  await page.goto('/product/drive-medical-delta-ultra-light-full-electric-bed');
  await expect(page.getByText(/Ships by freight: Standard delivery only, 7-10 business days/)).toBeVisible();
  await cartReady(page, 0);
  await page.getByRole('main').getByRole('button', { name: 'Add to Cart' }).click();
  await cartReady(page, 1);
  await cartLink(page).click();
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByRole('radio')).toHaveCount(3); // Standard (freight) and the two payment methods
  await expect(summary.getByRole('radio', { name: /Standard \(freight\)/ })).toBeChecked();
  await expect(summary.getByRole('radio', { name: /Expedited/ })).toHaveCount(0);
  await expect(summary).toContainText(/Ships by freight: .+\. Standard delivery only, 7-10 business days\./);
});

test('a signed-in shopper keeps two addresses, ships to the one that is not the default, and sees it in the order history', async ({
  page,
  request,
  baseURL,
}) => {
  // Sign-up, two saved addresses, a purchase and the history: a long journey on a busy machine.
  test.setTimeout(150_000);
  const account = await confirmedAccount(request, baseURL!);
  await signIn(page, account);
  await page.goto('/account');
  const book = page.locator('section', { has: page.getByRole('heading', { name: 'Address book' }) });
  await expect(book).toContainText('You have no saved addresses yet.');

  for (const address of [OREGON_ADDRESS, MOTHER]) {
    await book.getByRole('link', { name: 'Add an address' }).click();
    const form = page.getByRole('form', { name: 'Add an address' });
    await fillAddress(page, address, 'Add an address');
    await form.getByRole('button', { name: 'Save address' }).click();
    await expect(toast(page, 'Address saved')).toBeVisible();
    await expect(form).toBeHidden();
  }
  const saved = book.getByRole('list', { name: 'Saved addresses' }).getByRole('listitem');
  await expect(saved).toHaveCount(2);
  // The first saved is the default and is listed first.
  await expect(saved.first()).toContainText('Default address');
  await expect(saved.first()).toContainText(OREGON_ADDRESS.recipientName);
  await expectNoSeriousA11yViolations(page);

  await page.goto(`/product/${WALKER.id}`);
  await cartReady(page, 0);
  await page.getByRole('main').getByRole('button', { name: 'Add to Cart' }).click();
  await cartReady(page, 1);
  await cartLink(page).click();
  const shipTo = page.getByRole('group', { name: 'Ship to' });
  await expect(shipTo.getByRole('radio', { name: new RegExp(OREGON_ADDRESS.recipientName) })).toBeChecked();
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary).toContainText('Sales tax (0%)$0.00');
  await shipTo.getByRole('radio', { name: new RegExp(MOTHER.recipientName) }).check();
  await expect(summary).toContainText('Sales tax (6.25%)$3.44');
  await expect(summary).toContainText('Total$68.42');

  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Secure Checkout - Card Payment' });
  await expect(dialog.getByRole('button', { name: 'Pay $68.42' })).toBeVisible();
  await dialog.getByLabel('Card number').fill('4242424242424242');
  await dialog.getByLabel('Expiry month').fill('12');
  await dialog.getByLabel('Expiry year').fill(YEAR);
  await dialog.getByLabel('CVV').fill('123');
  await dialog.getByLabel('Cardholder name').fill('Cara Tester');
  await dialog.getByRole('button', { name: 'Pay $68.42' }).click();
  await expect(page).toHaveURL(/\/order-success\?order_ref=/, { timeout: 15_000 });
  const reference = new URL(page.url()).searchParams.get('order_ref')!;

  await page.goto('/account');
  const history = page.locator('section', { has: page.getByRole('heading', { name: 'Order history' }) });
  await expect(history).toContainText(
    `Ship to ${MOTHER.recipientName}, 1200 Elm Street, Apt 4B, Springfield, IL 62704`,
  );
  await history.getByRole('link', { name: `Order ${reference}` }).click();
  const delivery = page.getByRole('region', { name: 'Delivery' });
  await expect(delivery).toContainText(MOTHER.recipientName);
  await expect(delivery).toContainText('Standard, 5-7 business days');
  await expect(page.getByRole('main')).toContainText('Sales tax (6.25%)$3.44');
});
