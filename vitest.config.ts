import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
    projects: [
      { extends: true, test: { name: 'node', include: ['tests/**/*.test.ts'], exclude: ['tests/web/**'] } },
      // Browser tests: the built web app in headless Chromium; the bundle is (re)built once per run when stale.
      {
        extends: true,
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.ts'],
          globalSetup: ['tests/web/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: 10_000, interval: 100 } },
        },
      },
    ],
  },
});
