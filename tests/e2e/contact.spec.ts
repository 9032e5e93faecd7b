import { expectNoSeriousA11yViolations } from './support/axe';
import { ownClientAddress } from './support/client-address';
import { expect, test } from './support/fixtures';
import { waitForMail } from './support/mailbox';
import { toast } from './support/shop';

const SENT = "Message sent successfully! We'll get back to you soon.";
const FAILED = 'Failed to send message. Please try again.';
/** The e2e server runs with the default STORE_EMAIL. */
const STAFF_INBOX = 'support@medisupply.example';

test.describe('contact page', () => {
  test('checks the fields with the spec messages, sends, thanks and resets the form', async ({
    page,
  }, testInfo) => {
    await ownClientAddress(page);
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    await expect(page.getByText('Mon-Fri 9-6, Sat 10-4, Sun closed')).toBeVisible();
    const main = page.getByRole('main');
    const name = main.getByLabel('Name', { exact: true });
    const email = main.getByLabel('Email', { exact: true });
    const message = main.getByLabel('Message', { exact: true });
    const send = main.getByRole('button', { name: 'Send Message' });

    await send.click();
    await expect(main.getByText('Name is required')).toBeVisible();
    await expect(main.getByText('Please enter a valid email address')).toBeVisible();
    await expect(main.getByText('Message must be at least 10 characters')).toBeVisible();
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute('aria-invalid', 'true');

    // The staff inbox is shared by every run of this test: a unique name finds this one's mail.
    const sender = `Robin ${testInfo.project.name} ${Date.now()}`;
    await name.fill(sender);
    await email.fill('robin@example');
    await message.fill('Too short');
    await send.click();
    await expect(main.getByText('Name is required')).toBeHidden();
    await expect(main.getByText('Please enter a valid email address')).toBeVisible();
    await expect(email).toBeFocused();

    await email.fill('robin@example.com');
    await message.fill('Do you rent hospital beds by the month?');
    // Hold the answer back a moment so the pending label can be seen.
    await page.route(/\/contact\.data$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    await send.click();
    await expect(main.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await expect(toast(page, SENT)).toBeVisible();
    await expect(name).toHaveValue('');
    await expect(email).toHaveValue('');
    await expect(message).toHaveValue('');
    await expect(send).toBeEnabled();

    const mail = await waitForMail(STAFF_INBOX, `Contact form message from ${sender}`);
    expect(mail.text).toContain('Do you rent hospital beds by the month?');
    expect(mail.text).toContain(`From: ${sender} <robin@example.com>`);
    await expectNoSeriousA11yViolations(page);
  });

  test('says so when the message could not be sent', async ({ page, request, baseURL }) => {
    const headers = await ownClientAddress(page);
    // Use up this client's allowance, as someone sending message after message would.
    for (let i = 0; i < 5; i++) {
      // The page's form as a browser without scripts posts it.
      const res = await request.post('/contact', {
        form: { name: 'Robin', email: 'robin@example.com', message: `Message number ${i + 1}.` },
        headers: { ...headers, Origin: new URL(baseURL!).origin },
        maxRedirects: 0,
      });
      expect(res.status()).toBe(200);
    }
    await page.goto('/contact');
    const main = page.getByRole('main');
    await main.getByLabel('Name', { exact: true }).fill('Robin');
    await main.getByLabel('Email', { exact: true }).fill('robin@example.com');
    await main.getByLabel('Message', { exact: true }).fill('One more message, please.');
    await main.getByRole('button', { name: 'Send Message' }).click();
    await expect(toast(page, FAILED)).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: /^Notifications/ })
        .getByText(/^Too many attempts\. Try again in \d+ seconds\.$/),
    ).toBeVisible();
    // Nothing is lost: the text stays for a later try.
    await expect(main.getByLabel('Message', { exact: true })).toHaveValue('One more message, please.');
  });
});
