// Words and layout in Chromium, German and small phones first: at 360 px the details table puts each label over
// its value, the reply bar's button wraps to two lines at most, the desktop header shows the whole German greeting,
// a list row shows the time and the place (the day heading says the day) without "0 attending" noise, a toast
// rises above the reply bar, and a comment says how long ago it was. Screenshots at 360, 390×844 and 1366×900,
// light and dark, in English, German and Arabic, land in test-artifacts/web/words-narrow.
import type { Event, User } from '@prisma/client';
import type { Browser, Locator, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import { eventRow } from '../support/events';
import { ARTIFACTS_DIR } from '../support/env';
import { startTestApp, type TestApp } from '../support/test-app';
import { expectToast, futureDate, launchBrowser, openPage, settle, shows } from './browser';

const SIZES = {
  small: { width: 360, height: 740 },
  phone: { width: 390, height: 844 },
  desktop: { width: 1366, height: 900 },
} as const;
type Size = keyof typeof SIZES;
const DIR = path.join(ARTIFACTS_DIR, 'web', 'words-narrow');

/** How many lines the text inside `locator` runs to: its line boxes, told apart by their tops. */
const lineCount = (locator: Locator) =>
  locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const tops = new Set<number>();
    for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
    return tops.size;
  });

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('words and narrow screens', () => {
  let app: TestApp;
  let browser: Browser;
  let admin: User;
  let mia: User;
  let lena: User;
  let sara: User;
  let fest: Event;
  let full: Event;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startTestApp('pglite'), launchBrowser()]);
    const { prisma } = app.deps;
    admin = await prisma.user.create({ data: { name: 'Alex Admin', isAdmin: true, role: 'admin' } });
    mia = await prisma.user.create({ data: { name: 'Mia Member', language: 'en' } });
    lena = await prisma.user.create({ data: { name: 'Lena Hoffmann-Schneider', language: 'de' } });
    sara = await prisma.user.create({ data: { name: 'Sara Haddad', language: 'ar' } });
    const sam = await prisma.user.create({ data: { name: 'Sam Early' } });
    fest = await prisma.event.create({
      data: eventRow(admin.id, {
        name: 'Herbstfest im Gemeinschaftszentrum',
        description: 'Musik, Kuchen und Spiele für alle Altersgruppen. Bringt Freunde und Familie mit!',
        location: 'Gemeinschaftszentrum Nord, Saal 2',
        imageUrl: '/images/events/concert.svg',
        date: futureDate(3, 17),
        capacity: 20,
      }),
    });
    await prisma.attendance.create({ data: { eventId: fest.id, userId: sam.id, status: 'attending' } });
    await prisma.attendance.create({ data: { eventId: fest.id, userId: admin.id, status: 'attending' } });
    full = await prisma.event.create({
      data: eventRow(admin.id, {
        name: 'Lakeside Picnic',
        description: 'Games, food and a swim if the weather holds.',
        location: 'North Shore',
        imageUrl: '/images/events/campfire.svg',
        date: futureDate(4, 12),
        capacity: 1,
      }),
    });
    await prisma.attendance.create({ data: { eventId: full.id, userId: sam.id, status: 'attending' } });
    await prisma.event.create({
      data: eventRow(admin.id, {
        name: 'Quiet Reading Hour',
        description: 'Bring a book.',
        location: 'Library corner',
        imageUrl: '/images/events/workshop.svg',
        date: futureDate(5, 15),
      }),
    });
    await prisma.comment.create({
      data: {
        eventId: fest.id,
        userId: sam.id,
        content: 'Ich bringe einen Kuchen mit.',
        createdAt: new Date(Date.now() - 2 * 3600_000 - 5 * 60_000),
      },
    });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function pageAs(user: User, size: Size, scheme: 'light' | 'dark' = 'light'): Promise<Page> {
    const page = await openPage(browser, app.url, { viewport: SIZES[size], colorScheme: scheme });
    const token = await createSession(app.deps, user.id);
    await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: app.url, httpOnly: true }]);
    return page;
  }

  /** The event page scrolled to its end, where the reply bar shows (the card's buttons are out of sight). */
  async function withReplyBar(page: Page, event: Event): Promise<Locator> {
    await page.goto(`/events/${event.id}`);
    await shows(page.getByRole('heading', { level: 1, name: event.name }));
    await settle(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const bar = page.locator('[data-testid="rsvp-bar"]:not([hidden])');
    await shows(bar);
    return bar;
  }

  it('When a German member opens an event on a 360 px phone, then each detail’s label sits over its value', async () => {
    const page = await pageAs(lena, 'small');
    await page.goto(`/events/${fest.id}`);
    await shows(page.getByRole('heading', { level: 1, name: fest.name }));
    const table = page.locator('.details-facts table');
    await shows(table);
    const tableBox = (await table.boundingBox())!;
    const rows = table.locator('tr');
    expect(await rows.count()).toBeGreaterThanOrEqual(4);
    for (const row of await rows.all()) {
      const label = (await row.locator('th').boundingBox())!;
      const value = (await row.locator('td').boundingBox())!;
      expect(value.y, `${await row.textContent()}: value under its label`).toBeGreaterThanOrEqual(
        label.y + label.height - 1,
      );
      expect(value.width).toBeGreaterThan(tableBox.width * 0.9);
    }
    // "2 Personen" on one line, never "Persone/n".
    const attending = table.locator('td').filter({ hasText: /^2 Personen$/ });
    expect(await lineCount(attending)).toBe(1);
    await page.screenshot({ path: path.join(mkdir(), 'facts-de-360.png'), animations: 'disabled' });
    await page.context().close();
  });

  it('When the reply bar shows on a 360 px phone in German, then its button runs to two lines at most', async () => {
    const page = await pageAs(lena, 'small');
    for (const event of [fest, full]) {
      const bar = await withReplyBar(page, event);
      const button = bar.getByRole('button');
      const lines = await lineCount(button);
      expect(lines, `${await button.textContent()}`).toBeLessThanOrEqual(2);
      // The same by its box: no taller than two lines of its own text and its padding.
      const { height, twoLines } = await button.evaluate((element) => {
        const style = getComputedStyle(element);
        const extra =
          parseFloat(style.paddingTop) +
          parseFloat(style.paddingBottom) +
          parseFloat(style.borderTopWidth) +
          parseFloat(style.borderBottomWidth);
        return {
          height: element.getBoundingClientRect().height,
          twoLines: Math.max(2 * parseFloat(style.lineHeight) + extra, parseFloat(style.minHeight)),
        };
      });
      expect(height).toBeLessThanOrEqual(twoLines + 1);
    }
    await page.screenshot({ path: path.join(mkdir(), 'reply-bar-de-360.png'), animations: 'disabled' });
    await page.context().close();
  });

  it('When a German member is on a 1366 px desktop, then the header’s greeting shows whole', async () => {
    const page = await pageAs(lena, 'desktop');
    await page.goto('/events');
    const greeting = page.getByRole('banner').locator('.account-button .welcome-text');
    await shows(greeting);
    expect(await greeting.textContent()).toBe('Willkommen, Lena Hoffmann-Schneider');
    // Neither the greeting's words nor the name are cut: no part of it is wider than the room it has.
    const cut = await greeting.evaluate((element) =>
      [element, ...element.querySelectorAll('*')]
        .filter((part) => part.scrollWidth > part.clientWidth)
        .map((part) => part.textContent),
    );
    expect(cut).toEqual([]);
    await page.context().close();
  });

  it('When a member opens the list on a phone, then a row shows its time and place and no empty counts', async () => {
    const page = await pageAs(mia, 'phone');
    await page.goto('/events');
    await shows(page.getByRole('heading', { name: 'Upcoming Events' }));
    await settle(page);
    const row = (name: string) => page.locator('article.event-card').filter({ hasText: name });
    // The day heading says the day: the row says the time, then the place.
    const picnic = row('Lakeside Picnic');
    await shows(picnic.getByText('North Shore'));
    expect(await picnic.locator('time').textContent()).toMatch(/^\d{1,2}:\d{2} [AP]M$/);
    expect(await picnic.locator('time').getAttribute('datetime')).toBe(full.date.toISOString());
    // A full event with nobody waiting is 'Full', not 'Full · 0 on the waitlist'.
    await shows(picnic.getByText('Full', { exact: true }));
    expect(await page.getByText(/0 on the waitlist/).count()).toBe(0);
    // Nobody going yet: no '0 attending'.
    const quiet = row('Quiet Reading Hour');
    await shows(quiet.getByText('Library corner'));
    expect(await quiet.getByText(/attending/).count()).toBe(0);
    await shows(row(fest.name).getByText('2 attending'));
    // The SPEC's 'View Event Details' is on every row, and a tap on it opens the event.
    const details = quiet.getByText('View Event Details', { exact: true });
    await shows(details);
    expect(await page.getByText('View Event Details', { exact: true }).count()).toBe(3);
    // Where a finger lands on the words, the row's link takes the tap.
    const hit = await details.evaluate((element) => {
      const box = element.getBoundingClientRect();
      element.scrollIntoView({ block: 'center' });
      const moved = element.getBoundingClientRect();
      return document.elementFromPoint(moved.left + box.width / 2, moved.top + box.height / 2)?.closest('a')
        ?.textContent;
    });
    expect(hit).toBe('Quiet Reading Hour');
    await quiet.getByRole('link', { name: 'View Event Details: Quiet Reading Hour' }).click();
    await shows(page.getByRole('heading', { level: 1, name: 'Quiet Reading Hour' }));
    await page.context().close();
  });

  it('When a member replies from the reply bar, then the toast shows above the bar, not over it', async () => {
    for (const [user, size, attend, updated] of [
      [mia, 'phone', 'I Will Attend', 'Attendance updated'],
      [lena, 'small', 'Ich bin dabei', 'Teilnahme aktualisiert'],
    ] as const) {
      const page = await pageAs(user, size);
      const bar = await withReplyBar(page, fest);
      await bar.getByRole('button', { name: attend }).click();
      await expectToast(page, updated);
      const toast = page.locator('.toast').filter({ hasText: updated }).first();
      const [toastBox, barBox] = [(await toast.boundingBox())!, (await bar.boundingBox())!];
      expect(overlaps(toastBox, barBox), `toast ${JSON.stringify(toastBox)}, bar ${JSON.stringify(barBox)}`).toBe(
        false,
      );
      await page.screenshot({ path: path.join(mkdir(), `toast-over-bar-${size}.png`), animations: 'disabled' });
      await app.deps.prisma.attendance.deleteMany({ where: { eventId: fest.id, userId: user.id } });
      await page.context().close();
    }
  });

  it('When a comment was posted two hours ago, then it says so, with its full date and time at hand', async () => {
    const page = await pageAs(mia, 'phone');
    await page.goto(`/events/${fest.id}`);
    const comment = page.locator('.comment').filter({ hasText: 'Ich bringe einen Kuchen mit.' });
    await shows(comment);
    const when = comment.locator('time');
    expect(await when.textContent()).toBe('2h ago');
    expect(await when.getAttribute('title')).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M$/);
    expect(Date.parse((await when.getAttribute('datetime'))!)).toBeLessThan(Date.now() - 2 * 3600_000);
    await page.context().close();

    const german = await pageAs(lena, 'phone');
    await german.goto(`/events/${fest.id}`);
    const kommentar = german.locator('.comment time');
    await shows(kommentar);
    expect(await kommentar.textContent()).toBe('vor 2 Std.');
    await german.context().close();
  });

  it('When the list and an event are seen in every size, scheme and language, then screenshots are kept', async () => {
    for (const [user, language] of [
      [mia, 'en'],
      [lena, 'de'],
      [sara, 'ar'],
    ] as const) {
      for (const size of Object.keys(SIZES) as Size[]) {
        for (const scheme of ['light', 'dark'] as const) {
          const page = await pageAs(user, size, scheme);
          const name = `${language}-${size}-${scheme}`;
          await page.goto('/events');
          await shows(page.locator('article.event-card').first());
          await settle(page);
          const { scrollWidth, innerWidth } = await page.evaluate(() => ({
            scrollWidth: document.documentElement.scrollWidth,
            innerWidth: window.innerWidth,
          }));
          expect(scrollWidth, `${name} list scrolls sideways`).toBeLessThanOrEqual(innerWidth);
          await page.screenshot({ path: path.join(mkdir(), `list-${name}.png`), animations: 'disabled' });
          await page.goto(`/events/${fest.id}`);
          await shows(page.locator('.details-facts table'));
          await settle(page);
          await page.screenshot({
            path: path.join(mkdir(), `event-${name}.png`),
            fullPage: true,
            animations: 'disabled',
          });
          await page.context().close();
        }
      }
    }
  }, 600_000);
});

function mkdir(): string {
  mkdirSync(DIR, { recursive: true });
  return DIR;
}
