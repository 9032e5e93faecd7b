import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGET_PAGES, WEB_BUDGETS } from '../../scripts/web-budgets';
import { kb, measurePage, signedInCookie } from '../../scripts/web-weight';
import { startTestServer, type TestServer } from '../support/test-server';

// Sizes are deterministic for a given build, so unlike timings they can be asserted.
describe('first-load size budgets', () => {
  let server: TestServer;
  let cookie: string;

  beforeAll(async () => {
    server = await startTestServer('sqlite', { REQUIRE_EMAIL_VERIFICATION: 'false' });
    cookie = await signedInCookie(server.url);
  });
  afterAll(async () => {
    await server.close();
  });

  for (const page of BUDGET_PAGES) {
    it(`${page.path} stays within its budgets`, async () => {
      const weight = await measurePage(server.url, page.path, page.signedIn ? cookie : undefined);
      expect(weight.status).toBe(200);
      expect(weight.jsFiles.length).toBeGreaterThan(0);
      expect(
        weight.jsGzip,
        `${page.path} loads ${kb(weight.jsGzip)} KB of JavaScript (gzip), over ${kb(page.jsBudget)} KB`,
      ).toBeLessThanOrEqual(page.jsBudget);
      if (page.htmlBudget) {
        expect(
          weight.htmlGzip,
          `${page.path} HTML is ${kb(weight.htmlGzip)} KB gzip, over ${kb(page.htmlBudget)} KB`,
        ).toBeLessThanOrEqual(page.htmlBudget);
      }
      expect(
        weight.eagerImageBytes,
        `${page.path} loads ${kb(weight.eagerImageBytes)} KB of images above the fold`,
      ).toBeLessThanOrEqual(WEB_BUDGETS.eagerImages);
    });
  }
});
