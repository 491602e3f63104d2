// The app with its real bot talking to a local fake Bot API: what every bot, Telegram notification and Mini App
// test starts from. Updates reach the bot either straight (sendUpdate) or the way Telegram's servers send them,
// through the webhook with our secret (deliver).
import { startNotifyApp, type NotifyApp } from '../notifications/notify-app';
import { WEBHOOK_PATH, webhookSecret } from '../../api/src/system/telegram-bot';
import type { DatabaseKind } from './databases';
import { startFakeBotApi, type FakeBotApi, type FakeBotApiOptions } from './fake-bot-api';

export interface BotTestAppOptions {
  env?: Record<string, string>;
  /** How strict the fake Bot API is about Telegram's rate limits. */
  botApi?: FakeBotApiOptions;
  /** Telegram sends per second for the worker's pacer (tests go faster than Telegram allows). */
  telegramPerSecond?: number;
}

export interface BotTestApp extends NotifyApp {
  bot: NonNullable<NotifyApp['bot']>;
  botApi: FakeBotApi;
  /** Hands an update to the bot and resolves once it is handled. */
  sendUpdate(update: object): Promise<void>;
  /** What Telegram's servers do: POST the update to our webhook, with our secret unless another (or none) is given. */
  deliver(update: object, secret?: string | null): Promise<Response>;
  /** Stops the app, then the fake Bot API. */
  stop(): Promise<void>;
}

export async function startBotTestApp(kind: DatabaseKind, options: BotTestAppOptions = {}): Promise<BotTestApp> {
  const botApi = await startFakeBotApi(options.botApi);
  let app: NotifyApp;
  try {
    app = await startNotifyApp(kind, { botApi, env: options.env, telegramPerSecond: options.telegramPerSecond });
  } catch (error) {
    await botApi.stop();
    throw error;
  }
  const { bot } = app;
  if (!bot) {
    await app.stop();
    await botApi.stop();
    throw new Error('the test app was started without its bot (TELEGRAM_BOT_ENABLED is off)');
  }
  return {
    ...app,
    bot,
    botApi,
    sendUpdate: (update) => bot.handleUpdate(update as never),
    deliver: (update, secret = webhookSecret(app.config)) =>
      fetch(`${app.url}${WEBHOOK_PATH}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret }),
        },
        body: JSON.stringify(update),
      }),
    async stop() {
      await app.stop();
      await botApi.stop();
    },
  };
}
