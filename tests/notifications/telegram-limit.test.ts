import { autoRetry } from '@grammyjs/auto-retry';
import { Api } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelSender } from '../../api/src/modules/notifications/delivery';
import { createTelegramSender, databasePacer } from '../../bot/src/telegram-sender';
import { DATABASE_KINDS } from '../support/databases';
import { startFakeBotApi, type FakeBotApi } from '../support/fake-bot-api';
import { TEST_BOT_TOKEN } from '../support/test-app';
import { startNotifyApp, type NotifyApp } from './notify-app';

const api = (botApi: FakeBotApi) => {
  const client = new Api(TEST_BOT_TOKEN, { apiRoot: botApi.apiRoot });
  client.config.use(autoRetry({ maxRetryAttempts: 10 }));
  return client;
};

/**
 * The fake counts a strict rolling second and runs in the test's own process, so a busy machine (CI runs two
 * test files at once on two cores) can bunch a few arrivals into one second; auto-retry absorbs those.
 * Unpaced sending collects one 429 for about every other message (dozens here), so this still tells them apart.
 */
const TOLERATED_429S = 10;

/** `count` messages to distinct chats, 5 at a time per sender, all senders at once; answers the seconds taken. */
async function sendFromAll(senders: ChannelSender[], count: number): Promise<number> {
  const started = Date.now();
  await Promise.all(
    senders.map(async (send, instance) => {
      let next = 0;
      await Promise.all(
        Array.from({ length: 5 }, async () => {
          while (next < count) {
            const index = next++;
            await send({
              key: `limit:${instance}:${index}`,
              to: String(500_000 + instance * 1000 + index),
              subject: null,
              text: `Message ${index}`,
              html: null,
              payload: null,
            });
          }
        }),
      );
    }),
  );
  return (Date.now() - started) / 1000;
}

describe("Telegram's overall limit in one process", () => {
  let botApi: FakeBotApi;
  beforeAll(async () => {
    botApi = await startFakeBotApi({ sendLimitPerSecond: 30 });
  });
  afterAll(() => botApi.stop());

  it('When the worker sends a burst, then it is paced to 30 messages a second and every message arrives', async () => {
    const seconds = await sendFromAll([createTelegramSender(api(botApi))], 60);
    expect(botApi.callsOf('sendMessage')).toHaveLength(60);
    expect(seconds).toBeGreaterThan(1.9);
    expect(botApi.throttled.length).toBeLessThanOrEqual(TOLERATED_429S);
  });
});

// Several instances need a shared database server: PGlite is one process by design.
describe.each(DATABASE_KINDS.filter((kind) => kind === 'postgres'))(
  "Telegram's overall limit across instances on %s",
  (kind) => {
    let app: NotifyApp;
    let botApi: FakeBotApi;

    beforeAll(async () => {
      botApi = await startFakeBotApi({ sendLimitPerSecond: 30 });
      app = await startNotifyApp(kind);
    });
    afterAll(async () => {
      await app.stop();
      await botApi.stop();
    });

    it('When two instances send at once, then together they stay under 30 messages a second', async () => {
      // Each instance has its own client and pacer; they share one slot sequence in the database.
      const senders = [0, 1].map(() =>
        createTelegramSender(api(botApi), { sharedPacer: databasePacer(app.deps.prisma) }),
      );
      const seconds = await sendFromAll(senders, 45);
      expect(botApi.callsOf('sendMessage')).toHaveLength(90);
      expect(seconds).toBeGreaterThan(2);
      // Unpaced, two instances would send at twice the limit and collect a 429 for every other message.
      expect(botApi.throttled.length).toBeLessThanOrEqual(TOLERATED_429S);
    });
  },
);
