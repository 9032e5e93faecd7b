import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  // Starts the production build on a free port with a fresh database; sets E2E_BASE_URL,
  // which worker processes inherit.
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  // Two browsers, the server and Chromium's renderers share two cores: the longer journeys took
  // up to 65 s on a busy machine against 10-25 s on a quiet one. A hung test still fails.
  timeout: 90_000,
  reporter: 'list',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], channel: undefined, viewport: { width: 375, height: 740 } },
    },
  ],
});
