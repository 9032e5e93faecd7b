import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '~': fileURLToPath(new URL('./app', import.meta.url)),
      '#server': fileURLToPath(new URL('./server', import.meta.url)),
    },
  },
  test: {
    include: [
      'app/**/*.test.{ts,tsx}',
      'server/**/*.test.ts',
      'scripts/**/*.test.ts',
      'tests/integration/**/*.test.ts',
      // The lint rules that keep dependencies one way (eslint/).
      'tests/lint/**/*.test.ts',
      // The security, fault and scale suite (npm run test:hardening runs it alone).
      'tests/hardening/**/*.test.ts',
    ],
    environment: 'node',
    globalSetup: ['tests/support/vitest-global-setup.ts'],
    // Integration tests start real servers and databases; give them room on a 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
