import type { Page } from '@playwright/test';
import { ownClientAddress } from './support/client-address';
import { expect, test } from './support/fixtures';
import { accountNav, cartLink, confirmedAccount, toast } from './support/shop';

/**
 * A slow phone shows the server's form seconds before its scripts run. What the visitor types
 * in that time must count: the scripts are held back here until the form is filled in.
 */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return async () => {
    release();
    // The cart link is ready once the page is interactive.
    await expect(cartLink(page)).toHaveAttribute('data-cart-status', 'ready');
  };
}

test.describe('typed before the scripts ran', () => {
  test('signs in with what was typed', async ({ page, request, baseURL }) => {
    const account = await confirmedAccount(request, baseURL!);
    const releaseScripts = await holdScripts(page);
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    const main = page.getByRole('main');
    await main.getByLabel('Email', { exact: true }).filter({ visible: true }).fill(account.email);
    await main.getByLabel('Password', { exact: true }).filter({ visible: true }).fill(account.password);
    await releaseScripts();

    await main.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(accountNav(page).getByRole('link', { name: 'My Account' })).toBeVisible({ timeout: 15_000 });
    await expect(main.getByText('Please enter a valid email address')).toBeHidden();
  });

  test('signs in when Sign In is pressed the moment the page hydrates', async ({
    page,
    request,
    baseURL,
  }) => {
    const account = await confirmedAccount(request, baseURL!);
    const releaseScripts = await holdScripts(page);
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    const main = page.getByRole('main');
    await main.getByLabel('Email', { exact: true }).filter({ visible: true }).fill(account.email);
    await main.getByLabel('Password', { exact: true }).filter({ visible: true }).fill(account.password);
    // The press comes in the first task after React commits the hydrated page, before its
    // effects run (on a busy phone that gap is long): a task loop as React's own scheduler uses.
    await page.evaluate(() => {
      const button = [...document.querySelectorAll<HTMLButtonElement>('main button')].find(
        (b) => b.textContent?.trim() === 'Sign In' && b.checkVisibility(),
      );
      // React's root on the document: committed once it no longer waits to hydrate.
      type Root = { stateNode: { current: { memoizedState: { isDehydrated?: boolean } } } };
      const committed = () => {
        const key = Object.keys(document).find((k) => k.startsWith('__reactContainer$'));
        const root = key ? (document as unknown as Record<string, Root>)[key] : undefined;
        return root?.stateNode.current.memoizedState.isDehydrated === false;
      };
      const channel = new MessageChannel();
      channel.port1.onmessage = () => (committed() ? button?.click() : channel.port2.postMessage(null));
      channel.port2.postMessage(null);
    });
    await releaseScripts();

    await expect(accountNav(page).getByRole('link', { name: 'My Account' })).toBeVisible({ timeout: 15_000 });
    await expect(main.getByText('Please enter a valid email address')).toBeHidden();
  });

  test('sends the contact message that was typed', async ({ page }) => {
    await ownClientAddress(page);
    const releaseScripts = await holdScripts(page);
    await page.goto('/contact', { waitUntil: 'domcontentloaded' });
    const main = page.getByRole('main');
    await main.getByLabel('Name', { exact: true }).fill('Robin Early');
    await main.getByLabel('Email', { exact: true }).fill('robin@example.com');
    await main.getByLabel('Message', { exact: true }).fill('Typed while the page was still loading.');
    await releaseScripts();
    // A render after hydration keeps what is on screen.
    await expect(main.getByLabel('Message', { exact: true })).toHaveValue(
      'Typed while the page was still loading.',
    );

    await main.getByRole('button', { name: 'Send Message' }).click();
    await expect(toast(page, "Message sent successfully! We'll get back to you soon.")).toBeVisible();
    await expect(main.getByText('Name is required')).toBeHidden();
  });

  test('sorts a listing by what was chosen', async ({ page }) => {
    const releaseScripts = await holdScripts(page);
    await page.goto('/category/mobility', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Sort by').selectOption('price-low');
    await releaseScripts();
    await expect(page).toHaveURL(/sort=price-low/);
    await expect(page.getByLabel('Sort by')).toHaveValue('price-low');
  });
});
