// A stand-in for Telegram's client in the browser tests, speaking Telegram's own protocol (launch parameters in
// the URL hash, the SDK's calls to window.TelegramWebviewProxy, events back through Telegram.WebView).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startBotTestApp, type BotTestApp } from '../support/bot-test-app';
import type { FakeBotApi } from '../support/fake-bot-api';
import { signInitData } from '../support/signing';
import { TEST_BOT_TOKEN } from '../support/test-app';
import { launchBrowser } from './browser';

export interface TelegramProbe {
  haptic: string[];
  /** Every call the app made to Telegram, by event type (e.g. web_app_request_write_access). */
  calls: string[];
  backVisible: boolean;
  mainButton: { text?: string; is_visible?: boolean; is_active?: boolean };
}

/**
 * A stand-in for Telegram's client, speaking Telegram's own protocol: the app gets its launch parameters in
 * the URL hash, and Telegram's SDK (which the app loads) sends its calls to the bridge object Telegram's apps
 * inject (window.TelegramWebviewProxy). The probe records what the app asked of Telegram.
 */
export function installTelegram() {
  const probe = { haptic: [] as string[], calls: [] as string[], backVisible: false, mainButton: {} };
  (window as unknown as { __tg: typeof probe }).__tg = probe;
  (window as unknown as { TelegramWebviewProxy: unknown }).TelegramWebviewProxy = {
    postEvent(type: string, data: string) {
      const body = data ? JSON.parse(data) : {};
      probe.calls.push(type);
      if (type === 'web_app_setup_back_button') probe.backVisible = body.is_visible;
      if (type === 'web_app_setup_main_button') probe.mainButton = body;
      if (type === 'web_app_trigger_haptic_feedback' && body.type === 'notification') {
        probe.haptic.push(body.notification_type);
      }
    },
  };
}

export const LIGHT_THEME = {
  bg_color: '#ffffff',
  secondary_bg_color: '#efeff3',
  text_color: '#000000',
  hint_color: '#707579',
  link_color: '#2481cc',
  button_color: '#2481cc',
  button_text_color: '#ffffff',
};

export const DARK_THEME = {
  bg_color: '#17212b',
  secondary_bg_color: '#0e1621',
  text_color: '#f5f5f5',
  hint_color: '#aab4c0',
  link_color: '#6ab3f3',
  button_color: '#2f6ea5',
  button_text_color: '#ffffff',
};

/** What Telegram puts after the # when it opens the Mini App. */
export function launchHash(initData: string, theme: Record<string, string> = DARK_THEME) {
  return `#${new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'android',
    tgWebAppThemeParams: JSON.stringify(theme),
  })}`;
}

/**
 * Opens the Mini App in `page` as Telegram does for this Telegram user: the stand-in client first, then the app
 * with launch data signed by the test bot's token (and a start parameter, when given) in the hash.
 */
export async function launchMiniApp(
  page: Page,
  user: Record<string, unknown>,
  { startParam, theme }: { startParam?: string; theme?: Record<string, string> } = {},
): Promise<void> {
  await page.addInitScript(installTelegram);
  const initData = signInitData(
    {
      user: JSON.stringify(user),
      auth_date: String(Math.floor(Date.now() / 1000)),
      ...(startParam ? { start_param: startParam } : {}),
    },
    TEST_BOT_TOKEN,
  );
  await page.goto(`/${launchHash(initData, theme)}`);
}

export interface AppWithFakeBot {
  app: BotTestApp;
  botApi: FakeBotApi;
  browser: Browser;
}

/** For the tests of one file: the app whose real bot talks to a local fake Bot API, and the shared browser. */
export function appWithFakeBotForFile(): () => AppWithFakeBot {
  let setup: Partial<AppWithFakeBot> = {};
  beforeAll(async () => {
    const [app, browser] = await Promise.all([startBotTestApp('pglite'), launchBrowser()]);
    setup = { app, botApi: app.botApi, browser };
  });
  afterAll(async () => {
    await setup.browser?.close();
    await setup.app?.stop();
  });
  return () => setup as AppWithFakeBot;
}

export const probe = (page: Page) => page.evaluate(() => (window as unknown as { __tg: TelegramProbe }).__tg);

/** An event from Telegram to the app (a button press, a theme change), as Telegram's apps deliver it. */
export const fromTelegram = (page: Page, type: string, data?: unknown) =>
  page.evaluate(
    ([eventType, eventData]) =>
      (
        window as unknown as { Telegram: { WebView: { receiveEvent: (type: string, data: unknown) => void } } }
      ).Telegram.WebView.receiveEvent(eventType as string, eventData),
    [type, data] as const,
  );
