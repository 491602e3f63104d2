// The Mini App's Share action in a real browser with a fake Telegram client (telegram-client.ts) and
// the local fake Bot API: the server prepares the card for the member's Telegram account and the app hands its
// id to Telegram's share sheet (shareMessage).
import { describe, expect, it } from 'vitest';
import { openPage, shows } from './browser';
import { appWithFakeBotForFile, launchMiniApp, probe } from './telegram-client';

describe('Sharing an event from the Mini App', () => {
  const setup = appWithFakeBotForFile();

  it('When a member taps Share on an event, then Telegram’s share sheet opens with the card prepared for them', async () => {
    const { app, botApi, browser } = setup();
    const { user: organiser } = await app.signedIn({ name: 'Olga', isAdmin: true });
    const event = await app.deps.prisma.event.create({
      data: {
        name: 'Board Games Night',
        description: 'Bring a game.',
        date: new Date(Date.now() + 7 * 86_400_000),
        location: 'Café Corner',
        imageUrl: '/images/events/campfire.svg',
        creatorId: organiser.id,
      },
    });
    const tg = { id: 945001, first_name: 'Mia', username: 'mia_events' };
    const page = await openPage(browser, app.url);
    await launchMiniApp(page, tg, { startParam: `event_${event.id}` });
    await shows(page.getByRole('heading', { name: 'Board Games Night' }));

    await page.getByRole('button', { name: 'Share' }).click();

    await expect
      .poll(async () => (await probe(page)).calls, { timeout: 10_000 })
      .toContain('web_app_send_prepared_message');
    const saved = botApi.callsOf('savePreparedInlineMessage');
    expect(saved).toHaveLength(1);
    expect(Number(saved[0]!.params.user_id)).toBe(tg.id);
    expect(saved[0]!.params.result.input_message_content.message_text).toContain('📅 Board Games Night');
  });

  it('When the organiser opens their private event in the Mini App, then it offers no Share: only public events are posted into chats', async () => {
    const { app, botApi, browser } = setup();
    const organiser = await app.deps.prisma.user.create({
      data: { name: 'Olga Organiser', telegramId: '945002', isAdmin: true },
    });
    const event = await app.deps.prisma.event.create({
      data: {
        name: 'Leaders Meeting',
        description: 'Planning the camp.',
        date: new Date(Date.now() + 7 * 86_400_000),
        location: 'Flat 3B',
        imageUrl: '/images/events/campfire.svg',
        isPublic: false,
        creatorId: organiser.id,
      },
    });
    const preparedBefore = botApi.callsOf('savePreparedInlineMessage').length;
    const page = await openPage(browser, app.url);
    await launchMiniApp(page, { id: 945002, first_name: 'Olga' }, { startParam: `event_${event.id}` });
    // Signing in from initData and opening the deep-linked event can take the page's whole 10 s default when the
    // suite runs its browsers side by side; what this test checks comes after.
    await page.getByRole('heading', { name: 'Leaders Meeting' }).waitFor({ state: 'visible', timeout: 30_000 });
    // The Manage button sits beside where Share would be, drawn in the same pass.
    await shows(page.getByRole('button', { name: 'Manage', exact: true }));

    expect(await page.getByRole('button', { name: 'Share' }).count()).toBe(0);
    expect(botApi.callsOf('savePreparedInlineMessage')).toHaveLength(preparedBefore);
  });
});
