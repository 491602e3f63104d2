// Development only (VITE_FAKE_TELEGRAM=1 with `vite dev`): a stand-in for window.Telegram.WebApp so the Mini
// App screens can be worked on in a normal browser. Pass real signed initData in VITE_FAKE_TELEGRAM_INIT_DATA
// for API calls to succeed; without it the app shows the signed-out state.
import type { TelegramWebApp } from '../../../lib/telegram-mini-app';

export function installFakeTelegram(initData: string) {
  const fallback = new URLSearchParams({
    user: JSON.stringify({ id: 1, first_name: 'Dev', last_name: 'User', username: 'dev_user' }),
    auth_date: String(Math.floor(Date.now() / 1000)),
    hash: '0'.repeat(64),
  }).toString();
  const data = initData || fallback;
  const noop = () => {};
  const fake: TelegramWebApp = {
    initData: data,
    initDataUnsafe: { start_param: new URLSearchParams(data).get('start_param') ?? undefined },
    colorScheme: window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light',
    themeParams: { bg_color: '#ffffff', text_color: '#000000', button_color: '#2481cc', button_text_color: '#ffffff' },
    ready: noop,
    expand: noop,
    onEvent: noop,
    BackButton: { show: noop, hide: noop, onClick: noop, offClick: noop },
    HapticFeedback: { notificationOccurred: noop },
  };
  window.Telegram = { ...window.Telegram, WebApp: fake };
}
