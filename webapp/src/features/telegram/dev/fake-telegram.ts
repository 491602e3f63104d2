// Development only (VITE_FAKE_TELEGRAM=1 with `vite dev`): pretends to be a Telegram client the way Telegram
// itself does it, with launch parameters in the URL hash and a bridge object that receives the SDK's events,
// so the real SDK runs and the Mini App screens can be worked on in a normal browser. Pass real signed
// initData in VITE_FAKE_TELEGRAM_INIT_DATA for API calls to succeed; without it the app shows the signed-out state.
export function installFakeTelegram(initData: string) {
  const fallback = new URLSearchParams({
    user: JSON.stringify({ id: 1, first_name: 'Dev', last_name: 'User', username: 'dev_user' }),
    auth_date: String(Math.floor(Date.now() / 1000)),
    hash: '0'.repeat(64),
  }).toString();
  const dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
  if (!/tgWebAppData=/.test(window.location.hash)) {
    const launch = new URLSearchParams({
      tgWebAppData: initData || fallback,
      tgWebAppVersion: '8.0',
      tgWebAppPlatform: 'tdesktop',
      tgWebAppThemeParams: JSON.stringify(
        dark
          ? { bg_color: '#17212b', secondary_bg_color: '#0e1621', text_color: '#f5f5f5', button_color: '#2f6ea5' }
          : { bg_color: '#ffffff', text_color: '#000000', button_color: '#2481cc', button_text_color: '#ffffff' },
      ),
    });
    window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}#${launch}`);
  }
  const bridge = window as unknown as { TelegramWebviewProxy?: { postEvent: (type: string, data: string) => void } };
  bridge.TelegramWebviewProxy ??= { postEvent: () => {} };
}
