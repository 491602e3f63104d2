// Browser-test kit: Debian's Chromium through playwright-core, axe checks, and screenshots on a phone and a
// desktop viewport (saved under test-artifacts/, never committed).
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { ARTIFACTS_DIR } from '../support/env';

/**
 * The database the browser tests run on. They check what a person sees and does; the API tests run every
 * call on both PGlite and PostgreSQL, so running the browser on both as well doubled their time and proved
 * nothing more.
 */
export const WEB_DATABASE_KINDS = ['pglite'] as const;

export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 860 };

/** The Chromium the global setup started for every browser test (closing it here only disconnects). */
export function launchBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserWsEndpoint'));
}

export async function openPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP, timezoneId: 'UTC', locale: 'en-US' });
  // Nothing outside the machine: third-party scripts (Google, Telegram) are answered with an empty 404.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.fulfill({ status: 404, body: '' }));
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return page;
}

/** Waits for the app to finish loading (no 'Loading' state cards). */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.locator('[role="status"]:has-text("Loading")').count(), { timeout: 10_000 }).toBe(0);
}

/**
 * Checks a screen: axe reports no serious or critical violation, nothing is wider than a phone or a desktop
 * screen, and screenshots are saved for both (full page). The flows call it for the states only they reach
 * (dialogs, errors, a verified phone): layout.test.ts checks every page at both sizes and in both schemes.
 */
export async function checkScreen(page: Page, name: string) {
  await settle(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
  expect(serious, `accessibility problems on ${name}`).toEqual([]);
  const dir = path.join(ARTIFACTS_DIR, 'web');
  mkdirSync(dir, { recursive: true });
  const original = page.viewportSize() ?? DESKTOP;
  for (const [label, size] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    // Nothing may be wider than the screen: a 360 px phone scrolls down, never sideways.
    const overflow = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      return [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > width + 1)
        .filter((element) => !element.closest('.visually-hidden, .skip-link, [hidden]'))
        .map((element) => `${element.tagName.toLowerCase()}.${element.className}`)
        .slice(0, 5);
    });
    expect(overflow, `elements wider than the ${label} screen on ${name}`).toEqual([]);
    await page.screenshot({ path: path.join(dir, `${name}-${label}.png`), fullPage: true, animations: 'disabled' });
  }
  await page.setViewportSize(original);
}

/** Waits until the element is visible; fails the test when it does not appear in time. */
export async function shows(locator: Locator) {
  await locator.waitFor({ state: 'visible' });
}

export async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.locator('.toast').filter({ hasText: title }).first();
  await expect.poll(() => toast.isVisible(), { message: `toast '${title}'` }).toBe(true);
  if (description) expect(await toast.textContent()).toContain(description);
}

export async function signInWithDemo(page: Page, account: 'Demo Admin' | 'Demo Member') {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Login to the product' });
  await dialog.getByRole('button', { name: `Demo: sign in as ${account}` }).click();
  await shows(page.getByText(`Welcome, ${account}`));
}

export const futureDate = (days: number, hour = 18) => {
  const date = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  date.setUTCHours(hour, 0, 0, 0);
  return date;
};
