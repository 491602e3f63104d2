// What the layout tests share (layout-phone.test.ts and layout-desktop.test.ts, split so that the two workers run
// them side by side): the app with its events, the checks made on every screen, and the walks through the
// website and the Mini App.
import type { Event } from '@prisma/client';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { ARTIFACTS_DIR } from '../support/env';
import { startTestApp, TEST_BOT_TOKEN, type TestApp } from '../support/test-app';
import {
  chooseInAccountMenu,
  expectAccessible,
  futureDate,
  launchBrowser,
  newTestContext,
  settle,
  shows,
  signInWithDemo,
} from './browser';
import { DARK_THEME, LIGHT_THEME, launchMiniApp } from './telegram-client';

export const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } } as const;
export const SCHEMES = ['light', 'dark'] as const;
const DIR = path.join(ARTIFACTS_DIR, 'web', 'layout');
/** The screens axe checks on a desktop too: their desktop layout differs from the phone's. */
const DESKTOP_AUDITED = new Set(['home-visitor', 'home-member', 'event', 'create-event']);
const LONG_WORD = 'Superlongeventnamewithoutanyspaces'.repeat(15);

export type Size = keyof typeof SIZES;
export type Scheme = (typeof SCHEMES)[number];

const newContext = (browser: Browser, baseURL: string, size: Size, scheme: Scheme): Promise<BrowserContext> =>
  newTestContext(browser, { baseURL, viewport: SIZES[size], colorScheme: scheme });

/**
 * No sideways scrolling, no serious accessibility problem, and a screenshot to look at. axe is most of the cost
 * of this file, so it runs on every screen on a phone in both schemes, and on a desktop only on the screens whose
 * desktop layout shows something the phone does not (the header's links, the sidebar, the two columns).
 */
async function checkLayout(page: Page, name: string, audit = true) {
  await settle(page);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${name} scrolls sideways`).toBeLessThanOrEqual(innerWidth);
  if (audit) await expectAccessible(page, name);
  mkdirSync(DIR, { recursive: true });
  await page.screenshot({ path: path.join(DIR, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/** How far down the page the main content starts, and the bottom of the visible area (above a tab bar). */
async function fold(page: Page) {
  return page.evaluate(() => {
    const nav = document.querySelector('nav[aria-label="Main"]');
    const navTop = nav && getComputedStyle(nav).position === 'fixed' ? nav.getBoundingClientRect().top : innerHeight;
    const first = document.querySelector('main')?.firstElementChild?.getBoundingClientRect().top ?? Infinity;
    return { contentTop: first, visibleBottom: Math.min(innerHeight, navTop), height: innerHeight };
  });
}

async function expectAboveTheFold(page: Page, name: string) {
  const button = page.getByRole('button', { name: 'I Will Attend' });
  await shows(button);
  const box = (await button.boundingBox())!;
  const { visibleBottom } = await fold(page);
  expect(box.y + box.height, `RSVP below the fold on ${name}`).toBeLessThanOrEqual(visibleBottom);
}

export interface LayoutApp {
  app: TestApp;
  browser: Browser;
  longEvent: Event;
  privateEvent: Event;
  picnic: Event;
}

/** The app (demo sign-in and the Mini App on), with a long-named event, a private one and an ordinary one. */
async function startLayoutApp(): Promise<LayoutApp> {
  const [app, browser] = await Promise.all([
    startTestApp('pglite', {
      env: { DEMO_MODE: 'on', TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN, TELEGRAM_BOT_USERNAME: 'events_test_bot' },
    }),
    launchBrowser(),
  ]);
  const host = await app.deps.prisma.user.create({ data: { name: 'Event Host', isAdmin: true } });
  const longEvent = await app.deps.prisma.event.create({
    data: {
      name: LONG_WORD,
      description: `${LONG_WORD} ${'A long description that goes on. '.repeat(20)}`,
      location: `Room ${LONG_WORD}`,
      imageUrl: '/images/events/campfire.svg',
      date: futureDate(2),
      isPublic: true,
      creatorId: host.id,
    },
  });
  const privateEvent = await app.deps.prisma.event.create({
    data: {
      name: 'Planning Circle',
      description: 'Invitation only.',
      location: 'Room 4',
      imageUrl: '/images/events/workshop.svg',
      date: futureDate(4),
      isPublic: false,
      creatorId: host.id,
    },
  });
  const picnic = await app.deps.prisma.event.create({
    data: {
      name: 'Lakeside Picnic and Games Afternoon',
      description: 'Bring a blanket and something to share. '.repeat(6),
      location: 'North Shore, by the boathouse',
      imageUrl: '/images/events/hike.svg',
      date: futureDate(3),
      isPublic: true,
      creatorId: host.id,
    },
  });
  await app.deps.prisma.comment.create({
    data: { eventId: longEvent.id, userId: host.id, content: `Can't wait! ${LONG_WORD}` },
  });
  await app.deps.prisma.attendance.create({ data: { eventId: longEvent.id, userId: host.id, status: 'attending' } });
  return { app, browser, longEvent, privateEvent, picnic };
}

/** The layout app for the tests of one file: started before them, stopped after them. */
export function layoutAppForFile(): () => LayoutApp {
  let setup: LayoutApp | undefined;
  beforeAll(async () => {
    setup = await startLayoutApp();
  });
  afterAll(async () => {
    await setup?.browser.close();
    await setup?.app.stop();
  });
  return () => setup!;
}

/** A visitor, a member and an admin go through every screen of the website. */
export async function walkWebsite(
  { app, browser, longEvent, privateEvent, picnic }: LayoutApp,
  size: Size,
  scheme: Scheme,
) {
  const context = await newContext(browser, app.url, size, scheme);
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const shot = (screen: string) => `${screen}-${size}-${scheme}`;
  const check = (screen: string) => checkLayout(page, shot(screen), size === 'phone' || DESKTOP_AUDITED.has(screen));

  await page.goto('/');
  await shows(page.getByRole('button', { name: 'Login Now' }));
  await check('home-visitor');
  if (size === 'phone') expect((await fold(page)).contentTop).toBeLessThanOrEqual(844 / 5);

  await signInWithDemo(page, 'Demo Member');
  await check('home-member');
  await page.goto('/events');
  await shows(page.getByRole('heading', { name: 'Upcoming Events' }));
  await check('events');
  if (size === 'phone') expect((await fold(page)).contentTop).toBeLessThanOrEqual(844 / 5);

  await page.goto(`/events/${picnic.id}`);
  await shows(page.getByRole('heading', { name: 'Lakeside Picnic and Games Afternoon' }));
  await expectAboveTheFold(page, shot('event'));
  await page.goto(`/events/${longEvent.id}`);
  await shows(page.getByRole('heading', { name: LONG_WORD }));
  // The attendee list is labelled by status: never 'Attendees (1)' beside 'Attending 0 people'.
  await shows(page.getByText('1 attending', { exact: true }));
  await page.getByRole('button', { name: 'Show attendees' }).click();
  await check('event');

  await page.goto('/settings');
  await shows(page.getByRole('heading', { name: 'Connected Accounts' }));
  await check('settings');

  // A member on the admin screen: one clear state, no refused requests' '403: …' lines.
  await page.goto('/admin/settings');
  await shows(page.getByRole('heading', { name: 'Admins only' }));
  expect(await page.getByText(/403/).count()).toBe(0);
  await check('admin-only');

  await chooseInAccountMenu(page, 'Logout');
  await shows(page.getByRole('button', { name: 'Login Now' }));
  await signInWithDemo(page, 'Demo Admin');
  await page.goto('/events/create');
  await shows(page.getByRole('heading', { name: 'Create New Event' }));
  await check('create-event');
  await page.goto(`/events/${privateEvent.id}`);
  await shows(page.getByText('Private', { exact: true }));
  await expectAboveTheFold(page, shot('private-event'));
  await check('private-event');
  await page.goto('/admin/settings?tab=templates');
  await shows(page.getByRole('heading', { name: 'Create Notification Template' }));
  await check('admin');
  await page.goto('/no-such-page');
  await shows(page.getByRole('heading', { name: '404 Page Not Found' }));
  await check('not-found');
  await context.close();
}

/** A member opens the Mini App on a phone in Telegram's theme and goes through its screens. */
export async function walkMiniApp({ app, browser, picnic }: LayoutApp, scheme: Scheme) {
  const context = await newContext(browser, app.url, 'phone', scheme);
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const shot = (screen: string) => `mini-app-${screen}-${scheme}`;
  const check = (screen: string) => checkLayout(page, shot(screen));
  await launchMiniApp(
    page,
    { id: 778001, first_name: 'Mini', last_name: 'Member' },
    { theme: scheme === 'dark' ? DARK_THEME : LIGHT_THEME },
  );
  await shows(page.getByText('Welcome, Mini Member'));
  expect(await page.locator('header.site-header, footer, .sidebar').count()).toBe(0);
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(scheme);
  await check('home');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).click();
  await shows(page.getByRole('heading', { name: 'Upcoming Events' }));
  await check('events');
  await page.getByRole('link', { name: `View Event Details: ${LONG_WORD}` }).click();
  await shows(page.getByRole('heading', { name: LONG_WORD }));
  await check('event');
  await page.goto(`/events/${picnic.id}`);
  await shows(page.getByRole('heading', { name: 'Lakeside Picnic and Games Afternoon' }));
  await expectAboveTheFold(page, shot('event'));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await shows(page.getByRole('heading', { name: 'Connected Accounts' }));
  await check('settings');
  await context.close();
}
