import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './tests/support/sequencer';
import { i18nCatalogs } from './webapp/i18n-catalogs';

export default defineConfig({
  // Web app modules some tests import (lib/dates) load their messages as the web app does.
  plugins: [i18nCatalogs()],
  test: {
    environment: 'node',
    pool: 'forks',
    // Three workers on the two-core machines: a browser flow waits on Chromium and a file's app waits on its
    // database, so two workers leave the cores about half idle; a fourth adds no speed and makes waits time out
    // more often (docs/performance.md has the timings).
    maxWorkers: 3,
    // Each worker process runs file after file with the modules it has already loaded (the app, Prisma's client,
    // PGlite and its migrated snapshot) instead of a new process per file: a file's start costs tenths of a
    // second instead of seconds. Test files share no state but these caches (no mocks, no globals, no env
    // changes); every test app still gets a database of its own.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
    // The migrated database snapshots every test app starts from (tests/support/database-snapshots.ts).
    globalSetup: ['tests/support/global-setup.ts'],
    // Browser files first, API files behind them (tests/support/sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
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
