import { randomInt } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { waitForMail } from './mailbox';

/** Locators and steps shared by the cart and wishlist specs. */
export const accountNav = (page: Page) => page.getByRole('navigation', { name: 'Account and cart' });
export const cartLink = (page: Page) => accountNav(page).getByRole('link', { name: /^Cart/ });
export const wishlistLink = (page: Page) => accountNav(page).getByRole('link', { name: /^Wishlist/ });
const items = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;
export const toast = (page: Page, text: string) =>
  page
    .getByRole('region', { name: /^Notifications/ })
    .getByText(text, { exact: true })
    .first();

/**
 * The cart store has read the cart once the page is interactive; waiting for it means no click
 * is lost to a page that is not hydrated yet. (A signed-in page has its count in the server
 * HTML already, so the count alone does not say that.)
 */
export async function cartReady(page: Page, count = 0) {
  await expect(cartLink(page)).toHaveAttribute('data-cart-status', 'ready');
  await expect(cartLink(page)).toHaveAccessibleName(`Cart, ${items(count)}`);
}

/** A confirmed account, made through the API in a separate context: the page stays a guest. */
export async function confirmedAccount(request: APIRequestContext, baseURL: string, firstName = 'Cara') {
  const email = `cart-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'correct-horse-battery';
  const signUp = await request.post('/api/auth/sign-up/email', {
    data: { email, password, name: `${firstName} Tester`, firstName, lastName: 'Tester' },
    // A client address of its own: sign-ups are limited per address, and many specs make accounts.
    headers: {
      Origin: new URL(baseURL).origin,
      'x-forwarded-for': `198.19.${randomInt(256)}.${randomInt(1, 255)}`,
    },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const mail = await waitForMail(email, 'Confirm your email address');
  const link = mail.links.find((url) => url.includes('/verify-email?token='));
  expect(link).toBeDefined();
  // The link's page confirms by its button (a POST from this site), not by being opened.
  const url = new URL(link!);
  const confirmed = await request.post(`${url.pathname}${url.search}`, {
    form: { intent: 'verify-email', token: url.searchParams.get('token')!, callbackURL: '' },
    headers: { Origin: new URL(baseURL).origin },
    maxRedirects: 0,
  });
  expect(confirmed.status(), await confirmed.text()).toBe(302);
  return { email, password };
}

export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  const main = page.getByRole('main');
  // Both tabs' forms are in the page; only the Sign In one is shown.
  await main.getByLabel('Email', { exact: true }).filter({ visible: true }).fill(account.email);
  await main.getByLabel('Password', { exact: true }).filter({ visible: true }).fill(account.password);
  await main.getByRole('button', { name: 'Sign In', exact: true }).click();
  // Password hashing is meant to be slow: on a busy machine a sign-in takes more than 5 s.
  await expect(accountNav(page).getByRole('link', { name: 'My Account' })).toBeVisible({ timeout: 15_000 });
}

/** A delivery address in Oregon, which has no sales tax: the totals of older specs stay as they were. */
export const OREGON_ADDRESS = {
  recipientName: 'Pat Shopper',
  line1: '500 Pine Street',
  line2: '',
  city: 'Portland',
  state: 'OR',
  zip: '97204',
  phone: '503-555-0142',
};

/** Fills an address form: the cart's new address, or the address book's (the labels a shopper reads). */
export async function fillAddress(
  page: Page,
  address: typeof OREGON_ADDRESS = OREGON_ADDRESS,
  formName = 'New shipping address',
) {
  const form = page.getByRole('form', { name: formName });
  await form.getByLabel('Recipient name').fill(address.recipientName);
  await form.getByLabel('Address', { exact: true }).fill(address.line1);
  await form.getByLabel('Apartment, suite or unit (optional)').fill(address.line2);
  await form.getByLabel('City').fill(address.city);
  await form.getByLabel('State').selectOption(address.state);
  await form.getByLabel('ZIP code').fill(address.zip);
  await form.getByLabel('Phone').fill(address.phone);
}

/** A paid order of one product, made through the API in the page's own cookies. */
export async function paidOrder(page: Page, baseURL: string, email: string, productId: string) {
  const headers = { Origin: new URL(baseURL).origin };
  // The cart's form as the page's script posts it (docs/decisions/0045).
  const add = await page.request.post('/cart', {
    form: { intent: 'add', productId, quantity: 1 },
    headers: { ...headers, Accept: 'application/json' },
  });
  expect(add.ok(), await add.text()).toBe(true);
  const checkout = await page.request.post('/api/checkout', {
    data: { paymentMethod: 'card', address: OREGON_ADDRESS },
    headers,
  });
  const session = (await checkout.json()) as { orderId: string; reference: string };
  const paid = await page.request.post(`/api/checkout/${session.orderId}/pay`, {
    data: {
      paymentMethod: 'card',
      cardNumber: '4242424242424242',
      cardExpiryMonth: '12',
      cardExpiryYear: String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0'),
      cardCode: '123',
      cardholderName: 'Cara Tester',
      email,
    },
    headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  return session.reference;
}
