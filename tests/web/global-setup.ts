// Once for all browser tests: builds the web app unless dist/webapp is newer than every source file, and
// starts one Chromium that every test file connects to (each file still gets its own browser contexts).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS } from './browser-args';
import { CHROMIUM_PATH } from '../support/env';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST_INDEX = path.join(ROOT, 'dist/webapp/index.html');
const SOURCES = ['webapp', 'shared'].map((dir) => path.join(ROOT, dir));

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const time = entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs;
    if (time > newest) newest = time;
  }
  return newest;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the shared Chromium listens (playwright's browser server). */
    browserWsEndpoint: string;
  }
}

function buildWebApp() {
  const built = existsSync(DIST_INDEX) ? statSync(DIST_INDEX).mtimeMs : 0;
  const sources = Math.max(...SOURCES.map(newestMtime));
  if (built > sources) return;
  // Vitest sets NODE_ENV=test, which would give React's development build: build what users get.
  execFileSync(
    'env',
    [
      'NODE_ENV=production',
      process.execPath,
      path.join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      'webapp/vite.config.ts',
      '--logLevel',
      'warn',
    ],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
}

export default async function setup(project: TestProject) {
  buildWebApp();
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  project.provide('browserWsEndpoint', server.wsEndpoint());
  return () => server.close();
}
