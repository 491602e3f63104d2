// Once for all browser tests: starts one Chromium that every test file connects to (each file still gets its own
// browser contexts). The web app they load is built by the run's global setup (tests/support/global-setup.ts).
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS } from './browser-args';
import { CHROMIUM_PATH } from '../support/env';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the shared Chromium listens (playwright's browser server). */
    browserWsEndpoint: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  project.provide('browserWsEndpoint', server.wsEndpoint());
  return () => server.close();
}
