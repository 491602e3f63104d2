// The Mini App as a Telegram citizen, in a real browser with a fake Telegram client (telegram-client.ts) and
// the bot behind its webhook talking to the local fake Bot API: Settings says when Telegram notifications
// cannot be delivered and fixes it with Telegram's permission prompt; the `create` start parameter opens the
// create form for an admin; an organiser checks members in by scanning their passes with Telegram's scanner.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_PATH, webhookSecret } from '../../api/src/system/telegram-bot';
import { FAKE_BOT_INFO, writeAccessAllowedUpdate } from '../support/fake-bot-api';
import type { TestApp } from '../support/test-app';
import { checkScreen, futureDate, openPage, shows } from './browser';
import { appWithFakeBotForFile, fromTelegram, launchMiniApp, probe } from './telegram-client';

const TELEGRAM_UNREACHABLE_TEXT =
  'Telegram notifications cannot be delivered: the bot is not allowed to send you messages.';

describe('Telegram-native Mini App', () => {
  const setup = appWithFakeBotForFile();
  let app: TestApp;
  beforeAll(() => {
    ({ app } = setup());
  });

  /** A page inside the fake Telegram, launched as this Telegram user (with a start parameter, if any). */
  async function launch(user: Record<string, unknown>, startParam?: string): Promise<Page> {
    const page = await openPage(setup().browser, app.url);
    await launchMiniApp(page, user, { startParam });
    return page;
  }

  it('When the bot may not write to a member, then Settings says so, and allowing it in Telegram clears it', async () => {
    // Opened without allowing the bot to write (no allows_write_to_pm): Telegram notifications cannot arrive.
    const tg = { id: 955001, first_name: 'Nia', username: 'nia_member' };
    const page = await launch(tg);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await shows(page.getByText(TELEGRAM_UNREACHABLE_TEXT));
    expect(await page.getByRole('link', { name: 'Open the bot' }).getAttribute('href')).toBe(
      `https://t.me/${FAKE_BOT_INFO.username}?start=notify`,
    );
    await checkScreen(page, 'mini-app-settings-telegram-unreachable');

    await page.getByRole('button', { name: 'Allow messages' }).click();
    await expect.poll(async () => (await probe(page)).calls).toContain('web_app_request_write_access');
    // Telegram asks, the member allows: Telegram tells the bot (webhook) and answers the app.
    const update = await fetch(`${app.url}${WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': webhookSecret(app.config) },
      body: JSON.stringify(writeAccessAllowedUpdate(tg)),
    });
    expect(update.status).toBe(200);
    await fromTelegram(page, 'write_access_requested', { status: 'allowed' });
    await expect.poll(() => page.getByText(TELEGRAM_UNREACHABLE_TEXT).count()).toBe(0);
    await page.context().close();
  });

  it('When an admin opens the startapp link `create`, then the create form opens', async () => {
    await app.deps.prisma.user.create({ data: { name: 'Ada Admin', telegramId: '955002', isAdmin: true } });
    const page = await launch({ id: 955002, first_name: 'Ada', allows_write_to_pm: true }, 'create');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/events/create');
    await page.context().close();
  });

  it('When a pending member opens an invite link `join_<code>` in Telegram, then they are let in', async () => {
    const member = await app.deps.prisma.user.create({
      data: { name: 'Jo Joiner', telegramId: '955004', status: 'pending' },
    });
    const code = 'InviteCodeForTheMiniApp1';
    await app.deps.prisma.invite.create({
      data: { code, role: 'member', expiresAt: new Date(Date.now() + 86_400_000), maxUses: 1 },
    });
    const page = await launch({ id: 955004, first_name: 'Jo', allows_write_to_pm: true }, `join_${code}`);
    await expect
      .poll(async () => (await app.deps.prisma.user.findUnique({ where: { id: member.id } }))?.status)
      .toBe('active');
    await page.context().close();
  });

  it('When an organiser scans with Telegram, then a code that is no pass keeps the scanner open, a pass checks in and closes it, and a repeat says so', async () => {
    const organiser = await app.deps.prisma.user.create({
      data: { name: 'Olga Organiser', telegramId: '955003', isAdmin: true },
    });
    const event = await app.deps.prisma.event.create({
      data: {
        name: 'Board Games Night',
        description: 'Bring a game.',
        location: 'Club Room',
        imageUrl: '/images/events/campfire.svg',
        date: futureDate(2),
        isPublic: true,
        creatorId: organiser.id,
      },
    });
    const rita = await app.signedIn({ name: 'Rita Member' });
    expect((await rita.client.post(`/api/events/${event.id}/attend`, { status: 'attending' })).status).toBe(200);
    const pass = await rita.client.get(`/api/events/${event.id}/pass`);
    expect(pass.status).toBe(200);

    // The event's startapp link opens it in the Mini App; check-in is in the Manage sheet.
    const page = await launch({ id: 955003, first_name: 'Olga', allows_write_to_pm: true }, `event_${event.id}`);
    await shows(page.getByRole('heading', { name: 'Board Games Night' }));
    await page.getByRole('button', { name: 'Manage', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Manage event' })
      .getByRole('button', { name: /^Check in/ })
      .click();
    const door = page.getByRole('dialog', { name: 'Check-in at the door' });
    const calls = async (type: string) => (await probe(page)).calls.filter((call) => call === type).length;
    const scan = async (code: string) => {
      const opened = await calls('web_app_open_scan_qr_popup');
      await door.getByRole('button', { name: 'Scan pass' }).click();
      await expect.poll(() => calls('web_app_open_scan_qr_popup')).toBe(opened + 1);
      await fromTelegram(page, 'qr_text_received', { data: code });
    };

    // A code that is no pass: Telegram's scanner stays open (it buzzes), and the page says what it read.
    await scan('https://example.org/menu');
    await shows(door.getByText('This QR code is not an event pass.', { exact: false }));
    await expect.poll(async () => (await probe(page)).haptic).toEqual(['error']);
    expect(await calls('web_app_close_scan_qr_popup')).toBe(0);
    // The member's pass, in the same scanner: checked in, and the scanner closes.
    await fromTelegram(page, 'qr_text_received', { data: pass.body.token });
    await shows(door.getByRole('status').filter({ hasText: 'Checked in: Rita Member' }));
    await expect.poll(async () => (await probe(page)).haptic).toEqual(['error', 'success']);
    expect(await calls('web_app_close_scan_qr_popup')).toBe(1);
    await checkScreen(page, 'mini-app-check-in');

    await scan(pass.body.token);
    await shows(door.getByRole('status').filter({ hasText: 'Rita Member was already checked in' }));
    await expect.poll(async () => (await probe(page)).haptic).toEqual(['error', 'success', 'warning']);
    await page.context().close();
  });
});
