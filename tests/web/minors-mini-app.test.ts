// A child inside Telegram's Mini App: Telegram's MainButton is the RSVP, and the date of birth and the guardian's
// email are asked for in place, exactly as on the website; once a guardian has consented, the same button holds
// a place on a trip that needs a guardian's approval, and the guardian is asked on Telegram with buttons.
import type { Event, User } from '@prisma/client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBotTestApp, type BotTestApp } from '../support/bot-test-app';
import {
  chooseBirthDate,
  expectToast,
  launchBrowser,
  openPage,
  overnightCamp,
  settle,
  shows,
  yearsAgo,
} from './browser';
import { fromTelegram, launchMiniApp, probe } from './telegram-client';

describe('a child in the Mini App', () => {
  let app: BotTestApp;
  let browser: Browser;
  let camp: Event;
  let guardian: User;
  let page: Page;

  beforeAll(async () => {
    [app, browser] = await Promise.all([
      startBotTestApp('pglite', { env: { REQUIRE_BIRTH_DATE: 'true' } }),
      launchBrowser(),
    ]);
    const host = await app.deps.prisma.user.create({
      data: { name: 'Olive Organiser', role: 'organiser', birthDate: new Date('1980-04-02') },
    });
    camp = await app.deps.prisma.event.create({ data: overnightCamp(host.id) });
    guardian = await app.deps.prisma.user.create({
      data: {
        name: 'Pat Parent',
        role: 'guardian',
        telegramId: '880002',
        telegramWriteAllowedAt: new Date(),
        birthDate: new Date('1982-06-01'),
      },
    });
    page = await openPage(browser, app.url, { viewport: { width: 390, height: 844 } });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('When the child presses the MainButton without a birth date, then it is asked in place and the guardian step follows', async () => {
    await launchMiniApp(
      page,
      { id: 880001, first_name: 'Robin', last_name: 'Young' },
      { startParam: `event_${camp.id}` },
    );
    await shows(page.getByRole('heading', { level: 1, name: 'Overnight Camp' }));
    await settle(page);
    await expect
      .poll(async () => (await probe(page)).mainButton)
      .toMatchObject({ text: 'I Will Attend', is_visible: true });

    await fromTelegram(page, 'main_button_pressed');
    const ask = page.getByRole('dialog', { name: 'Add your date of birth' });
    await shows(ask);
    // The MainButton steps aside while the dialog asks.
    await expect.poll(async () => (await probe(page)).mainButton.is_visible).toBe(false);
    await chooseBirthDate(ask, yearsAgo(12));
    await ask.getByRole('button', { name: 'Save and continue' }).click();

    const guardianStep = page.getByRole('dialog', { name: 'Ask a parent or guardian' });
    await shows(guardianStep);
    await guardianStep.getByLabel('Parent or guardian’s email').fill('pat.parent@example.org');
    await guardianStep.getByRole('button', { name: 'Ask for consent' }).click();
    // No email is set up here: the step says so and hands the child the link to pass on.
    await shows(guardianStep.getByText("Email isn't set up here, so we couldn't send it.", { exact: false }));
    await shows(guardianStep.getByRole('button', { name: 'Copy the link for your parent' }));
    await guardianStep.getByRole('button', { name: 'Done' }).click();

    const child = await app.deps.prisma.user.findFirstOrThrow({ where: { telegramId: '880001' } });
    expect(child.birthDate?.toISOString().slice(0, 10)).toBe(yearsAgo(12));
    expect(await app.deps.prisma.guardianRequest.count({ where: { childId: child.id, usedAt: null } })).toBe(1);
    expect(await app.deps.prisma.attendance.count({ where: { userId: child.id } })).toBe(0);
  });

  it('When a guardian has consented and the child presses the MainButton, then the place is held and the guardian is asked on Telegram', async () => {
    const child = await app.deps.prisma.user.findFirstOrThrow({ where: { telegramId: '880001' } });
    // The guardian consented on their own device (the website flow has its own test).
    await app.deps.prisma.guardianship.create({ data: { guardianId: guardian.id, childId: child.id } });
    await app.deps.prisma.guardianConsent.create({
      data: { childId: child.id, guardianId: guardian.id, method: 'email_link', textVersion: 0 },
    });
    await page.reload();
    await shows(page.getByRole('heading', { level: 1, name: 'Overnight Camp' }));
    await settle(page);

    await fromTelegram(page, 'main_button_pressed');
    await expectToast(page, 'Waiting for a guardian', 'We asked your parent or guardian to approve this event.');
    const reply = await app.deps.prisma.attendance.findFirstOrThrow({ where: { eventId: camp.id, userId: child.id } });
    expect(reply.status).toBe('awaiting_guardian');

    // The guardian's Telegram gets the request with Approve and Decline.
    await app.worker().drain();
    const asked = app.botApi.calls.filter(
      (call) => call.method === 'sendMessage' && String(call.params.chat_id) === '880002',
    );
    expect(asked).toHaveLength(1);
    const buttons = JSON.stringify(asked[0]!.params.reply_markup);
    expect(buttons).toContain('Approve');
    expect(buttons).toContain('Decline');
  });
});
