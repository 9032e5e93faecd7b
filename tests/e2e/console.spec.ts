import { totp } from '../support/totp';
import { expectNoSeriousA11yViolations } from './support/axe';
import { newConsoleAdmin, PASSWORD } from './support/console-admin';
import { expect, test } from './support/fixtures';
import { waitForMail } from './support/mailbox';
import { accountNav, confirmedAccount, paidOrder, signIn } from './support/shop';

/** One product per project: desktop and mobile run at once and must not change each other's price. */
const PRICED = {
  desktop: {
    id: 'adjustable-hand-grip-strengthener',
    name: 'Adjustable Hand Grip Strengthener',
    price: '14.49',
    shown: '$14.49',
  },
  mobile: {
    id: 'hand-exercise-putty-4-pack',
    name: 'Hand Exerciser Putty, 4-Pack',
    price: '9.49',
    shown: '$9.49',
  },
};

test('an admin made on the command line signs in with two-factor, ships an order, refunds it and changes a price', async ({
  browser,
  page,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const shopper = await confirmedAccount(request, baseURL!);
  await signIn(page, shopper);
  const reference = await paidOrder(page, baseURL!, shopper.email, 'medline-aluminum-offset-handle-cane');

  const { context, admin, adminEmail, secret, firstCode } = await newConsoleAdmin(browser, baseURL!);

  // Sign out, and in again with the second factor.
  await context.clearCookies();
  await admin.goto('/login?redirectTo=%2Fadmin');
  const form = admin.getByRole('tabpanel');
  await form.getByLabel('Email').fill(adminEmail);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(admin.getByLabel('Authentication code')).toBeVisible({ timeout: 15_000 });
  let code = totp(secret);
  if (code === firstCode) code = totp(secret, Date.now(), 1);
  await admin.getByLabel('Authentication code').fill(code);
  await admin.getByRole('button', { name: 'Verify' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 15_000 });
  await expectNoSeriousA11yViolations(admin);

  // Find the order by the shopper's email, and ship it.
  await admin.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Orders' }).click();
  await admin.getByRole('searchbox', { name: 'Search orders' }).fill(shopper.email);
  await admin.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
  // The search has answered before a link is followed: one clicked on the list being replaced
  // can lose to the search's own navigation.
  await expect(admin).toHaveURL(/[?&]q=/);
  await admin.getByRole('link', { name: reference }).click();
  await expect(admin.getByRole('heading', { level: 1, name: `Order ${reference}` })).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  await admin.getByLabel('Carrier').selectOption('ups');
  await admin.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await admin.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Marked shipped' })).toBeVisible();

  // The shopper's order history shows the carrier and the tracking link.
  await page.goto('/account');
  const tracking = page.getByRole('link', { name: /1Z999AA10123456784/ }).first();
  await expect(tracking).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
  await expect(accountNav(page).getByRole('link', { name: 'My Account' })).toBeVisible();
  const shipped = await waitForMail(shopper.email, `Your MediSupply order ${reference} has shipped`);
  expect(shipped.links).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');

  // A refund of the whole order, and the shopper's mail says so.
  await admin.getByRole('button', { name: /^Refund \$/ }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Refund sent' })).toBeVisible({ timeout: 15_000 });
  const refund = await waitForMail(shopper.email, `Refund for your MediSupply order ${reference}`);
  expect(refund.text).toContain('Your order has been refunded');

  // A price changed in the console is the storefront's price at once.
  const priced = PRICED[testInfo.project.name as keyof typeof PRICED];
  await admin.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Products' }).click();
  await admin.getByRole('searchbox', { name: 'Find products' }).fill(priced.id);
  await admin.getByRole('main').getByRole('button', { name: 'Filter' }).click();
  await expect(admin).toHaveURL(/[?&]q=/);
  await admin.getByRole('link', { name: priced.name, exact: true }).click();
  await expect(admin.getByRole('heading', { level: 1, name: priced.name })).toBeVisible({ timeout: 15_000 });
  await expectNoSeriousA11yViolations(admin);
  await admin.getByLabel('Price ($)', { exact: true }).fill(priced.price);
  await admin.getByRole('button', { name: 'Save changes' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await page.goto(`/product/${priced.id}`);
  await expect(page.getByRole('main').getByText(priced.shown).first()).toBeVisible();
  await context.close();
});

test('staff answer a contact message, and an admin sends a campaign whose mail unsubscribes in one click', async ({
  browser,
  page,
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const run = `${testInfo.project.name}-${Date.now()}`;
  const { context, admin } = await newConsoleAdmin(browser, baseURL!);

  // A shopper writes through the contact page.
  const writer = `writer-${run}@example.com`;
  await page.goto('/contact');
  const main = page.getByRole('main');
  await main.getByLabel('Name', { exact: true }).fill('Robin Writer');
  await main.getByLabel('Email', { exact: true }).fill(writer);
  await main.getByLabel('Message', { exact: true }).fill(`Do you rent knee scooters by the week? (${run})`);
  await main.getByRole('button', { name: 'Send Message' }).click();
  await expect(
    page.getByText("Message sent successfully! We'll get back to you soon.").first(),
  ).toBeVisible();

  // Staff find it in the inbox and answer it.
  await admin.goto('/admin');
  await admin.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Messages' }).click();
  await admin.getByLabel('Name, email or text contains').fill(writer);
  await admin.getByRole('main').getByRole('button', { name: 'Search' }).click();
  await expect(admin).toHaveURL(/[?&]q=/);
  await admin.getByRole('link', { name: new RegExp(`Robin Writer <${writer}>`) }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Message from Robin Writer' })).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  await admin.getByLabel('Your reply').fill('Yes: $45 a week, delivered to your door.');
  await admin.getByRole('button', { name: 'Send reply' }).click();
  await expect(
    admin.getByRole('status').filter({ hasText: `Your reply is on its way to ${writer}.` }),
  ).toBeVisible();
  const reply = await waitForMail(writer, 'Re: your message to MediSupply');
  expect(reply.text).toContain('Yes: $45 a week, delivered to your door.');
  expect(reply.text).toContain(`Do you rent knee scooters by the week? (${run})`);

  // A reader subscribes and confirms.
  const reader = `reader-${run}@example.com`;
  // As the footer form's script posts it: its field, asking for JSON.
  const subscribed = await page.request.post('/newsletter', {
    form: { email: reader },
    headers: { Origin: new URL(baseURL!).origin, Accept: 'application/json' },
  });
  expect(subscribed.ok()).toBe(true);
  const confirmMail = await waitForMail(reader, 'Confirm your newsletter subscription');
  await page.goto(confirmMail.links.find((link) => link.includes('/newsletter/confirm?token='))!);
  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  await expect(page.getByRole('heading', { name: 'Subscription confirmed' })).toBeVisible();

  // The admin writes a campaign, previews it, and sends it.
  const subject = `Knee scooters are back (${run})`;
  await admin.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Newsletter' }).click();
  await admin.getByRole('main').getByRole('link', { name: 'Campaigns' }).click();
  await admin.getByLabel('Subject').fill(subject);
  await admin
    .getByLabel('Text')
    .fill('Our **knee scooters** are back in stock.\n\n- Folding\n- Brakes on both handles');
  await admin.getByRole('button', { name: 'Save draft' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(admin.locator('.campaign-preview strong')).toHaveText('knee scooters');
  await expectNoSeriousA11yViolations(admin);
  await admin.getByRole('button', { name: 'Send to all subscribers' }).click();
  await expect(
    admin.getByRole('status').filter({ hasText: /^Sending to [\d,]+ subscribers\.$/ }),
  ).toBeVisible();
  await expect(admin.getByRole('heading', { name: 'Sent' })).toBeVisible({ timeout: 30_000 });

  // The reader's mail carries the one-click unsubscribe (RFC 8058), and it works.
  const campaign = await waitForMail(reader, subject);
  expect(campaign.text).toContain('knee scooters');
  expect(campaign.headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  const oneClick = /^List-Unsubscribe: <([^>]+)>/m.exec(campaign.headers)?.[1] ?? '';
  expect(oneClick).toContain('/api/newsletter/unsubscribe?token=');
  // Posted as a mail provider does: from its own servers (a client and connection of their own,
  // not the page's, whose pooled connection the server may be closing after its idle time),
  // another origin, no cookies.
  const mailProvider = await playwright.request.newContext();
  const unsubscribed = await mailProvider.fetch(oneClick, {
    method: 'POST',
    form: { 'List-Unsubscribe': 'One-Click' },
    headers: { Origin: 'https://mail.example' },
  });
  expect(unsubscribed.status()).toBe(200);
  await mailProvider.dispose();
  await admin.goto(`/admin/newsletter?q=${encodeURIComponent(reader)}`);
  await expect(admin.getByRole('cell', { name: 'Unsubscribed', exact: true })).toBeVisible();
  await context.close();
});

test('an admin adds an organisation’s sign-in and removes it again', async ({
  browser,
  baseURL,
}, testInfo) => {
  const { context, admin } = await newConsoleAdmin(browser, baseURL!);
  const name = `Harbor Clinic ${testInfo.project.name}`;
  await admin.goto('/admin/sign-in');
  await expect(admin.getByRole('heading', { level: 1, name: 'Organisation sign-in' })).toBeVisible();
  await admin.getByRole('button', { name: 'Add organisation' }).click();
  await expect(admin.getByText('Enter the organisation’s name')).toBeVisible();
  await admin.getByLabel('Organisation name').fill(name);
  await admin.getByLabel('Email domains').fill(`${testInfo.project.name}.harbor.example`);
  await admin.getByLabel('Issuer URL').fill(process.env.E2E_OIDC_ISSUER ?? '');
  await admin.getByLabel('Client ID').fill('medisupply-store');
  await admin.getByLabel('Client secret').fill('local-provider-secret-0123456789');
  await admin.getByRole('button', { name: 'Add organisation' }).click();
  await expect(admin.getByRole('status').filter({ hasText: `${name} added.` })).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  await admin.getByRole('button', { name: `Remove ${name}` }).click();
  await expect(admin.getByRole('status').filter({ hasText: `${name} removed.` })).toBeVisible();
  await context.close();
});
