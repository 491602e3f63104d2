// The Mini App's Share action (issue 12) in a real browser with a fake Telegram client (telegram-client.ts) and
// the local fake Bot API: the server prepares the card for the member's Telegram account and the app hands its
// id to Telegram's share sheet (shareMessage).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeBotApi, type FakeBotApi } from '../support/fake-bot-api';
import { signInitData } from '../support/signing';
import { startTestApp, TEST_BOT_TOKEN, withFakeBot, type TestApp } from '../support/test-app';
import { launchBrowser, openPage, shows } from './browser';
import { installTelegram, launchHash, probe } from './telegram-client';

describe('Sharing an event from the Mini App', () => {
  let app: TestApp;
  let botApi: FakeBotApi;
  let browser: Browser;

  beforeAll(async () => {
    botApi = await startFakeBotApi();
    [app, browser] = await Promise.all([startTestApp('pglite', withFakeBot(botApi)), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await botApi?.stop();
  });

  async function launch(user: Record<string, unknown>, startParam: string): Promise<Page> {
    const page = await openPage(browser, app.url);
    await page.addInitScript(installTelegram);
    const initData = signInitData(
      { user: JSON.stringify(user), auth_date: String(Math.floor(Date.now() / 1000)), start_param: startParam },
      TEST_BOT_TOKEN,
    );
    await page.goto(`/${launchHash(initData)}`);
    return page;
  }

  it('When a member taps Share on an event, then Telegram’s share sheet opens with the card prepared for them', async () => {
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
    const page = await launch(tg, `event_${event.id}`);
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
});
