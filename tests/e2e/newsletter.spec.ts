import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { ownClientAddress } from './support/client-address';
import { expect, test } from './support/fixtures';
import { waitForMail } from './support/mailbox';
import { cartReady, toast } from './support/shop';

const footerForm = (page: Page) => page.getByRole('contentinfo').getByRole('region', { name: 'Newsletter' });

test.describe('newsletter', () => {
  test('the footer form checks the address, subscribes, and the mailed links confirm and unsubscribe', async ({
    page,
  }, testInfo) => {
    await ownClientAddress(page);
    await page.goto('/');
    await cartReady(page);
    const form = footerForm(page);
    const email = form.getByLabel('Email address');
    const subscribe = form.getByRole('button', { name: 'Subscribe' });

    // Required: an empty address is not sent at all.
    await subscribe.click();
    expect(await email.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
    await expect(page).toHaveURL(/\/$/);

    // The browser accepts "name@host"; the spec's pattern wants a dot after the @.
    await email.fill('name@host');
    await subscribe.click();
    await expect(toast(page, 'Invalid email')).toBeVisible();
    await expect(toast(page, 'Please enter a valid email address.')).toBeVisible();

    const address = `news-${testInfo.project.name}-${Date.now()}@example.com`;
    await email.fill(address);
    await subscribe.click();
    await expect(toast(page, 'Subscription successful!')).toBeVisible();
    await expect(toast(page, 'Thank you for subscribing to our newsletter.')).toBeVisible();
    await expect(email).toHaveValue('');

    const mail = await waitForMail(address, 'Confirm your newsletter subscription');
    const confirmLink = mail.links.find((link) => link.includes('/newsletter/confirm?token='))!;
    const unsubscribeLink = mail.links.find((link) => link.includes('/newsletter/unsubscribe?token='))!;
    await page.goto(confirmLink);
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await expect(page.getByRole('heading', { name: 'Subscription confirmed' })).toBeVisible();

    await page.goto(unsubscribeLink);
    await page.getByRole('main').getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('heading', { name: 'You have been unsubscribed' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto('/newsletter');
    await expect(page.getByRole('heading', { level: 1, name: 'Newsletter' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('says so when the subscription could not be made', async ({ page, request, baseURL }) => {
    const headers = await ownClientAddress(page);
    for (let i = 0; i < 10; i++) {
      // As the footer form's script posts it: its field, asking for JSON.
      const res = await request.post('/newsletter', {
        form: { email: `many-${i}-${Date.now()}@example.com` },
        headers: { ...headers, Origin: new URL(baseURL!).origin, Accept: 'application/json' },
      });
      expect(res.status()).toBe(200);
    }
    await page.goto('/');
    await cartReady(page);
    await footerForm(page).getByLabel('Email address').fill(`late-${Date.now()}@example.com`);
    await footerForm(page).getByRole('button', { name: 'Subscribe' }).click();
    await expect(toast(page, 'Subscription failed')).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: /^Notifications/ })
        .getByText(/^Too many attempts\. Try again in \d+ seconds\.$/),
    ).toBeVisible();
  });

  test('works without JavaScript', async ({ browser }, testInfo) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await ownClientAddress(page);
    await page.goto('/');
    await footerForm(page)
      .getByLabel('Email address')
      .fill(`nojs-${testInfo.project.name}-${Date.now()}@example.com`);
    await footerForm(page).getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/newsletter$/);
    await expect(page.getByRole('heading', { name: 'Subscription successful!' })).toBeVisible();
    await expect(page.getByText('Thank you for subscribing to our newsletter.')).toBeVisible();
    await context.close();
  });
});
