import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGET_PAGES, WEB_BUDGETS } from '../../scripts/web-budgets';
import { kb, measurePage } from '../../scripts/web-weight';
import { parseEnv } from '../../server/env';
import { type RunningServer, startServer } from '../../server/server';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Sizes are deterministic for a given build, so unlike timings they can be asserted.
describe('first-load size budgets', () => {
  let testDb: TestDatabase;
  let server: RunningServer;

  beforeAll(async () => {
    testDb = createTestDatabase('sqlite');
    server = await startServer(
      parseEnv({
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: testDb.url,
        DATA_DIR: testDb.dir,
        LOG_LEVEL: 'silent',
      }),
    );
  });
  afterAll(async () => {
    await server.shutdown('test end');
    await testDb.cleanup();
  });

  for (const page of BUDGET_PAGES) {
    it(`${page.path} stays within its budgets`, async () => {
      const weight = await measurePage(server.url, page.path);
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
