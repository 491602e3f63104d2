// The footer's language picker on a cold load: a visitor who opens home and picks another language as soon as
// the picker shows, load after load (each in a new browser context, on a CPU six times slower, its scripts and
// messages arriving at different speeds), sees the page in that language and no error in the console, React's
// recovered ones included (#520: the picker suspended while mounting for its messages, and its replay threw).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';
import { launchBrowser, openPage } from './browser';

const PHONE = { width: 390, height: 844 };
/** Delays (ms) for the page's scripts and messages, load by load (on a phone-slow CPU the race shows at 0). */
const DELAYS = [0, 0, 0, 0, 0, 0, 0, 20, 40, 60];

describe('the footer language picker on a cold load', () => {
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startTestApp('pglite'), launchBrowser()]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  /** Opens home cold, picks `language` in the footer at once; answers the console's errors. */
  async function pickOnColdLoad(delay: number, language: string): Promise<string[]> {
    const page: Page = await openPage(browser, app.url, { viewport: PHONE });
    page.setDefaultTimeout(30_000);
    // React reports an error it recovered from as an uncaught error; what was thrown is its `cause`.
    await page.addInitScript(() =>
      window.addEventListener('error', (event) => {
        const cause = (event.error as { cause?: unknown } | undefined)?.cause;
        if (cause) console.error(`cause: ${cause instanceof Error ? (cause.stack ?? cause.message) : String(cause)}`);
      }),
    );
    if (delay) {
      await page.route('**/assets/**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, delay));
        await route.continue();
      });
    }
    // A phone's CPU: the picker's chunk then arrives while React is still rendering the first screen.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`delay ${delay}: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`delay ${delay}: ${error.message}`));
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Language' }).selectOption(language);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
    await page.getByRole('heading', { name: 'Über uns' }).waitFor();
    await page.context().close();
    return errors;
  }

  it('When a visitor picks Deutsch in the footer as soon as it shows, then the page is German and the console clean', async () => {
    const errors: string[] = [];
    for (const delay of DELAYS) errors.push(...(await pickOnColdLoad(delay, 'de')));
    expect(errors).toEqual([]);
  }, 180_000);
});
