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
      // Failed resource loads for a deliberate 404 page are expected; anything else is not.
      const unexpected = errors.filter((text) => !/status of 404/.test(text));
      expect(unexpected, unexpected.join('\n')).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
