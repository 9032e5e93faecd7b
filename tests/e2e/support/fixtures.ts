import { test as base, expect } from '@playwright/test';

/**
 * Every page is watched for browser console errors (a CSP violation or a failed hydration
 * shows up there), and a test fails if any appeared.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      // The browser reports every 4xx answer as a failed resource load: a 404 page, a refused
      // password (401), an unconfirmed email (403) are expected answers, not page errors.
      const unexpected = errors.filter((text) => !/responded with a status of 4\d\d/.test(text));
      expect(unexpected, unexpected.join('\n')).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
