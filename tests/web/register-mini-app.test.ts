// The register inside Telegram's Mini App, on a phone: a leader opens a meeting from the bot's link, goes to its
// register from the organiser's tools, marks a cub in a tap and saves, and Telegram's BackButton brings her back
// to the meeting. A screenshot of the register in Telegram's dark theme (test-artifacts/web/register-mini-app).
import type { User } from '@prisma/client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRow } from '../support/events';
import { startTestApp, TEST_BOT_TOKEN, type TestApp } from '../support/test-app';
import { WEB_DATABASE_KINDS, checkScreen, expectToast, futureDate, launchBrowser, openPage, shows } from './browser';
import { fromTelegram, launchMiniApp, probe } from './telegram-client';
import { SIZES } from './layout-kit';

describe.each(WEB_DATABASE_KINDS)('the register in the Mini App on %s', (kind) => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let amy: User;
  let meetingId: number;

  beforeAll(async () => {
    [app, browser] = await Promise.all([
      startTestApp(kind, {
        env: { DEMO_MODE: 'off', TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN, TELEGRAM_BOT_USERNAME: 'events_test_bot' },
      }),
      launchBrowser(),
    ]);
    const { prisma } = app.deps;
    // The leader who runs the meeting signs in with Telegram.
    const leader = await prisma.user.create({
      data: {
        name: 'Lena Leader',
        role: 'organiser',
        telegramId: '778001',
        birthDate: new Date('1987-05-06'),
      },
    });
    meetingId = (
      await prisma.event.create({ data: eventRow(leader.id, { name: 'Cubs knots night', date: futureDate(1) }) })
    ).id;
    amy = await prisma.user.create({ data: { name: 'Amy Archer', birthDate: new Date('2016-04-05') } });
    await prisma.attendance.create({ data: { eventId: meetingId, userId: amy.id, status: 'attending' } });
    page = await openPage(browser, app.url, { viewport: SIZES.phone });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('When a leader takes the register inside Telegram, then a mark saves in a tap and BackButton returns to the meeting', async () => {
    await launchMiniApp(
      page,
      { id: 778001, first_name: 'Lena', last_name: 'Leader' },
      { startParam: `event_${meetingId}` },
    );
    await shows(page.getByRole('heading', { level: 1, name: 'Cubs knots night' }));
    await page.getByRole('link', { name: 'Register', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/events/${meetingId}/register`);
    await shows(page.getByRole('heading', { level: 1, name: 'Register' }));
    await expect.poll(async () => (await probe(page)).backVisible).toBe(true);

    const amyRow = page.getByRole('radiogroup', { name: 'Amy Archer' });
    await amyRow.getByRole('radio', { name: 'Present' }).check();
    // A cub there and no cleared leader: the live ratio warns.
    await expect.poll(() => page.getByTestId('register-ratio').textContent()).toBe('2 cleared leaders needed — 0 here');
    await checkScreen(page, 'register-mini-app', SIZES);
    await page.getByRole('button', { name: 'Save 1 change' }).click();
    await expectToast(page, 'Register saved');
    const saved = await app.deps.prisma.registerEntry.findMany({ where: { eventId: meetingId } });
    expect(saved.map((entry) => ({ userId: entry.userId, status: entry.status, source: entry.source }))).toEqual([
      { userId: amy.id, status: 'present', source: 'register' },
    ]);

    await fromTelegram(page, 'back_button_pressed');
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/events/${meetingId}`);
    await shows(page.getByRole('heading', { level: 1, name: 'Cubs knots night' }));
  }, 120_000);
});
