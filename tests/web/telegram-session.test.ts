// The Mini App in a real browser signs in with Telegram's initData once, when it opens: the session it gets
// keeps it working after that initData is too old to sign anyone in (an hour), through a reload as well.
import type { Event } from '@prisma/client';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInitData } from '../support/signing';
import { startTestApp, TEST_BOT_ENV, TEST_BOT_TOKEN, type TestApp } from '../support/test-app';
import { WEB_DATABASE_KINDS, expectToast, futureDate, launchBrowser, openPage, shows } from './browser';
import { installTelegram, launchHash } from './telegram-client';

const HOUR = 3600_000;

describe.each(WEB_DATABASE_KINDS)('Mini App sessions in the web app on %s', (kind) => {
  let app: TestApp;
  let browser: Browser;
  let event: Event;

  beforeAll(async () => {
    [app, browser] = await Promise.all([
      startTestApp(kind, { env: { ...TEST_BOT_ENV, DEMO_MODE: 'off' } }),
      launchBrowser(),
    ]);
    const host = await app.deps.prisma.user.create({ data: { name: 'Event Host', isAdmin: true } });
    event = await app.deps.prisma.event.create({
      data: {
        name: 'Evening Hike',
        description: 'Up the hill before sunset.',
        location: 'Trailhead',
        imageUrl: '/images/events/hike.svg',
        date: futureDate(4),
        isPublic: true,
        creatorId: host.id,
      },
    });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  /** Opens the Mini App as Telegram does, with initData signed `ageMs` ago (by the app's clock, now). */
  async function launch(page: Page, telegramId: number, firstName: string, ageMs = 0) {
    const initData = signInitData(
      {
        user: JSON.stringify({ id: telegramId, first_name: firstName, last_name: 'Session' }),
        auth_date: String(Math.floor((Date.now() - ageMs) / 1000)),
      },
      TEST_BOT_TOKEN,
    );
    await page.addInitScript(installTelegram);
    await page.goto(`/${launchHash(initData)}`);
    return initData;
  }

  it('When the Mini App stays open past the hour, then the session it got at open keeps it working, through a reload', async () => {
    const page = await openPage(browser, app.url);
    const sent: Request[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) sent.push(request);
    });
    const initData = await launch(page, 778001, 'Long');
    await shows(page.getByText('Welcome, Long Session'));

    // Only the exchange carried initData; the calls after it carry the session.
    const authorizations = await Promise.all(sent.map(async (request) => (await request.allHeaders()).authorization));
    expect(new URL(sent[0]!.url()).pathname).toBe('/api/auth/telegram-miniapp');
    expect(authorizations[0]).toBe(`tma ${initData}`);
    for (const value of authorizations.slice(1)) expect(value).toMatch(/^Session [A-Za-z0-9_-]{43,}$/);

    app.setNow(new Date(Date.now() + 2 * HOUR));
    try {
      // The launch's initData signs nobody in any more...
      const stale = await app.anonymous().get('/api/users/me', { headers: { authorization: `tma ${initData}` } });
      expect(stale.status).toBe(401);
      // ...and the app goes on: it reads the events and saves an RSVP.
      await page.getByRole('link', { name: 'Events' }).first().click();
      await page.getByRole('link', { name: 'View Event Details' }).first().click();
      await shows(page.getByRole('heading', { name: 'Evening Hike' }));
      await page.getByRole('button', { name: 'I Will Attend' }).click();
      await expectToast(page, 'Attendance updated');
      const member = await app.deps.prisma.user.findFirstOrThrow({ where: { telegramId: '778001' } });
      const attendance = await app.deps.prisma.attendance.findFirst({
        where: { eventId: event.id, userId: member.id },
      });
      expect(attendance?.status).toBe('attending');

      // A reload restores Telegram's (now stale) initData: the session the page kept still signs the member in.
      await page.reload();
      await shows(page.getByRole('heading', { name: 'Evening Hike' }));
      await shows(page.getByText('Welcome, Long Session'));
    } finally {
      app.setNow(new Date());
      await page.context().close();
    }
  });

  it('When the Mini App opens with initData more than an hour old, then nobody is signed in and it says so', async () => {
    const page = await openPage(browser, app.url);

    await launch(page, 778002, 'Stale', HOUR + 5 * 60_000);

    await expectToast(page, 'Authentication failed', 'Could not sign in with Telegram. Please try again later.');
    expect(await page.getByText('Welcome, Stale Session').count()).toBe(0);
    expect(await app.deps.prisma.user.count({ where: { telegramId: '778002' } })).toBe(0);
    await page.context().close();
  });
});
