// Telegram in a real browser: the Mini App signs in from initData and opens a deep-linked event; the website's
// Telegram callback page handles widget data, its errors, and the manual (bot) flow.
import type { Event } from '@prisma/client';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInitData, signLoginWidget } from '../support/signing';
import { startTestApp, TEST_BOT_TOKEN, type TestApp } from '../support/test-app';
import {
  chooseInAccountMenu,
  WEB_DATABASE_KINDS,
  checkScreen,
  expectToast,
  futureDate,
  launchBrowser,
  openAdminSetup,
  openPage,
  settle,
  shows,
} from './browser';
import { LIGHT_THEME, fromTelegram, installTelegram, launchHash, probe } from './telegram-client';

const BOT = 'events_test_bot';
const ROOT = path.resolve(import.meta.dirname, '../..');

describe.each(WEB_DATABASE_KINDS)('Telegram in the web app on %s', (kind) => {
  let app: TestApp;
  let browser: Browser;
  let event: Event;

  beforeAll(async () => {
    [app, browser] = await Promise.all([
      startTestApp(kind, {
        env: { DEMO_MODE: 'off', TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN, TELEGRAM_BOT_USERNAME: BOT },
      }),
      launchBrowser(),
    ]);
    const host = await app.deps.prisma.user.create({ data: { name: 'Event Host', isAdmin: true } });
    event = await app.deps.prisma.event.create({
      data: {
        name: 'Lakeside Picnic',
        description: 'Bring a blanket and something to share.',
        location: 'North Shore',
        imageUrl: '/images/events/campfire.svg',
        date: futureDate(3),
        isPublic: true,
        creatorId: host.id,
      },
    });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  describe('as a Mini App', () => {
    let page: Page;
    let initData: string;

    beforeAll(async () => {
      page = await openPage(browser, app.url);
      initData = signInitData(
        {
          user: JSON.stringify({ id: 777001, first_name: 'Tg', last_name: 'Member', username: 'tg_member' }),
          auth_date: String(Math.floor(Date.now() / 1000)),
          start_param: `event_${event.id}`,
        },
        TEST_BOT_TOKEN,
      );
      await page.addInitScript(installTelegram);
    });

    it('When opened with start parameter event_<id>, then it signs in from initData and shows that event', async () => {
      await page.goto(`/${launchHash(initData)}`);
      await expect.poll(() => new URL(page.url()).pathname).toBe(`/events/${event.id}`);
      await shows(page.getByRole('heading', { name: 'Lakeside Picnic' }));
      await shows(page.getByText('Welcome, Tg Member'));
      expect(await page.getByRole('button', { name: 'Login', exact: true }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Logout' }).count()).toBe(0);
      // Telegram's theme drives the page's colours.
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      expect(
        await page.evaluate(() =>
          getComputedStyle(document.documentElement).getPropertyValue('--color-surface').trim(),
        ),
      ).toBe('#17212b');
      await expect.poll(async () => (await probe(page)).backVisible).toBe(true);
      // No website header or footer inside Telegram; the page's primary action is on Telegram's MainButton.
      expect(await page.locator('header.site-header, footer').count()).toBe(0);
      await expect
        .poll(async () => (await probe(page)).mainButton)
        .toMatchObject({ text: 'I Will Attend', is_visible: true });
    });

    it("When the member presses Telegram's MainButton, then the RSVP is saved, Telegram gives haptic feedback and the button goes", async () => {
      await fromTelegram(page, 'main_button_pressed');
      await expectToast(page, 'Attendance updated');
      expect((await probe(page)).haptic).toContain('success');
      await expect
        .poll(() => page.getByRole('button', { name: 'I Will Attend' }).getAttribute('aria-pressed'))
        .toBe('true');
      await expect.poll(async () => (await probe(page)).mainButton.is_visible).toBe(false);
      const user = await app.deps.prisma.user.findFirstOrThrow({ where: { telegramId: '777001' } });
      const attendance = await app.deps.prisma.attendance.findFirst({ where: { eventId: event.id, userId: user.id } });
      expect(attendance?.status).toBe('attending');
    });

    it("When Telegram's BackButton is pressed on a deep-linked page, then the app goes home and hides it", async () => {
      await fromTelegram(page, 'back_button_pressed');
      await expect.poll(() => new URL(page.url()).pathname).toBe('/');
      await expect.poll(async () => (await probe(page)).backVisible).toBe(false);
      await shows(page.getByRole('heading', { name: 'Featured Events' }));
    });

    it("When Telegram's BackButton is pressed after moving inside the app, then the app goes back to the page before", async () => {
      await page.getByRole('link', { name: 'Events', exact: true }).first().click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/events');
      await page
        .getByRole('link', { name: /Lakeside Picnic/ })
        .first()
        .click();
      await shows(page.getByRole('heading', { name: 'Lakeside Picnic' }));
      await expect.poll(async () => (await probe(page)).backVisible).toBe(true);
      await fromTelegram(page, 'back_button_pressed');
      // The list it came from, not home: the entry before it is the app's own.
      await expect.poll(() => new URL(page.url()).pathname).toBe('/events');
      await fromTelegram(page, 'back_button_pressed');
      await expect.poll(() => new URL(page.url()).pathname).toBe('/');
      await expect.poll(async () => (await probe(page)).backVisible).toBe(false);
    });

    it('When a Telegram member links an email, then a bad address is refused and a good one awaits confirmation', async () => {
      await page.getByRole('link', { name: 'Settings' }).first().click();
      const accounts = page.locator('section').filter({ hasText: 'Connected Accounts' });
      await shows(accounts.getByText('@tg_member'));
      // No email yet: Email notifications cannot be turned on, and the page says why.
      await page.getByLabel('Email Notifications').click();
      await shows(page.getByText('Please link an email address above to enable email notifications.'));
      expect(await page.getByLabel('Email Notifications').isChecked()).toBe(false);
      await page.getByLabel('Email address').fill('not-an-email');
      await page.getByRole('button', { name: 'Link Email' }).click();
      await shows(page.getByText('Please enter a valid email address'));
      await page.getByLabel('Email address').fill('tg.member@example.org');
      await page.getByRole('button', { name: 'Link Email' }).click();
      await shows(page.getByText('We sent a confirmation link to'));
      await shows(page.getByText('tg.member@example.org'));
      await checkScreen(page, 'mini-app-settings');
    });

    it('When an RSVP inside Telegram fails, then the SPEC message shows and Telegram gives error feedback', async () => {
      const gone = await app.deps.prisma.event.create({
        data: {
          name: 'Cancelled Kayaking',
          description: 'Called off at short notice.',
          location: 'Boathouse',
          imageUrl: '/images/events/hike.svg',
          date: futureDate(5),
          isPublic: true,
          creatorId: event.creatorId,
        },
      });
      await page.goto(`/events/${gone.id}`);
      await shows(page.getByRole('heading', { name: 'Cancelled Kayaking' }));
      // Deleted once the page has loaded: a request still on its way would otherwise show 'Event Not Found'.
      await settle(page);
      await app.deps.prisma.event.delete({ where: { id: gone.id } });
      await page.getByRole('button', { name: 'I Will Attend' }).click();
      await expectToast(page, 'Error', 'Failed to update attendance. Please sign in to attend events.');
      expect((await probe(page)).haptic).toEqual(['error']);
    });

    it("When Telegram switches to a light theme, then the page follows and keeps none of the dark theme's colours", async () => {
      const color = (name: string) =>
        page.evaluate((variable) => document.documentElement.style.getPropertyValue(variable), name);
      expect(await color('--color-text')).toBe('#f5f5f5');
      await fromTelegram(page, 'theme_changed', { theme_params: LIGHT_THEME });
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
      expect(await color('--color-surface')).toBe('#ffffff');
      expect(await color('--color-text')).toBe('#000000');
      // Telegram's light button colour, darkened just enough for its white text to read (WCAG AA).
      expect(await color('--color-primary')).toMatch(/^#[0-9a-f]{6}$/);
      expect(await color('--color-primary')).not.toBe('#2f6ea5');
    });
  });

  it('When Telegram gives initData the server refuses, then the Mini App says it could not sign in', async () => {
    const page = await openPage(browser, app.url);
    const forged = new URLSearchParams({
      user: JSON.stringify({ id: 777003, first_name: 'Forged' }),
      auth_date: String(Math.floor(Date.now() / 1000)),
      hash: '0'.repeat(64),
    }).toString();
    await page.addInitScript(installTelegram);
    await page.goto(`/${launchHash(forged)}`);
    await expectToast(page, 'Authentication failed', 'Could not sign in with Telegram. Please try again later.');
    expect(await page.getByText('Welcome, Forged').count()).toBe(0);
    await page.context().close();
  });

  it('When an admin opens the Mini App, then the admin screens are reachable without the sidebar, and Backups says it is website-only', async () => {
    await app.deps.prisma.user.create({ data: { name: 'Tg Admin', telegramId: '777004', isAdmin: true } });
    const page = await openPage(browser, app.url);
    await page.setViewportSize({ width: 360, height: 740 });
    const initData = signInitData(
      {
        user: JSON.stringify({ id: 777004, first_name: 'Tg', last_name: 'Admin' }),
        auth_date: String(Math.floor(Date.now() / 1000)),
      },
      TEST_BOT_TOKEN,
    );
    await page.addInitScript(installTelegram);
    await page.goto(`/${launchHash(initData)}`);
    await shows(page.getByText('Welcome, Tg Admin'));
    expect(await page.locator('.sidebar').isVisible()).toBe(false);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Settings' }).click();
    await shows(page.getByRole('tab', { name: 'Members' }));
    await checkScreen(page, 'mini-app-admin');
    // The download needs the website's session: the Mini App says where to get it instead of showing a refusal.
    await openAdminSetup(page, 'Backups');
    await shows(page.getByText('it can be downloaded from the website only, not inside Telegram'));
    expect(await page.getByRole('link', { name: 'Download latest backup' }).count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.context().close();
  });

  it('When an organiser downloads the attendees CSV inside the Mini App (no session cookie there), then the file has the attendee', async () => {
    await app.deps.prisma.user.create({ data: { name: 'Tg Organiser', telegramId: '777005', isAdmin: true } });
    const guest = await app.deps.prisma.user.create({ data: { name: 'Csv Attendee' } });
    await app.deps.prisma.attendance.create({ data: { eventId: event.id, userId: guest.id, status: 'attending' } });
    const page = await openPage(browser, app.url);
    const initData = signInitData(
      {
        user: JSON.stringify({ id: 777005, first_name: 'Tg', last_name: 'Organiser' }),
        auth_date: String(Math.floor(Date.now() / 1000)),
        start_param: `event_${event.id}`,
      },
      TEST_BOT_TOKEN,
    );
    await page.addInitScript(installTelegram);
    await page.goto(`/${launchHash(initData)}`);
    const panel = page.getByRole('region', { name: 'Organiser tools' });
    const link = panel.getByRole('link', { name: 'Download CSV' });
    // The Mini App signs in from initData, opens the event and then loads the organiser's panel on its own: on a
    // busy machine that alone can take the page's whole default wait, which is for the download.
    await link.waitFor({ state: 'visible', timeout: 30_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    expect(download.suggestedFilename()).toBe(`attendees-event-${event.id}.csv`);
    expect(Buffer.concat(chunks).toString('utf8')).toContain('"Csv Attendee","Attending"');
    await page.context().close();
  });

  it("When Telegram launches the app with its URL parameters, then Telegram's SDK is loaded and the member is signed in", async () => {
    const page = await openPage(browser, app.url);
    const initData = signInitData(
      {
        user: JSON.stringify({ id: 777002, first_name: 'Launch', last_name: 'Params' }),
        auth_date: String(Math.floor(Date.now() / 1000)),
        start_param: `event_${event.id}`,
      },
      TEST_BOT_TOKEN,
    );
    const launch = new URLSearchParams({
      tgWebAppData: initData,
      tgWebAppVersion: '8.0',
      tgWebAppPlatform: 'web',
      tgWebAppThemeParams: JSON.stringify({ bg_color: '#ffffff', text_color: '#000000', button_color: '#2481cc' }),
    });
    await page.goto(`/#${launch}`);
    await shows(page.getByText('Welcome, Launch Params'));
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/events/${event.id}`);
    const sdkInitData = () =>
      (window as unknown as { Telegram?: { WebApp?: { initData?: string } } }).Telegram?.WebApp?.initData;
    expect(Boolean(await page.evaluate(sdkInitData))).toBe(true);
    await page.context().close();
  });

  it('When the production bundle is built, then it contains no fake Telegram environment', () => {
    const assets = path.join(ROOT, 'dist/webapp/assets');
    // Every file under assets/, the message parts' folders included.
    const files = readdirSync(assets, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    const leaks = files.filter((entry) =>
      /fake-telegram|dev_user/.test(entry.name + readFileSync(path.join(entry.parentPath, entry.name), 'utf8')),
    );
    expect(leaks).toEqual([]);
  });

  describe('on the website', () => {
    let page: Page;

    beforeAll(async () => {
      page = await openPage(browser, app.url);
    });

    it('When the callback page gets no Telegram data, then it fails with the SPEC message and Close goes home', async () => {
      await page.goto('/telegram-auth-callback');
      await shows(page.getByRole('heading', { name: 'Authentication Failed' }));
      await shows(page.getByText('Missing required authentication parameters from Telegram'));
      await checkScreen(page, 'telegram-callback-error');
      await page.getByRole('button', { name: 'Close' }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    });

    it('When the Telegram widget cannot load, then the login dialog says so after 3 seconds', async () => {
      await page.getByRole('button', { name: 'Login Now' }).click();
      const dialog = page.getByRole('dialog', { name: 'Login to the product' });
      await shows(dialog.getByText('Bot domain validation failed or widget failed to load.'));
      await dialog.getByRole('button', { name: 'Close' }).click();
    });

    it("When the login dialog's widget sends signed data to the callback page, then the visitor is signed in and sent home", async () => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Login Now' }).click();
      // Opening the dialog asks the server for this browser's state; the widget's callback URL carries it.
      const script = page.getByRole('dialog').locator('.telegram-widget script');
      await expect.poll(() => script.count()).toBe(1);
      const authUrl = new URL((await script.getAttribute('data-auth-url'))!);
      expect(authUrl.pathname).toBe('/telegram-auth-callback');
      const data = signLoginWidget(
        {
          id: 888002,
          first_name: 'Widget',
          last_name: 'User',
          username: 'widget_user',
          auth_date: Math.floor(Date.now() / 1000),
        },
        TEST_BOT_TOKEN,
      );
      const query = new URLSearchParams(Object.entries(data).map(([key, value]) => [key, String(value)]));
      await page.goto(`${authUrl.toString()}&${query}`);
      await shows(page.getByRole('heading', { name: 'Authentication Successful' }));
      await shows(page.getByText('This window will close automatically...'));
      await expect.poll(() => new URL(page.url()).pathname).toBe('/');
      await shows(page.getByText('Welcome, Widget User'));
      await chooseInAccountMenu(page, 'Logout');
      await expectToast(page, 'Logged out successfully');
    });

    it('When a manual login id is malformed, then the page says it could not start', async () => {
      await page.goto('/telegram-auth-callback?login_id=bad');
      await shows(page.getByRole('heading', { name: 'Authentication Failed' }));
      await shows(page.getByText('Failed to start authentication process'));
    });
  });
});
