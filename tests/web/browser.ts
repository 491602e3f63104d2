// Browser-test kit: Debian's Chromium through playwright-core, axe checks, and screenshots on a phone and a
// desktop viewport (saved under test-artifacts/, never committed).
import type axe from 'axe-core';
import { createRequire } from 'node:module';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { createSession, SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import { ARTIFACTS_DIR } from '../support/env';
import type { TestApp } from '../support/test-app';

/**
 * The database the browser tests run on. They check what a person sees and does; the API tests run every
 * call on both PGlite and PostgreSQL, so running the browser on both as well would double their time and prove
 * nothing more.
 */
export const WEB_DATABASE_KINDS = ['pglite'] as const;

export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 860 };

/** The Chromium the global setup started for every browser test (closing it here only disconnects). */
export function launchBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserWsEndpoint'));
}

type ContextOptions = NonNullable<Parameters<Browser['newContext']>[0]>;

/**
 * A browser context on the test app: UTC and en-US unless told otherwise, and the page's fetches counted so that
 * settle() can wait for them to finish. (Hosts outside the machine do not resolve: browser-args.ts.)
 */
export async function newTestContext(browser: Browser, options: ContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: DESKTOP, timezoneId: 'UTC', locale: 'en-US', ...options });
  await context.addInitScript(countFetches);
  return context;
}

export async function openPage(browser: Browser, baseURL: string, options: ContextOptions = {}): Promise<Page> {
  const context = await newTestContext(browser, { ...options, baseURL });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return page;
}

/**
 * A page signed in as `userId` (a session cookie, as a sign-in leaves), on a phone of 390×844 unless told
 * otherwise, in the colour scheme and language given (the language cookie the picker sets).
 */
export async function signedInPage(
  browser: Browser,
  app: Pick<TestApp, 'url' | 'deps'>,
  userId: number,
  options: { language?: string; scheme?: 'light' | 'dark'; viewport?: { width: number; height: number } } = {},
): Promise<Page> {
  const context = await newTestContext(browser, {
    baseURL: app.url,
    viewport: options.viewport ?? { width: 390, height: 844 },
    colorScheme: options.scheme ?? 'light',
  });
  const token = await createSession(app.deps, userId);
  await context.addCookies([
    { name: SESSION_COOKIE, value: token, url: app.url },
    ...(options.language ? [{ name: 'language', value: options.language, url: app.url }] : []),
  ]);
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return page;
}

/** Runs in the page before its scripts: keeps the number of fetch() calls still waiting for their answer. */
function countFetches() {
  const counted = window as unknown as { __fetchesInFlight: number };
  counted.__fetchesInFlight = 0;
  const original = window.fetch.bind(window);
  window.fetch = async (...args: Parameters<typeof fetch>) => {
    counted.__fetchesInFlight++;
    try {
      return await original(...args);
    } finally {
      counted.__fetchesInFlight--;
    }
  };
}

/**
 * Waits for the app to finish loading: the document and the images on the screen loaded, no request of the app's in flight and
 * no 'Loading' state, still so two frames later (an answer that starts another request shows between them).
 * Cheaper than Playwright's 'networkidle', which always waits for half a second of silence.
 */
/**
 * Waits for the page's running animations. A cancelled one (a toast taken away, a transition interrupted by the
 * scheme change) rejects its `finished` with AbortError; it has stopped moving all the same, so it counts as done.
 */
export async function animationsDone(page: Page) {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
}

export async function settle(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          // Images below the fold may wait for a scroll (loading="lazy"); those on the screen must have loaded.
          const onScreen = (element: Element) => {
            const box = element.getBoundingClientRect();
            return box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
          };
          const quiet = () =>
            document.readyState === 'complete' &&
            ((window as unknown as { __fetchesInFlight?: number }).__fetchesInFlight ?? 0) === 0 &&
            [...document.images].every((image) => image.complete || !onScreen(image)) &&
            ![...document.querySelectorAll('[role="status"]')].some((status) =>
              status.textContent?.includes('Loading'),
            );
          if (!quiet()) return false;
          for (let frame = 0; frame < 2; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
          return quiet();
        }),
      { timeout: 10_000, interval: 50, message: 'the page to finish loading' },
    )
    .toBe(true);
}

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** axe-core's minified build (560 KB; its main file is the 1.3 MB readable one). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe on the page as it is: no serious or critical violation of WCAG 2.1 A and AA. */
export async function expectAccessible(page: Page, name: string) {
  // axe is loaded into a document once (loading it is much of a check's cost: @axe-core/playwright loaded the
  // readable build twice per check and finished in a new blank page), and collects only violations (the passes'
  // details are most of its work).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async (tags) =>
      (
        await (window as unknown as { axe: typeof axe }).axe.run(document, {
          runOnly: { type: 'tag', values: tags },
          resultTypes: ['violations'],
        })
      ).violations,
    WCAG_21_AA,
  );
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
  expect(serious, `accessibility problems on ${name}`).toEqual([]);
}

/**
 * Checks a screen: axe reports no serious or critical violation, nothing is wider than a phone or a desktop
 * screen, and screenshots are saved for both (full page). The flows call it for the states only they reach
 * (dialogs, errors, a verified phone): layout.test.ts checks every page at both sizes and in both schemes.
 */
export async function checkScreen(
  page: Page,
  name: string,
  sizes: { phone: { width: number; height: number }; desktop: { width: number; height: number } } = {
    phone: PHONE,
    desktop: DESKTOP,
  },
) {
  await settle(page);
  await expectAccessible(page, name);
  const dir = path.join(ARTIFACTS_DIR, 'web');
  mkdirSync(dir, { recursive: true });
  const original = page.viewportSize() ?? DESKTOP;
  for (const [label, size] of [
    ['phone', sizes.phone],
    ['desktop', sizes.desktop],
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
  // The account menu's button: 'Welcome, {name}' beside the avatar (on a phone the avatar alone shows).
  await shows(page.getByRole('banner').getByRole('button', { name: `Welcome, ${account}` }));
}

/** Opens the account menu (the header's avatar and name) and chooses an item: Settings, Admin Settings or Logout. */
export async function chooseInAccountMenu(page: Page, item: 'Settings' | 'Admin Settings' | 'Logout') {
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Welcome, / })
    .click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Opens a section of Admin Settings → Setup (Notification Templates, Email Settings, Backups, Organisation). */
export async function openAdminSetup(page: Page, section: string) {
  const tab = page.getByRole('tab', { name: 'Setup' });
  await shows(tab);
  if ((await tab.getAttribute('aria-selected')) === 'true') {
    await page.getByRole('main').getByRole('link', { name: 'Setup', exact: true }).click();
  } else {
    await tab.click();
  }
  await page
    .getByRole('main')
    .getByRole('link', { name: new RegExp(`^${section}`) })
    .click();
}

export const futureDate = (days: number, hour = 18) => {
  const date = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  date.setUTCHours(hour, 0, 0, 0);
  return date;
};

/** YYYY-MM-DD, `years` years before today (UTC): a birth date of that age. */
export function yearsAgo(years: number): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
}

/**
 * Chooses a date of birth (YYYY-MM-DD) in the day / month / year selects of the group labelled `label` (its
 * words in the page's language), as a member would: year, month, then day.
 */
export async function chooseBirthDate(scope: Page | Locator, value: string, label = 'Date of birth') {
  const [year, month, day] = value.split('-').map((part) => String(Number(part)));
  const group = scope.getByRole('group', { name: label });
  const selects = group.locator('select');
  // In the language's order; each select is found by its value list: the year's has four digits.
  for (const select of await selects.all()) {
    const values = await select
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
    const wanted = values.some((option) => option.length === 4) ? year : values.length === 12 ? month : day;
    await select.selectOption(wanted!);
  }
}

/** A 20-place trip nine days ahead whose minors need a guardian's approval (a row for prisma.event.create). */
export const overnightCamp = (creatorId: number) => ({
  name: 'Overnight Camp',
  description: 'A night in tents by the lake; parents approve each child.',
  location: 'Lakeside campsite',
  imageUrl: '/images/events/campfire.svg',
  date: futureDate(9),
  isPublic: true,
  creatorId,
  capacity: 20,
  requiresGuardianApproval: true,
});
