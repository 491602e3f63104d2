// Time zones and calendars in a real browser whose clocks are in New York: an event's local time
// with its zone and the viewer's own time, the form's time zone, the "Add to calendar" menu, and Settings'
// calendar feed with its regenerate.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';
import { expectToast, launchBrowser, newTestContext, shows, signInWithDemo } from './browser';

describe('time zones and calendars in the web app', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startTestApp('pglite', { env: { DEMO_MODE: 'on' } }), launchBrowser()]);
    // Hosts outside the machine (Google's, Outlook's) do not resolve here (browser-args.ts).
    const context = await newTestContext(browser, {
      baseURL: app.url,
      timezoneId: 'America/New_York',
      acceptDownloads: true,
    });
    page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await signInWithDemo(page, 'Demo Admin');
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('When the admin creates an event in Berlin time, then it is saved at that instant and shown with both times', async () => {
    await page.goto('/events/create');
    await page.getByLabel('Event Name').fill('Berlin meetup');
    await page.getByLabel('Description').fill('Across the ocean.');
    await page.getByLabel('Time zone').selectOption('Europe/Berlin');
    await page.getByLabel('Date and Time').fill('2031-07-01T19:00');
    await page.getByLabel('Location', { exact: true }).fill('Alexanderplatz');
    await page.getByRole('radio', { name: 'Sample image: workshop' }).check();
    await page.getByRole('button', { name: 'Create Event' }).click();
    await expectToast(page, 'Event created');
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/events\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const saved = await app.deps.prisma.event.findUniqueOrThrow({ where: { id } });
    expect(saved.timeZone).toBe('Europe/Berlin');
    expect(saved.date.toISOString()).toBe('2031-07-01T17:00:00.000Z');
    // The facts table (the heading above it says the time as well).
    const facts = page.getByRole('table');
    await shows(facts.getByText('7:00 PM'));
    await shows(facts.getByTestId('event-zone').filter({ hasText: 'GMT+2 (Europe/Berlin)' }));
    await shows(facts.getByTestId('viewer-time').filter({ hasText: '1:00 PM your time' }));
  });

  it('When someone opens "Add to calendar", then it offers the .ics, Google Calendar and Outlook', async () => {
    const event = await app.deps.prisma.event.create({
      data: {
        name: 'Kolkata evening',
        description: 'Chai and music.',
        whatToBring: 'A warm jumper',
        date: new Date('2031-06-15T13:30:00.000Z'),
        timeZone: 'Asia/Kolkata',
        location: 'Park Street',
        imageUrl: '/images/events/concert.svg',
        creatorId: (await app.deps.prisma.user.findFirstOrThrow({ where: { isAdmin: true } })).id,
      },
    });
    await page.goto(`/events/${event.id}`);
    const facts = page.getByRole('table');
    await shows(facts.getByTestId('event-zone').filter({ hasText: 'GMT+5:30 (Asia/Kolkata)' }));
    await shows(facts.getByTestId('viewer-time').filter({ hasText: '9:30 AM your time' }));

    const trigger = page.getByRole('button', { name: 'Add Kolkata evening to calendar' });
    await trigger.click();
    const items = page.getByRole('menuitem');
    await expect
      .poll(() => items.allTextContents())
      .toEqual(['Download .ics (Apple, Outlook, others)', 'Google Calendar', 'Outlook.com']);
    const [download] = await Promise.all([page.waitForEvent('download'), items.first().click()]);
    expect(download.suggestedFilename()).toBe('Kolkata-evening.ics');
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const ics = Buffer.concat(chunks).toString('utf8');
    expect(ics).toContain(`UID:event-${event.id}@`);
    expect(ics).toContain('DTSTART:20310615T133000Z');

    // Google's and Outlook's pages open in a new window: the URLs handed to it are what counts.
    const catchOpened = () =>
      page.evaluate(() => {
        const openedUrls: string[] = [];
        Object.assign(window, { openedUrls });
        window.open = (url?: string | URL) => {
          openedUrls.push(String(url));
          return null;
        };
      });
    await catchOpened();
    const opened = () => page.evaluate(() => (window as unknown as { openedUrls: string[] }).openedUrls);
    await trigger.click();
    await items.nth(1).click();
    await expect.poll(opened).toHaveLength(1);
    const google = new URL((await opened())[0]!);
    expect(google.host).toBe('calendar.google.com');
    expect(google.searchParams.get('text')).toBe('Kolkata evening');
    expect(google.searchParams.get('dates')).toBe('20310615T133000Z/20310615T153000Z');
    expect(google.searchParams.get('ctz')).toBe('Asia/Kolkata');
    await trigger.click();
    await items.nth(2).click();
    await expect.poll(opened).toHaveLength(2);
    const outlook = new URL((await opened())[1]!);
    expect(outlook.host).toBe('outlook.live.com');
    expect(outlook.searchParams.get('subject')).toBe('Kolkata evening');
    expect(outlook.searchParams.get('startdt')).toBe('2031-06-15T13:30:00.000Z');
    // The description both pages get is the .ics's: the event's words, what to bring, its local time, its page.
    const description =
      'Chai and music.\n\nWhat to bring: A warm jumper\n\n' +
      `Sunday, June 15, 2031 at 7:00 PM GMT+5:30 (Asia/Kolkata)\n${app.url}/events/${event.id}`;
    expect(google.searchParams.get('details')).toBe(description);
    expect(outlook.searchParams.get('body')).toBe(description);

    // In German the headings and the date's sentence come from the German catalog.
    await page.evaluate(() => localStorage.setItem('language', 'de'));
    await page.reload();
    await catchOpened();
    await page.getByRole('button', { name: /Kolkata evening/ }).click();
    await page.getByRole('menuitem').nth(1).click();
    await expect.poll(opened).toHaveLength(1);
    const details = new URL((await opened())[0]!).searchParams.get('details');
    expect(details).toContain('Was mitbringen: A warm jumper');
    expect(details).toContain('Sonntag, 15. Juni 2031 um 19:00');
    await page.evaluate(() => localStorage.removeItem('language'));
    await page.reload();
  });

  it('When someone opens Settings, then their calendar feed URL shows, and regenerate replaces it', async () => {
    await page.goto('/settings');
    await shows(page.getByRole('heading', { name: 'Calendar feed' }));
    const field = page.getByLabel('Feed URL');
    await expect.poll(() => field.inputValue()).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const before = await field.inputValue();
    expect((await fetch(before)).status).toBe(200);
    await page.getByRole('button', { name: 'Regenerate URL' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Regenerate feed URL?' });
    await dialog.getByRole('button', { name: 'Regenerate' }).click();
    await expectToast(page, 'New feed URL');
    await expect.poll(() => field.inputValue()).not.toBe(before);
    expect((await fetch(before)).status).toBe(404);
    expect((await fetch(await field.inputValue())).status).toBe(200);

    // The switch shows the choice from the click on, and it is saved.
    const every = page.getByRole('switch', { name: 'Include every event I may see, not only those I attend' });
    expect(await every.isChecked()).toBe(false);
    await every.check();
    await expect
      .poll(async () => (await page.request.get('/api/users/me/calendar-feed')).json())
      .toMatchObject({
        allEvents: true,
      });
    await page.reload();
    await expect.poll(() => every.isChecked()).toBe(true);
  });
});
