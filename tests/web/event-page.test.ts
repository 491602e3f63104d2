// The facts come first, in Chromium at 390×844 and 1366×900, light and dark: a member opening an event sees its
// name, date and time and place (a link to a map search) in the first screen of a phone, who hosts it and the
// faces of those going with "+N" (a minor going reads "Maria S." without a picture); the Share button copies the
// link where the browser has no share sheet; on a phone a bar at the bottom keeps the reply in reach after
// scrolling (never on a desktop); in the list a full event's button says 'Join the waitlist', then 'Leave the
// waitlist'. Screenshots land in test-artifacts/web/event-page.
import type { Event, User } from '@prisma/client';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import { eventRow } from '../support/events';
import { ARTIFACTS_DIR } from '../support/env';
import { startTestApp, type TestApp } from '../support/test-app';
import { expectAccessible, expectToast, futureDate, launchBrowser, openPage, settle, shows, yearsAgo } from './browser';

const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } } as const;
const SCHEMES = ['light', 'dark'] as const;
const DIR = path.join(ARTIFACTS_DIR, 'web', 'event-page');
const PLACE = 'Tempelhofer Feld, Berlin';
/** The minor's picture: never in the page of a member who is not entitled to it. */
const MINOR_PICTURE = '/images/events/concert.svg?maria';

describe('the event page: the facts first', () => {
  let app: TestApp;
  let browser: Browser;
  let mia: User;
  let party: Event;
  let fullHouse: Event;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startTestApp('pglite'), launchBrowser()]);
    const { prisma } = app.deps;
    const olga = await prisma.user.create({ data: { name: 'Olga Organiser', role: 'organiser' } });
    mia = await prisma.user.create({ data: { name: 'Mia Member' } });
    const maria = await prisma.user.create({
      data: {
        name: 'Maria Schmidt',
        birthDate: new Date(yearsAgo(14)),
        photoConsent: 'internal',
        avatarUrl: MINOR_PICTURE,
      },
    });
    party = await prisma.event.create({
      data: eventRow(olga.id, {
        name: 'Rooftop Summer Party',
        description: 'Music, lemonade and the sunset. '.repeat(30),
        location: PLACE,
        imageUrl: '/images/events/concert.svg',
        date: futureDate(4, 18),
      }),
    });
    // Seven going, one of them a minor: five faces and "+2".
    const others = ['Zoe Adams', 'Yusuf Brown', 'Xenia Clark', 'Will Dane', 'Vera Ernst', 'Uma Fox'];
    for (const name of others) {
      const user = await prisma.user.create({ data: { name } });
      await prisma.attendance.create({ data: { eventId: party.id, userId: user.id, status: 'attending' } });
    }
    await prisma.attendance.create({ data: { eventId: party.id, userId: maria.id, status: 'attending' } });
    fullHouse = await prisma.event.create({
      data: eventRow(olga.id, { name: 'Full House Quiz', date: futureDate(2, 19), capacity: 1 }),
    });
    await prisma.attendance.create({ data: { eventId: fullHouse.id, userId: olga.id, status: 'attending' } });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function pageAs(user: User, size: keyof typeof SIZES, scheme: 'light' | 'dark' = 'light') {
    const page = await openPage(browser, app.url, { viewport: SIZES[size], colorScheme: scheme });
    const token = await createSession(app.deps, user.id);
    await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: app.url, httpOnly: true }]);
    return page;
  }

  /** The bottom of what the phone shows: above the tab bar and the reply bar when they are there. */
  const visibleBottom = (page: Page) =>
    page.evaluate(() => {
      const tops = ['nav[aria-label="Main"]', '[data-testid="rsvp-bar"]:not([hidden])'].flatMap((selector) => {
        const element = document.querySelector(selector);
        return element && getComputedStyle(element).position === 'fixed' ? [element.getBoundingClientRect().top] : [];
      });
      return Math.min(innerHeight, ...tops);
    });

  async function noSidewaysScroll(page: Page, name: string) {
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth, `${name} scrolls sideways`).toBeLessThanOrEqual(innerWidth);
  }

  for (const size of Object.keys(SIZES) as (keyof typeof SIZES)[]) {
    for (const scheme of SCHEMES) {
      it(`When Mia opens an event at ${size} size in ${scheme}, then its name, time, place, host and faces come first`, async () => {
        const name = `${size}-${scheme}`;
        const page = await pageAs(mia, size, scheme);
        await page.goto(`/events/${party.id}`);
        const title = page.getByRole('heading', { level: 1, name: 'Rooftop Summer Party' });
        await shows(title);
        await shows(page.getByText('Hosted by Olga Organiser'));
        await settle(page);

        // The name, the date and time, and the place: all in the first screen, without scrolling.
        const when = page.locator('time').filter({ hasText: ' · ' }).first();
        const map = page.getByTestId('event-map-link');
        const bottom = await visibleBottom(page);
        for (const [what, locator] of [
          ['name', title],
          ['date and time', when],
          ['place', map],
          ['host', page.getByTestId('event-host')],
          ['faces', page.getByTestId('going-faces')],
        ] as const) {
          const box = (await locator.boundingBox())!;
          expect(box.y + box.height, `${what} below the first screen on ${name}`).toBeLessThanOrEqual(bottom);
        }
        expect(await when.textContent()).toMatch(/^\w+day, \w+ \d{1,2}, \d{4} · \d{1,2}:\d{2} [AP]M$/);

        // The place opens a map search in a new tab.
        expect(await map.getAttribute('href')).toBe(
          `https://www.openstreetmap.org/search?query=${encodeURIComponent(PLACE)}`,
        );
        expect(await map.getAttribute('target')).toBe('_blank');
        expect(await map.getAttribute('rel')).toContain('noopener');
        expect(await map.textContent()).toContain(PLACE);

        // Five faces and "+2"; the minor among them only as "Maria S." and her initials.
        const faces = page.getByRole('list', { name: 'Some of those going' });
        await expect.poll(() => faces.getByRole('listitem').count()).toBe(6);
        expect(await faces.getByRole('listitem').last().innerText()).toContain('+2');
        expect(await faces.textContent()).toContain('Maria S.');
        expect(await page.getByTestId('going-faces').innerText()).toContain('7 going');
        const html = await page.content();
        expect(html).not.toContain('Schmidt');
        expect(html).not.toContain('?maria');

        await noSidewaysScroll(page, name);
        await expectAccessible(page, `event page ${name}`);
        mkdirSync(DIR, { recursive: true });
        await page.screenshot({ path: path.join(DIR, `${name}-first-screen.png`), animations: 'disabled' });
        await page.screenshot({ path: path.join(DIR, `${name}-full.png`), fullPage: true, animations: 'disabled' });

        // Scrolled down to the discussion: on a phone the reply bar is there (and covers nothing), on a desktop not.
        await page.getByRole('heading', { name: 'Discussion' }).scrollIntoViewIfNeeded();
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const bar = page.getByRole('region', { name: 'Reply to this event' });
        if (size === 'phone') {
          await shows(bar);
          await shows(bar.getByRole('button', { name: 'I Will Attend' }));
          const barBox = (await bar.boundingBox())!;
          const nav = (await page.getByRole('navigation', { name: 'Main' }).boundingBox())!;
          expect(barBox.y + barBox.height).toBeLessThanOrEqual(nav.y + 1);
          expect(barBox.width).toBeLessThanOrEqual(SIZES.phone.width);
          // The page's last content ends above the bar.
          const last = await page.evaluate(() => {
            const main = document.querySelector('main')!;
            const children = [...main.querySelectorAll('article > :not([data-testid="rsvp-bar"])')];
            return Math.max(...children.map((element) => element.getBoundingClientRect().bottom));
          });
          expect(last).toBeLessThanOrEqual(barBox.y + 1);
          await noSidewaysScroll(page, `${name} scrolled`);
          await expectAccessible(page, `event page ${name} scrolled`);
          await page.screenshot({ path: path.join(DIR, `${name}-scrolled.png`), animations: 'disabled' });
        } else {
          expect(await bar.isVisible()).toBe(false);
        }
        await page.context().close();
      });
    }
  }

  it('When an event page has not run its scripts yet on a phone, then its cover already shows where the page puts it, for a member and a visitor', async () => {
    const rectOf = (page: Page, selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((element) => {
          const { x, y, width, height } = element.getBoundingClientRect();
          return [x, y, width, height].map(Math.round);
        });
    const before = await openPage(browser, app.url, { viewport: SIZES.phone, javaScriptEnabled: false });
    const token = await createSession(app.deps, mia.id);
    await before.context().addCookies([{ name: SESSION_COOKIE, value: token, url: app.url, httpOnly: true }]);
    await before.goto(`/events/${party.id}`);
    await before.locator('img.boot-cover').evaluate((image: HTMLImageElement) => image.decode());
    mkdirSync(DIR, { recursive: true });
    await before.screenshot({ path: path.join(DIR, 'loading-phone.png') });
    const loading = { cover: await rectOf(before, 'img.boot-cover'), brand: await rectOf(before, '.boot-mark') };
    await before.context().close();

    const page = await pageAs(mia, 'phone');
    await page.goto(`/events/${party.id}`);
    await settle(page);
    expect(loading.cover).toEqual(await rectOf(page, '.details-cover img'));
    expect(loading.brand).toEqual(await rectOf(page, 'header .brand-mark'));
    await page.context().close();

    // A visitor opening the shared link: the cover where the preview above the sign-in draws it.
    const visitorBefore = await openPage(browser, app.url, { viewport: SIZES.phone, javaScriptEnabled: false });
    await visitorBefore.goto(`/events/${party.id}`);
    const visitorLoading = await rectOf(visitorBefore, 'img.boot-cover');
    await visitorBefore.context().close();
    const visitor = await openPage(browser, app.url, { viewport: SIZES.phone });
    await visitor.goto(`/events/${party.id}`);
    await settle(visitor);
    expect(visitorLoading).toEqual(await rectOf(visitor, 'main article img'));
    await visitor.context().close();
  });

  it('When Mia replies from the bar after scrolling on a phone, then the bar shows her status', async () => {
    const page = await pageAs(mia, 'phone');
    await page.goto(`/events/${fullHouse.id}`);
    await shows(page.getByRole('heading', { level: 1, name: 'Full House Quiz' }));
    await settle(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const bar = page.getByRole('region', { name: 'Reply to this event' });
    await bar.getByRole('button', { name: 'Join the waitlist' }).click();
    await expectToast(page, 'Attendance updated', "The event is full. You're on the waitlist (#1).");
    await shows(bar.getByText('Waitlisted'));
    // On the waitlist there is nothing to press here: the bar leads back to the card's choices.
    await bar.getByRole('button', { name: 'Change reply' }).click();
    await shows(page.getByRole('region', { name: 'Your RSVP' }).getByRole('button', { name: 'Leave the waitlist' }));
    await expect.poll(() => bar.isVisible()).toBe(false);
    await page.getByRole('region', { name: 'Your RSVP' }).getByRole('button', { name: 'Leave the waitlist' }).click();
    await expectToast(page, 'Attendance updated');
    await page.context().close();
  });

  it('When the browser has no share sheet, then Share copies the event’s link', async () => {
    const page = await pageAs(mia, 'desktop');
    // The browser's boundary: no Web Share API, and a clipboard that keeps what it is given.
    await page.addInitScript(() => {
      delete (Navigator.prototype as { share?: unknown }).share;
      const copied: string[] = [];
      (window as unknown as { __copied: string[] }).__copied = copied;
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: async (text: string) => void copied.push(text) },
      });
    });
    await page.goto(`/events/${party.id}`);
    await page.getByRole('button', { name: 'Share' }).click();
    await expectToast(page, 'Link copied', 'Paste it into a chat to invite your friends.');
    expect(await page.evaluate(() => (window as unknown as { __copied: string[] }).__copied)).toEqual([
      `${app.url}/events/${party.id}`,
    ]);
    await page.context().close();
  });

  it('When the phone has a share sheet, then Share opens it with the event’s name and link', async () => {
    const page = await pageAs(mia, 'phone');
    await page.addInitScript(() => {
      const shared: unknown[] = [];
      (window as unknown as { __shared: unknown[] }).__shared = shared;
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: async (data: unknown) => void shared.push(data),
      });
    });
    await page.goto(`/events/${party.id}`);
    await page.getByRole('button', { name: 'Share' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __shared: unknown[] }).__shared))
      .toEqual([{ title: 'Rooftop Summer Party', url: `${app.url}/events/${party.id}` }]);
    await page.context().close();
  });

  it('When an event in the list is full, then its button says Join the waitlist, then Leave the waitlist', async () => {
    const page = await pageAs(mia, 'phone');
    await page.goto('/events');
    const join = page.getByRole('button', { name: 'Join the waitlist for Full House Quiz' });
    await shows(join);
    expect(await join.innerText()).toContain('Join the waitlist');
    await join.click();
    const leave = page.getByRole('button', { name: 'Leave the waitlist for Full House Quiz' });
    await shows(leave);
    expect(await leave.innerText()).toContain('Leave the waitlist');
    await settle(page);
    await noSidewaysScroll(page, 'list');
    mkdirSync(DIR, { recursive: true });
    await page.screenshot({ path: path.join(DIR, 'list-waitlisted-phone.png'), animations: 'disabled' });
    await leave.click();
    await shows(page.getByRole('button', { name: 'Join the waitlist for Full House Quiz' }));
    await page.context().close();
  });
});
