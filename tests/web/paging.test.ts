// The events list a page at a time, as a member sees it: 120 upcoming events arrive 50 at a time as
// the member scrolls, Featured Events come from the first page, past events are their own view (newest first),
// and no screen moves under the member's eyes while it loads (cumulative layout shift below 0.05).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';
import { futureDate, launchBrowser, openPage, settle, shows, signInWithDemo } from './browser';

const UPCOMING = 120;
const PAST = 60;
const DAY = 24 * 60 * 60 * 1000;
const pad = (n: number) => String(n).padStart(3, '0');

/** Sums every layout shift the page has had since it started loading (not those right after a click or key). */
const LAYOUT_SHIFT_OBSERVER = () => {
  const target = window as unknown as { layoutShift: number };
  target.layoutShift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
      if (!entry.hadRecentInput) target.layoutShift += entry.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
};

describe('the paged events list', () => {
  let app: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let firstEventId: number;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startTestApp('pglite', { env: { DEMO_MODE: 'on' } }), launchBrowser()]);
    await app.deps.prisma.event.deleteMany();
    const host = await app.deps.prisma.user.create({ data: { name: 'Event Host', isAdmin: true } });
    const common = {
      description: 'A meetup of the youth group.',
      location: 'Youth Centre',
      imageUrl: '/images/events/hike.svg',
      isPublic: true,
      creatorId: host.id,
    };
    // Stored in no particular order: the server pages them by date.
    await app.deps.prisma.event.createMany({
      data: [
        ...Array.from({ length: UPCOMING }, (_, i) => ({
          ...common,
          name: `Upcoming ${pad(UPCOMING - i)}`,
          date: futureDate(UPCOMING - i),
        })),
        ...Array.from({ length: PAST }, (_, i) => ({
          ...common,
          name: `Past ${pad(i + 1)}`,
          date: new Date(Date.now() - (i + 1) * DAY),
        })),
      ],
    });
    firstEventId = (await app.deps.prisma.event.findFirstOrThrow({ where: { name: 'Upcoming 001' } })).id;
    page = await openPage(browser, app.url);
    context = page.context();
    await context.addInitScript(LAYOUT_SHIFT_OBSERVER);
    await signInWithDemo(page, 'Demo Member');
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const cards = () => page.locator('article.event-card');
  const names = () => page.locator('article.event-card h3').allTextContents();

  it('When a member opens home, then Featured Events are the 5 soonest upcoming events', async () => {
    const rows = page.locator('table tbody tr td:first-child');
    await expect.poll(() => rows.allTextContents()).toEqual([1, 2, 3, 4, 5].map((n) => `Upcoming ${pad(n)}`));
  });

  it('When the member scrolls the list, then the next 50 events load, up to the last', async () => {
    await page.goto('/events');
    await shows(page.getByRole('heading', { name: 'Upcoming Events' }));
    await expect.poll(() => cards().count()).toBe(50);
    expect((await names()).slice(0, 2)).toEqual(['Upcoming 001', 'Upcoming 002']);
    expect(await page.getByText('Past 001').count()).toBe(0);

    // Scrolling to the end is all it takes: no click.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => cards().count()).toBe(100);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => cards().count()).toBe(UPCOMING);
    expect(await names()).toEqual(Array.from({ length: UPCOMING }, (_, i) => `Upcoming ${pad(i + 1)}`));
    expect(await page.getByRole('button', { name: 'Load more events' }).count()).toBe(0);
  });

  it('When the member opens Past, then past events show newest first, and Load more brings the rest', async () => {
    await page.goto('/events');
    await page.getByRole('link', { name: 'Past', exact: true }).click();
    await shows(page.getByRole('heading', { name: 'Past Events' }));
    expect(new URL(page.url()).search).toBe('?when=past');
    await expect.poll(() => cards().count()).toBe(50);
    expect((await names()).slice(0, 3)).toEqual(['Past 001', 'Past 002', 'Past 003']);

    // The button, for keyboards and screen readers, does the same as scrolling.
    await page.getByRole('button', { name: 'Load more events' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => cards().count()).toBe(PAST);
    expect(await names()).toEqual(Array.from({ length: PAST }, (_, i) => `Past ${pad(i + 1)}`));

    await page.getByRole('link', { name: 'Upcoming', exact: true }).click();
    await shows(page.getByRole('heading', { name: 'Upcoming Events' }));
    expect((await names())[0]).toBe('Upcoming 001');
  });

  it('When an organiser opens an event on a phone, then their buttons and tools arrive without moving it (CLS < 0.05)', async () => {
    const organiser = await openPage(browser, app.url);
    try {
      await organiser.context().addInitScript(LAYOUT_SHIFT_OBSERVER);
      await organiser.setViewportSize({ width: 390, height: 844 });
      await signInWithDemo(organiser, 'Demo Admin');
      await organiser.goto(`/events/${firstEventId}`);
      await shows(organiser.getByRole('button', { name: 'Manage', exact: true }));
      await shows(organiser.getByRole('region', { name: 'Organiser tools' }));
      await settle(organiser);
      const shift = await organiser.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
      expect(shift, "layout shift on the organiser's event").toBeLessThan(0.05);
    } finally {
      await organiser.context().close();
    }
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    it(`When home, the list and an event load at ${viewport.width}×${viewport.height}, then nothing shifts (CLS < 0.05)`, async () => {
      const fresh = await context.newPage();
      fresh.setDefaultTimeout(10_000);
      await fresh.setViewportSize(viewport);
      try {
        for (const [path, ready] of [
          ['/', 'main img'],
          ['/events', 'main img'],
          [`/events/${firstEventId}`, 'main img'],
        ] as const) {
          await fresh.goto(path);
          await settle(fresh);
          await fresh.locator(ready).first().waitFor();
          // The pictures shown on the first screen. A lazy one further down, or one React has hidden for a moment
          // (display: none, a box of zero size), may not load at all, and its decode() would wait for ever.
          await fresh.evaluate(() =>
            Promise.all(
              [...document.images]
                .filter((img) => {
                  const box = img.getBoundingClientRect();
                  return !img.complete && box.height > 0 && box.top < innerHeight && img.checkVisibility();
                })
                .map((img) =>
                  Promise.race([img.decode().catch(() => {}), new Promise((done) => setTimeout(done, 5_000))]),
                ),
            ),
          );
          const shift = await fresh.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
          expect(shift, `layout shift on ${path}`).toBeLessThan(0.05);
        }
      } finally {
        await fresh.close();
      }
    });
  }

  it('When a visitor opens home signed out, then the page’s own answer says so: no request for the user, nothing shifts', async () => {
    const visitor = await openPage(browser, app.url);
    try {
      await visitor.context().addInitScript(LAYOUT_SHIFT_OBSERVER);
      const asked: string[] = [];
      visitor.on('request', (request) => asked.push(new URL(request.url()).pathname));
      await visitor.goto('/');
      await settle(visitor);
      await shows(visitor.getByRole('heading', { name: 'Member-Only Events' }));
      expect(asked).not.toContain('/api/users/me');
      const shift = await visitor.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
      expect(shift).toBeLessThan(0.05);
    } finally {
      await visitor.context().close();
    }
  });
});
