// The Telegram Login Widget. It redirects to /telegram-auth-callback (mode=link when linking), which does
// the sign-in; if no widget frame appears within 3 s the SPEC's failure message is shown instead.
import { useEffect, useRef, useState } from 'react';
import { TELEGRAM_WIDGET_LOAD_CHECK_MS } from '../../../shared/constants';
import { paths } from '../config/paths';

export function TelegramLoginWidget({ botUsername, mode }: { botUsername: string; mode: 'login' | 'link' }) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const host = container.current;
    if (!host) return;
    setFailed(false);
    const callback = new URL(paths.telegramCallback, window.location.origin);
    if (mode === 'link') callback.searchParams.set('mode', 'link');
    const script = document.createElement('script');
    script.async = true;
    script.src = 'https://telegram.org/js/telegram-widget.js?22';
    script.dataset.telegramLogin = botUsername;
    script.dataset.size = 'large';
    script.dataset.authUrl = callback.toString();
    script.dataset.requestAccess = 'write';
    host.replaceChildren(script);
    const timer = setTimeout(() => {
      if (!host.querySelector('iframe')) setFailed(true);
    }, TELEGRAM_WIDGET_LOAD_CHECK_MS);
    return () => {
      clearTimeout(timer);
      host.replaceChildren();
    };
  }, [botUsername, mode]);

  return (
    <div className="telegram-widget">
      <div ref={container} />
      {failed && (
        <p className="field-error" role="alert">
          Bot domain validation failed or widget failed to load.
        </p>
      )}
    </div>
  );
}

/** A random id for the manual (bot) login flow: fits the bot's /start payload. */
export function newLoginId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Opens the manual-login page in a popup (it tells us 'telegram-auth-success' when done). */
export function openManualTelegramLogin(mode: 'login' | 'link'): Window | null {
  const url = new URL(paths.telegramCallback, window.location.origin);
  url.searchParams.set('login_id', newLoginId());
  if (mode === 'link') url.searchParams.set('mode', 'link');
  const popup = window.open(url.toString(), 'telegram-login', 'width=500,height=640');
  if (!popup) window.location.assign(url.toString());
  return popup;
}
