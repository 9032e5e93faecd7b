import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// Not the shared fixture: while the server restarts, the browser rightly logs its refused
// reconnects as console errors.
import { expect, request as apiRequest, test } from '@playwright/test';
import { PRODUCT_A } from '../hardening/support';
import { freePort } from '../support/free-port';
import { type ServerProcess, startServerProcess } from '../support/server-process';
import { cartLink, cartReady } from './support/shop';

const PASSWORD = 'correct-horse-battery';

/**
 * The shopper's side of a restart (docs/decisions/0037): a signed-in cart page left open while
 * the store's only instance stops and starts again. Its event stream ends cleanly, the browser
 * reconnects to the new process by itself, and a change made on another device after the
 * restart reaches the page without a reload. The store of its own: the suite's shared server
 * must not restart under the other specs.
 */
test('a cart page left open across a restart shows the next change from another device', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one browser is enough: the stream is the same');
  const dir = mkdtempSync(path.join(tmpdir(), 'store-e2e-restart-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = {
    PORT: String(port),
    APP_URL: origin,
    DATABASE_URL: `file:${path.join(dir, 'store.db')}`,
    DATA_DIR: dir,
    AUTH_SECRET: 'restart-spec-secret-that-is-long-enough-0123',
    REQUIRE_EMAIL_VERIFICATION: 'false',
  };
  let server: ServerProcess | undefined = await startServerProcess(env);
  try {
    // Signed in through the page's own request context: the browser holds the session cookie.
    const email = `restart-${Date.now()}@example.com`;
    const headers = { Origin: origin };
    const signUp = { email, password: PASSWORD, name: 'Rita Start', firstName: 'Rita', lastName: 'Start' };
    expect(
      (await page.request.post(`${origin}/api/auth/sign-up/email`, { data: signUp, headers })).ok(),
    ).toBe(true);
    const signIn = await page.request.post(`${origin}/api/auth/sign-in/email`, {
      data: { email, password: PASSWORD },
      headers,
    });
    expect(signIn.ok()).toBe(true);

    await page.goto(`${origin}/cart`);
    await cartReady(page, 0);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    server = await startServerProcess(env);

    // Another device of the same shopper adds a wheelchair once the store is back.
    const device = await apiRequest.newContext({ storageState: await page.context().storageState() });
    try {
      const added = await device.post(`${origin}/cart`, {
        form: { intent: 'add', productId: PRODUCT_A.id, quantity: 1 },
        headers: { ...headers, Accept: 'application/json' },
      });
      expect(added.ok(), await added.text()).toBe(true);
    } finally {
      await device.dispose();
    }
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item', { timeout: 15_000 });
    await expect(page.getByRole('main').getByRole('link', { name: PRODUCT_A.name })).toBeVisible();
  } finally {
    server?.child.kill('SIGTERM');
    await server?.exited;
    rmSync(dir, { recursive: true, force: true });
  }
});
