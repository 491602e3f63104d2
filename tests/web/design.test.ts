// The design's rules, measured in Chromium at 390×844 and 1366×900, light and dark: a member's home opens with
// their next event; the list shows at least three compact, whole-row-tappable rows on a phone's first screen;
// the header is one row on a desktop for every role, header and tab bar take at most 120 px of a phone, Logout
// is only in the account menu, no link is both in the header and the sidebar, and no word is broken mid-word.
// Screenshots land in test-artifacts/web/design for review.
import type { Browser, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import { eventRow } from '../support/events';
import { ARTIFACTS_DIR } from '../support/env';
import { startTestApp, type TestApp } from '../support/test-app';
import { futureDate, launchBrowser, openPage, settle, shows } from './browser';

const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } } as const;
const SCHEMES = ['light', 'dark'] as const;
const DIR = path.join(ARTIFACTS_DIR, 'web', 'design');
type Role = 'visitor' | 'member' | 'organiser' | 'admin';

const EVENTS = [
  { name: 'Board Games Night', days: 1, hour: 17, image: 'workshop', place: 'Youth Centre, Room 2' },
  { name: 'Sunset Walk along the River', days: 1, hour: 19, image: 'hike', place: 'Meet at the Old Bridge' },
  { name: 'Lakeside Picnic and Games Afternoon', days: 2, hour: 13, image: 'campfire', place: 'North Shore' },
  { name: 'Open Mic and Acoustic Evening', days: 3, hour: 18, image: 'concert', place: 'The Loft Café' },
  { name: 'Volunteering Workshop', days: 4, hour: 16, image: 'workshop', place: 'Library Hall' },
  { name: 'Winter Camp Information Evening', days: 6, hour: 18, image: 'campfire', place: 'Community Hall' },
  { name: 'Climbing Wall Taster', days: 8, hour: 15, image: 'hike', place: 'Boulder Barn' },
] as const;
/** The member's own plan: not the soonest event, so home must pick it out. */
const GOING_TO = 'Lakeside Picnic and Games Afternoon';

describe('the design: home, list and header', () => {
  let app: TestApp;
  let browser: Browser;
  const users = new Map<Role, number>();

  beforeAll(async () => {
    [app, browser] = await Promise.all([startTestApp('pglite'), launchBrowser()]);
    const { prisma } = app.deps;
    const admin = await prisma.user.create({ data: { name: 'Alex Admin', isAdmin: true, role: 'admin' } });
    const organiser = await prisma.user.create({ data: { name: 'Olga Organiser', role: 'organiser' } });
    const member = await prisma.user.create({ data: { name: 'Mia Member' } });
    users.set('admin', admin.id).set('organiser', organiser.id).set('member', member.id);
    for (const event of EVENTS) {
      const row = await prisma.event.create({
        data: eventRow(admin.id, {
          name: event.name,
          description: `${event.name}: come along, bring a friend and meet new people. Everyone is welcome.`,
          location: event.place,
          imageUrl: `/images/events/${event.image}.svg`,
          date: futureDate(event.days, event.hour),
        }),
      });
      if (event.name === GOING_TO) {
        await prisma.attendance.create({ data: { eventId: row.id, userId: member.id, status: 'attending' } });
      }
    }
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function pageAs(role: Role, size: keyof typeof SIZES, scheme: (typeof SCHEMES)[number]): Promise<Page> {
    const page = await openPage(browser, app.url, { viewport: SIZES[size], colorScheme: scheme });
    const id = users.get(role);
    if (id !== undefined) {
      const token = await createSession(app.deps, id);
      await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: app.url, httpOnly: true }]);
    }
    return page;
  }

  async function screenshot(page: Page, name: string) {
    mkdirSync(DIR, { recursive: true });
    await page.screenshot({ path: path.join(DIR, `${name}.png`), animations: 'disabled' });
  }

  /** Words (letters and digits) that the browser drew on more than one line: broken mid-word. */
  const brokenWords = (page: Page) =>
    page.evaluate(() => {
      const broken: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest('.visually-hidden, script, style') || !parent.checkVisibility()) continue;
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/[\p{L}\p{N}']{2,}/gu)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          const width = range.getBoundingClientRect().width;
          // A word longer than its whole line has to break (a pasted link); every other word stays whole.
          const lineWidth = parent.getBoundingClientRect().width;
          if (tops.size > 1 && width < lineWidth) broken.push(match[0]);
        }
      }
      return broken;
    });

  /** The header's and the tab bar's heights, and whether the brand's name shows. */
  const chrome = (page: Page) =>
    page.evaluate(() => {
      const header = document.querySelector('.site-header')!.getBoundingClientRect();
      const nav = document.querySelector('nav[aria-label="Main"]');
      const tabBar = nav && getComputedStyle(nav).position === 'fixed' ? nav.getBoundingClientRect().height : 0;
      const brand = document.querySelector('.brand-title');
      return { header: header.height, tabBar, brandShown: !!brand?.checkVisibility() && !!brand.textContent };
    });

  for (const scheme of SCHEMES) {
    for (const size of ['phone', 'desktop'] as const) {
      const shot = (screen: string) => `${screen}-${size}-${scheme}`;

      it(`When a member opens home on a ${size} in ${scheme} mode, then it starts with their next event`, async () => {
        const page = await pageAs('member', size, scheme);
        await page.goto('/');
        const next = page.getByRole('region', { name: 'Your next event' });
        await shows(next);
        await settle(page);
        await shows(next.getByRole('heading', { name: GOING_TO }));
        await shows(next.getByText('Attending', { exact: true }));
        await shows(next.getByText(/^(Today|Tomorrow|\w+day, \w+ \d{1,2})$/));
        expect(await next.locator('img').count()).toBe(1);
        // It is the first thing after the greeting, in the first screen.
        const box = (await next.boundingBox())!;
        expect(box.y).toBeLessThan(SIZES[size].height / 2);
        const featured = page.getByRole('region', { name: 'Featured Events' });
        if (size === 'phone') {
          // Cards on a phone, each with its details link and RSVP control; the table stays for wide screens.
          expect(await featured.getByRole('table').count()).toBe(0);
          await shows(featured.getByRole('listitem').filter({ hasText: 'Board Games Night' }));
          expect(await featured.getByRole('link', { name: /^View Details: / }).count()).toBe(5);
          // 'Reply to …' before a reply, 'Change RSVP for …' after one.
          expect(await featured.getByRole('button', { name: /^(Change RSVP for|Reply to) / }).count()).toBe(5);
        } else {
          const headers = await featured.getByRole('columnheader').allTextContents();
          expect(headers).toEqual(['Event Name', 'Date', 'RSVP Status', 'Actions']);
          expect(await featured.getByRole('row').count()).toBe(6);
        }
        expect(await brokenWords(page)).toEqual([]);
        await screenshot(page, shot('home-member'));
        await page.context().close();
      });

      it(`When a member opens the list on a ${size} in ${scheme} mode, then compact rows under day headings fill the first screen`, async () => {
        const page = await pageAs('member', size, scheme);
        await page.goto('/events');
        await shows(page.getByRole('heading', { name: 'Upcoming Events' }));
        await settle(page);
        const rows = page.locator('article.event-card');
        await expect.poll(() => rows.count()).toBe(EVENTS.length);
        // Day headings, then each row's time in the event's zone ('5:00 PM'): the heading already says the day.
        // The two events of the next day share one heading (Tomorrow, or Today once the clock passed midnight).
        const nextDay = page.locator('section').filter({ has: page.getByText('Board Games Night', { exact: true }) });
        expect(await nextDay.getByRole('heading', { level: 2 }).textContent()).toMatch(/^(Tomorrow|Today)$/);
        expect(await nextDay.locator('article').count()).toBe(2);
        const when = await rows.first().locator('time').textContent();
        expect(when).toMatch(/^\d{1,2}:\d{2} [AP]M$/);
        // No long date repeats it.
        expect(
          await rows
            .first()
            .getByText(/\w+day, \w+ \d{1,2}, \d{4}/)
            .count(),
        ).toBe(0);

        const visible = await page.evaluate(() => {
          const header = document.querySelector('.site-header')!.getBoundingClientRect().bottom;
          const nav = document.querySelector('nav[aria-label="Main"]');
          const bottom =
            nav && getComputedStyle(nav).position === 'fixed' ? nav.getBoundingClientRect().top : innerHeight;
          return [...document.querySelectorAll('article.event-card')].filter((row) => {
            const box = row.getBoundingClientRect();
            return box.top >= header && box.bottom <= bottom;
          }).length;
        });
        await screenshot(page, shot('list'));
        expect(visible).toBeGreaterThanOrEqual(3);

        // The whole row is one link (its name's), and the join button is beside it, not inside it.
        const row = rows.first();
        const link = row.getByRole('link', { name: 'View Event Details: Board Games Night' });
        expect(await row.getByRole('link').count()).toBe(1);
        expect(await page.locator('a button, a a, a input, a [role="button"]').count()).toBe(0);
        const hit = await row.evaluate((article) => {
          const box = article.getBoundingClientRect();
          const at = (x: number, y: number) => document.elementFromPoint(x, y)?.closest('a')?.textContent ?? null;
          return [at(box.left + 8, box.top + 8), at(box.left + box.width / 2, box.bottom - 8)];
        });
        expect(hit).toEqual([await link.textContent(), await link.textContent()]);
        // Joining is the row's main action: a primary button.
        const join = row.getByRole('button', { name: 'Join Board Games Night' });
        await shows(join);
        expect(await brokenWords(page)).toEqual([]);

        await link.click();
        await shows(page.getByRole('heading', { level: 1, name: 'Board Games Night' }));
        await page.context().close();
      });
    }

    it(`When each role opens home at 1366 px in ${scheme} mode, then the header is one light row`, async () => {
      for (const role of ['visitor', 'member', 'organiser', 'admin'] as const) {
        const page = await pageAs(role, 'desktop', scheme);
        await page.goto('/');
        await shows(page.getByRole('search'));
        await settle(page);
        const { header, brandShown } = await chrome(page);
        expect(header, `${role}'s header height`).toBeLessThanOrEqual(72);
        expect(brandShown).toBe(true);
        // The search box is wide enough to read its placeholder.
        const search = page.getByPlaceholder('Search events...');
        expect((await search.boundingBox())!.width).toBeGreaterThanOrEqual(200);
        // No link is both in the header and in the sidebar.
        const hrefs = (selector: string) =>
          page
            .locator(selector)
            .evaluateAll((links) =>
              links.filter((link) => (link as HTMLElement).checkVisibility()).map((link) => link.getAttribute('href')),
            );
        const inHeader = await hrefs('header.site-header a[href]');
        const inSidebar = await hrefs('.sidebar a[href]');
        expect(inHeader.filter((href) => inSidebar.includes(href))).toEqual([]);

        if (role === 'visitor') {
          await shows(page.getByRole('button', { name: 'Login', exact: true }));
        } else {
          // Logout only inside the account menu (the member's avatar and name).
          expect(await page.getByRole('button', { name: 'Logout' }).count()).toBe(0);
          const account = page.getByRole('banner').getByRole('button', { name: /^Welcome, / });
          await account.click();
          await shows(page.getByRole('menuitem', { name: 'Logout' }));
          const items = await page.getByRole('menuitem').allTextContents();
          expect(items.map((item) => item.trim())).toEqual(
            role === 'admin' ? ['Settings', 'Admin Settings', 'Logout'] : ['Settings', 'Logout'],
          );
          await screenshot(page, `header-menu-${role}-desktop-${scheme}`);
          await page.keyboard.press('Escape');
        }
        expect(await brokenWords(page)).toEqual([]);
        await screenshot(page, `header-${role}-desktop-${scheme}`);
        await page.context().close();
      }
    });

    it(`When a visitor and an admin open home on a phone in ${scheme} mode, then header and tab bar take at most 120 px and the brand shows`, async () => {
      for (const role of ['visitor', 'admin'] as const) {
        const page = await pageAs(role, 'phone', scheme);
        await page.goto('/');
        await shows(page.getByRole('banner'));
        await settle(page);
        await screenshot(page, `home-${role}-phone-${scheme}`);
        const { header, tabBar, brandShown } = await chrome(page);
        expect(header + tabBar, `${role}: header ${header} + tab bar ${tabBar}`).toBeLessThanOrEqual(120);
        expect(brandShown).toBe(true);
        expect(await page.getByRole('button', { name: 'Logout' }).count()).toBe(0);
        // The search opens over the header's row and sends the member to the list.
        await page.getByRole('button', { name: 'Search events' }).click();
        const search = page.getByPlaceholder('Search events...');
        await shows(search);
        await screenshot(page, `header-search-${role}-phone-${scheme}`);
        if (role === 'admin') {
          await search.fill('picnic');
          await search.press('Enter');
          await shows(page.getByText('1 event matches “picnic”.'));
          await page
            .getByRole('banner')
            .getByRole('button', { name: /^Welcome, / })
            .click();
          await shows(page.getByRole('menuitem', { name: 'Logout' }));
          const items = await page.getByRole('menuitem').allTextContents();
          expect(items.map((item) => item.trim())).toEqual(['Settings', 'Admin Settings', 'Logout']);
          await screenshot(page, `header-menu-admin-phone-${scheme}`);
          await page.getByRole('menuitem', { name: 'Logout' }).click();
          await shows(page.getByRole('button', { name: 'Login Now' }));
        }
        await page.context().close();
      }
    });
  }
});
