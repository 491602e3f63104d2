// Every RSVP button reads in every state: text contrast at least 4.5:1 (WCAG AA) in its default, hovered,
// focused, pressed (the member's choice) and pressed-and-hovered states, in the light and the dark scheme.
// Colours are read as the browser computed them and resolved to sRGB by a canvas (color-mix included).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import { eventRow } from '../support/events';
import { startTestApp, type TestApp } from '../support/test-app';
import { launchBrowser, openPage, settle, shows } from './browser';

/** The contrast ratio of the button's text on its own background (or what shows through it). */
function contrastOf(page: Page, name: string): Promise<number> {
  return page.evaluate((label) => {
    const button = [...document.querySelectorAll('.rsvp-buttons button')].find((b) => b.textContent?.includes(label))!;
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    const rgba = (css: string) => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = css;
      context.fillRect(0, 0, 1, 1);
      return [...context.getImageData(0, 0, 1, 1).data] as [number, number, number, number];
    };
    let element: Element | null = button;
    let background = rgba(getComputedStyle(button).backgroundColor);
    while (background[3] === 0 && element?.parentElement) {
      element = element.parentElement;
      background = rgba(getComputedStyle(element).backgroundColor);
    }
    const text = rgba(getComputedStyle(button).color);
    const luminance = ([r, g, b]: number[]) => {
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
    };
    const [light, dark] = [luminance(text), luminance(background)].sort((a, b) => b - a) as [number, number];
    return (light + 0.05) / (dark + 0.05);
  }, name);
}

describe('the RSVP buttons in every state', () => {
  let app: TestApp;
  let browser: Browser;
  let eventId: number;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startTestApp('pglite'), launchBrowser()]);
    const creator = await app.deps.prisma.user.create({ data: { name: 'Olga Organiser', role: 'organiser' } });
    eventId = (await app.deps.prisma.event.create({ data: eventRow(creator.id, { capacity: 10 }) })).id;
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`When a member hovers, focuses and presses each RSVP button in the ${scheme} scheme, then its text keeps 4.5:1`, async () => {
      const user = await app.deps.prisma.user.create({ data: { name: `Mia ${scheme}` } });
      const page = await openPage(browser, app.url, { colorScheme: scheme, viewport: { width: 1366, height: 900 } });
      const token = await createSession(app.deps, user.id);
      await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: app.url, httpOnly: true }]);
      await page.goto(`/events/${eventId}`);
      await shows(page.locator('.rsvp-buttons button').first());
      await settle(page);
      // The states as they end, not halfway through a colour transition.
      await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });

      const labels = await page.locator('.rsvp-buttons button').allInnerTexts();
      expect(labels.length).toBeGreaterThanOrEqual(3);
      const ratios: Record<string, number> = {};
      const rest = async () => {
        await page.mouse.move(1, 1);
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      };
      for (const label of labels) {
        const button = page.locator('.rsvp-buttons button', { hasText: label });
        await rest();
        ratios[`${label} default`] = await contrastOf(page, label);
        await button.hover();
        ratios[`${label} hovered`] = await contrastOf(page, label);
        await rest();
        await button.focus();
        ratios[`${label} focused`] = await contrastOf(page, label);
        await button.click();
        await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
        await settle(page);
        await button.hover();
        ratios[`${label} pressed and hovered`] = await contrastOf(page, label);
        await rest();
        ratios[`${label} pressed`] = await contrastOf(page, label);
      }
      const low = Object.entries(ratios).filter(([, ratio]) => ratio < 4.5);
      expect(low, JSON.stringify(ratios)).toEqual([]);
      await page.context().close();
    });
  }
});
