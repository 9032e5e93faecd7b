import type { Page, Request, Route } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { accountNav, cartLink } from './support/shop';

/**
 * With the first-load scripts deferred (ADR 0068) a visitor can press a plain form's button or
 * follow a link before the page hydrates, or while it hydrates. In CI "Continue with Local ID"
 * stayed on /login for 30 s with no POST sent. The cause (reproduced below, 3 of 3 before the
 * fix): the press's pointerdown made React hydrate at once, hydration added the passkey button
 * above, the "Continue with" button moved 85 px down, and the click landed beside it. A
 * navigation already under way is not cancelled by hydration: the first two tests hold the
 * scripts and the navigation's answer, let the scripts through first, and the answer after.
 */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

async function holdScripts(page: Page) {
  const scripts = gate();
  const requested: string[] = [];
  let finished = 0;
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    requested.push(route.request().url());
    await scripts.opened;
    await route.continue();
  });
  page.on('requestfinished', (request) => {
    if (/\/assets\/entry\.client-[^/]*\.js$/.test(request.url())) finished += 1;
  });
  return {
    requested,
    /** Lets the scripts through and waits until the client entry has arrived and had time to run. */
    async release() {
      scripts.open();
      await expect.poll(() => finished, { timeout: 20_000 }).toBeGreaterThan(0);
      // The entry hydrates a frame after it runs; give a loaded machine time to do so (or not).
      await page.waitForTimeout(1_500);
    },
  };
}

/** Holds the answer to the first document request matching `match` until `opened` resolves. */
async function holdNavigation(page: Page, match: (request: Request) => boolean, opened: Promise<void>) {
  const seen = gate();
  const handler = async (route: Route) => {
    if (!match(route.request())) return route.fallback();
    seen.open();
    await opened;
    await route.continue();
  };
  await page.route('**/*', handler);
  // In an object: an async function returning the promise itself would wait for it.
  return { seen: seen.opened };
}

const isDocument = (request: Request) => request.resourceType() === 'document';
/** Logs "hydrating" once React's root exists but has not yet committed the hydrated page. */
function reportHydrationStart() {
  type Root = { stateNode: { current: { memoizedState: { isDehydrated?: boolean } } } };
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    const key = Object.keys(document).find((k) => k.startsWith('__reactContainer$'));
    const root = key ? (document as unknown as Record<string, Root>)[key] : undefined;
    if (!root) channel.port2.postMessage(null);
    else if (root.stateNode.current.memoizedState.isDehydrated !== false) console.log('hydrating');
  };
  channel.port2.postMessage(null);
}

const hydrated = (page: Page) =>
  page.evaluate(() => Object.keys(document).some((key) => key.startsWith('__reactContainer$')));

test.describe('a navigation started before the scripts ran', () => {
  test('"Continue with" pressed before hydration reaches the provider and back', async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'one provider person: run once');
    const scripts = await holdScripts(page);
    const answer = gate();
    const { seen: postSent } = await holdNavigation(
      page,
      (request) => isDocument(request) && request.method() === 'POST',
      answer.opened,
    );
    await page.goto('/login?redirectTo=%2Faccount', { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Continue with Local ID' }).click({ noWaitAfter: true });
    await postSent;
    // The press started the scripts (the boot's first-interaction start).
    expect(scripts.requested.length).toBeGreaterThan(0);
    await scripts.release();
    answer.open();
    await page.waitForURL(/\/account$/, { timeout: 30_000 });
    await expect(page.getByText('Hi, Olu').filter({ visible: true })).toBeVisible();
  });

  test('a header link followed before hydration arrives', async ({ page }) => {
    const scripts = await holdScripts(page);
    const answer = gate();
    const { seen: cartAsked } = await holdNavigation(
      page,
      (request) => isDocument(request) && new URL(request.url()).pathname === '/cart',
      answer.opened,
    );
    await page.goto('/category/mobility', { waitUntil: 'domcontentloaded' });
    await cartLink(page).click({ noWaitAfter: true });
    await cartAsked;
    await scripts.release();
    answer.open();
    await page.waitForURL(/\/cart$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: /cart/i })).toBeVisible();
  });

  test('a page whose navigation came to nothing still hydrates', async ({ page }) => {
    const scripts = await holdScripts(page);
    // A 204 answer: the browser stays on the page (as after a cancelled navigation).
    await page.route(
      (url) => url.pathname === '/cart',
      (route) => (isDocument(route.request()) ? route.fulfill({ status: 204, body: '' }) : route.fallback()),
    );
    await page.goto('/category/mobility', { waitUntil: 'domcontentloaded' });
    await cartLink(page).click({ noWaitAfter: true });
    await scripts.release();
    await expect(page).toHaveURL(/\/category\/mobility$/);
    await expect(cartLink(page)).toHaveAttribute('data-cart-status', 'ready', { timeout: 20_000 });
    expect(await hydrated(page)).toBe(true);
    // And works as a hydrated page: the same link is now a client-side navigation.
    await cartLink(page).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(accountNav(page)).toBeVisible();
  });

  test('"Continue with" pressed as the page starts hydrating is sent', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'one provider person; CPU throttling is Chromium');
    const scripts = await holdScripts(page);
    await page.goto('/login?redirectTo=%2Faccount', { waitUntil: 'domcontentloaded' });
    const button = page.getByRole('button', { name: 'Continue with Local ID' });
    await button.scrollIntoViewIfNeeded();
    const before = await button.boundingBox();
    expect(before).not.toBeNull();
    const { x, y, width, height } = before ?? { x: 0, y: 0, width: 0, height: 0 };
    await page.evaluate(reportHydrationStart);
    // A slow phone: hydration takes long enough for the press to land in it.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    const hydrating = page.waitForEvent('console', { predicate: (m) => m.text() === 'hydrating' });
    const posted = page.waitForRequest((r) => isDocument(r) && r.method() === 'POST', { timeout: 30_000 });
    void scripts.release().catch(() => undefined);
    await hydrating;
    // Where the visitor saw the button before the scripts ran (as Playwright's own click would
    // aim, measured a moment before the press).
    await page.mouse.click(x + width / 2, y + height / 2);
    await posted;
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.waitForURL(/\/account$/, { timeout: 30_000 });
    await expect(page.getByText('Hi, Olu').filter({ visible: true })).toBeVisible();
  });

  test('hydrating the sign-in page moves none of its buttons', async ({ page }) => {
    const scripts = await holdScripts(page);
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    const boxes = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('main button')].map((b) => {
          const r = b.getBoundingClientRect();
          return `${b.textContent?.trim()} ${Math.round(r.x)},${Math.round(r.y + scrollY)}`;
        }),
      );
    const before = await boxes();
    await scripts.release();
    await expect(cartLink(page)).toHaveAttribute('data-cart-status', 'ready', { timeout: 20_000 });
    // Tabs become buttons once interactive; every button the server sent stays where it was.
    expect(await boxes()).toEqual(expect.arrayContaining(before));
  });
});
