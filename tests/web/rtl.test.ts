// The web app mirrored for a right-to-left language, in Chromium at 390×844 and 1366×900: with `dir="rtl"` on the
// page, nothing scrolls sideways (the overflow that would scroll lies on the left there), nothing runs left to
// right, the header's brand sits at the right, the back link's arrow points right (back, in a right-to-left
// line), the account menu opens under its button and on the screen, and the close buttons of the login dialog and
// of a toast move to the left. Screenshots of home, the events list, an event, settings and admin settings land
// in test-artifacts/web/rtl for review. `dir` is set on the page directly: what it mirrors is the CSS, whatever
// language chooses it.
import type { Browser, Page } from 'playwright-core';
import type { Event, User } from '@prisma/client';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import { eventRow } from '../support/events';
import { ARTIFACTS_DIR } from '../support/env';
import { startTestApp, type TestApp } from '../support/test-app';
import { futureDate, launchBrowser, openPage, settle, shows } from './browser';

const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } } as const;
type Size = keyof typeof SIZES;
const DIR = path.join(ARTIFACTS_DIR, 'web', 'rtl');
const FLIPPED = 'matrix(-1, 0, 0, 1, 0, 0)';

/** Runs in the page before its scripts: `dir="rtl"` on <html> once it exists, and kept there. */
function keepRightToLeft() {
  document.addEventListener('DOMContentLoaded', () => {
    const root = document.documentElement;
    root.dir = 'rtl';
    new MutationObserver(() => {
      if (root.dir !== 'rtl') root.dir = 'rtl';
    }).observe(root, { attributes: true, attributeFilter: ['dir'] });
  });
}

describe('the web app right to left', () => {
  let app: TestApp;
  let browser: Browser;
  let admin: User;
  let event: Event;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startTestApp('pglite', { env: { DEMO_MODE: 'on' } }), launchBrowser()]);
    const { prisma } = app.deps;
    admin = await prisma.user.create({ data: { name: 'Layla Haddad', isAdmin: true, role: 'admin' } });
    event = await prisma.event.create({
      data: eventRow(admin.id, {
        name: 'أمسية الموسيقى المفتوحة',
        description: 'أحضر أغنية أو قصيدة أو نفسك فقط. '.repeat(4),
        location: 'قاعة الشباب، الطابق الثاني',
        imageUrl: '/images/events/concert.svg',
        date: futureDate(3, 18),
      }),
    });
    await prisma.event.create({
      data: eventRow(admin.id, { name: 'Lakeside Picnic', location: 'North Shore', date: futureDate(5, 13) }),
    });
    await prisma.attendance.create({ data: { eventId: event.id, userId: admin.id, status: 'attending' } });
    await prisma.comment.create({ data: { eventId: event.id, userId: admin.id, content: 'لا أستطيع الانتظار!' } });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function pageAs(user: User | null, size: Size, direction: 'rtl' | 'ltr' = 'rtl'): Promise<Page> {
    const page = await openPage(browser, app.url, { viewport: SIZES[size] });
    if (direction === 'rtl') await page.context().addInitScript(keepRightToLeft);
    if (user) {
      const token = await createSession(app.deps, user.id);
      await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: app.url, httpOnly: true }]);
    }
    return page;
  }

  /** Mirrored and whole: `dir="rtl"`, no sideways scrolling, nothing past either edge, the brand at the right. */
  async function check(page: Page, name: string) {
    await settle(page);
    const seen = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const box = (selector: string) => document.querySelector(selector)?.getBoundingClientRect();
      const brand = box('.site-header .brand');
      const row = box('.site-header .header-inner');
      const account = box('.site-header .account-button, .site-header .header-user');
      return {
        dir: document.documentElement.dir,
        scrollWidth: document.scrollingElement!.scrollWidth,
        clientWidth: document.scrollingElement!.clientWidth,
        outside: [...document.querySelectorAll('body *')]
          .filter((element) => !element.closest('.visually-hidden, .skip-link, [hidden], .table-wrap'))
          .filter((element) => {
            const { left, right, width: w } = element.getBoundingClientRect();
            return w > 0 && (left < -1 || right > width + 1);
          })
          .map((element) => `${element.tagName.toLowerCase()}.${String(element.className)}`)
          .slice(0, 5),
        // Radix draws dir="ltr" unless told: nothing runs left to right but the fields for addresses and links,
        // and a member's own words (a place, a name) set apart with dir="auto" to keep their own direction.
        leftToRight: [...document.querySelectorAll('body *:not(input)')]
          .filter((element) => getComputedStyle(element).direction === 'ltr' && !element.closest('[dir="auto"]'))
          .map((element) => `${element.tagName.toLowerCase()}.${String(element.className)}`)
          .slice(0, 5),
        brandGap: brand && row ? row.right - brand.right : undefined,
        brandRightOfAccount: brand && account ? brand.left >= account.right : undefined,
      };
    });
    expect(seen.dir, name).toBe('rtl');
    expect(seen.scrollWidth, `${name} scrolls sideways`).toBeLessThanOrEqual(seen.clientWidth);
    expect(seen.outside, `elements past the screen's edge on ${name}`).toEqual([]);
    expect(seen.leftToRight, `left-to-right parts of ${name}`).toEqual([]);
    // The header's row starts at the right: the brand first (its padding away from the edge), the account last.
    expect(seen.brandGap, `the brand's distance from the header's right end on ${name}`).toBeLessThanOrEqual(24);
    expect(seen.brandRightOfAccount, `the brand right of the account button on ${name}`).toBe(true);
    mkdirSync(DIR, { recursive: true });
    await page.screenshot({ path: path.join(DIR, `${name}.png`), fullPage: true, animations: 'disabled' });
  }

  for (const size of Object.keys(SIZES) as Size[]) {
    it(`When the page runs right to left at ${size} size, then home, events, an event, settings and admin settings are mirrored and fit`, async () => {
      const visitor = await pageAs(null, size);
      await visitor.goto('/');
      await shows(visitor.getByRole('button', { name: 'Login Now' }));
      await check(visitor, `home-visitor-${size}`);
      // The dialog's close button is at its inline end: the left.
      await visitor.getByRole('button', { name: 'Login', exact: true }).click();
      const dialog = visitor.getByRole('dialog', { name: 'Login to the product' });
      await shows(dialog);
      const dialogBox = (await dialog.boundingBox())!;
      const closeBox = (await dialog.getByRole('button', { name: 'Close' }).boundingBox())!;
      expect(closeBox.x - dialogBox.x).toBeLessThan(dialogBox.width / 4);
      expect(dialogBox.x).toBeGreaterThanOrEqual(0);
      expect(dialogBox.x + dialogBox.width).toBeLessThanOrEqual(SIZES[size].width);
      await visitor.screenshot({ path: path.join(DIR, `login-${size}.png`), animations: 'disabled' });
      await visitor.context().close();

      const page = await pageAs(admin, size);
      await page.goto('/');
      const trigger = page.getByRole('banner').getByRole('button', { name: 'Welcome, Layla Haddad' });
      await shows(trigger);
      await check(page, `home-member-${size}`);

      // The account menu opens under its button (at the left now) and stays on the screen.
      await trigger.click();
      const menu = page.getByRole('menu');
      await shows(menu);
      const triggerBox = (await trigger.boundingBox())!;
      const menuBox = (await menu.boundingBox())!;
      expect(menuBox.x).toBeGreaterThanOrEqual(0);
      expect(menuBox.x + menuBox.width).toBeLessThanOrEqual(SIZES[size].width);
      expect(Math.abs(menuBox.x - Math.max(8, triggerBox.x))).toBeLessThanOrEqual(1);
      await page.screenshot({ path: path.join(DIR, `account-menu-${size}.png`), animations: 'disabled' });
      await page.keyboard.press('Escape');

      await page.goto('/events');
      await shows(page.getByRole('heading', { name: 'Upcoming Events' }));
      await check(page, `events-${size}`);

      await page.goto(`/events/${event.id}`);
      await shows(page.getByRole('heading', { name: 'أمسية الموسيقى المفتوحة' }));
      const back = page.getByRole('link', { name: 'Back to Events' });
      // Polled: the page's stylesheet for the event page may still be on its way when the heading shows.
      const arrow = () =>
        back.evaluate((link) => {
          const icon = link.querySelector('svg')!;
          return {
            transform: getComputedStyle(icon).transform,
            atStart: icon.getBoundingClientRect().right >= link.getBoundingClientRect().right - 1,
          };
        });
      await expect.poll(arrow).toEqual({ transform: FLIPPED, atStart: true });
      await check(page, `event-${size}`);

      await page.goto('/settings');
      await shows(page.getByRole('heading', { name: 'Connected Accounts' }));
      await check(page, `settings-${size}`);
      // A toast (copied or not) comes at the left edge, its close button at its left.
      await page.getByRole('button', { name: 'Copy URL' }).click();
      const toast = page.locator('.toast').first();
      await shows(toast);
      const toastBox = (await toast.boundingBox())!;
      const toastClose = (await toast.getByRole('button', { name: 'Close' }).boundingBox())!;
      expect(toastBox.x).toBeCloseTo(16, 0);
      expect(toastClose.x - toastBox.x).toBeLessThan(toastBox.width / 4);
      await page.screenshot({ path: path.join(DIR, `toast-${size}.png`), animations: 'disabled' });

      await page.goto('/admin/settings?tab=templates');
      await shows(page.getByRole('heading', { name: 'Create Notification Template' }));
      await check(page, `admin-settings-${size}`);
      await page.context().close();
    }, 120_000);
  }

  it('When the page runs left to right, then the back arrow is not flipped', async () => {
    const page = await pageAs(admin, 'phone', 'ltr');
    await page.goto(`/events/${event.id}`);
    const icon = page.getByRole('link', { name: 'Back to Events' }).locator('svg');
    await shows(icon);
    expect(await icon.evaluate((svg) => getComputedStyle(svg).transform)).toBe('none');
    await page.context().close();
  });
});
