// In-app navigation lands at the top of the new page: its heading and Back link show below the sticky header,
// on a phone and on a desktop, however far down the member was on the page they left.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import { eventRow } from '../support/events';
import { startTestApp, type TestApp } from '../support/test-app';
import { launchBrowser, openPage, settle, shows } from './browser';

describe('navigation in the web app', () => {
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startTestApp('pglite'), launchBrowser()]);
    const creator = await app.deps.prisma.user.create({ data: { name: 'Olga Organiser', role: 'organiser' } });
    for (let day = 1; day <= 12; day++) {
      await app.deps.prisma.event.create({
        data: eventRow(creator.id, { name: `Evening ${day}`, date: new Date(Date.UTC(2030, 0, day, 18)) }),
      });
    }
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function memberPage(viewport: { width: number; height: number }): Promise<Page> {
    const user = await app.deps.prisma.user.create({ data: { name: 'Mia Member' } });
    const page = await openPage(browser, app.url, { viewport });
    const token = await createSession(app.deps, user.id);
    await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: app.url, httpOnly: true }]);
    return page;
  }

  /** How far the element's top is below the sticky header's bottom (negative: hidden under it or above). */
  const belowHeader = (page: Page, selector: string) =>
    page.evaluate((target) => {
      const header = document.querySelector('.site-header')!.getBoundingClientRect();
      return document.querySelector(target)!.getBoundingClientRect().top - header.bottom;
    }, selector);

  for (const [label, viewport] of [
    ['a phone', { width: 390, height: 844 }],
    ['a desktop', { width: 1366, height: 900 }],
  ] as const) {
    it(`When a member scrolled down the list on ${label} and opens an event, then its heading and Back link show at the top`, async () => {
      const page = await memberPage(viewport);
      await page.goto('/events');
      await settle(page);
      const last = page.getByRole('link', { name: /Evening 12/ }).first();
      await last.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);

      await last.click();
      await shows(page.getByRole('heading', { level: 1, name: 'Evening 12' }));
      await settle(page);

      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(await belowHeader(page, 'main h1')).toBeGreaterThanOrEqual(0);
      const back = page.locator('main a', { hasText: /Back/ }).first();
      expect(await back.isVisible()).toBe(true);
      expect(await belowHeader(page, 'main a[href="/events"]')).toBeGreaterThanOrEqual(0);
      // Focus moved to the new content, for keyboard and screen-reader users.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
      await page.context().close();
    });
  }
});
