// The Telegram Login Widget. It redirects to /telegram-auth-callback (mode=link when linking) with this
// browser's server-issued state, which does the sign-in; if no widget frame appears within 3 s the SPEC's
// failure message is shown instead.
import { useEffect, useRef, useState } from 'react';
import { TELEGRAM_WIDGET_LOAD_CHECK_MS } from '../../../shared/constants';
import { paths } from '../config/paths';
import { registerLogin, type AuthPurpose } from '../lib/auth-state';
import { defineMessages, useT } from '../i18n';

const messages = defineMessages({
  failed: {
    id: 'web.components.telegramWidget.failed',
    defaultMessage: 'Bot domain validation failed or widget failed to load.',
  },
});

interface WidgetProps {
  botUsername: string;
  mode: AuthPurpose;
  /** The state from POST /api/auth/state: the callback page spends it. */
  state: string;
}

export function TelegramLoginWidget({ botUsername, mode, state }: WidgetProps) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const t = useT();

  useEffect(() => {
    const host = container.current;
    if (!host) return;
    setFailed(false);
    const callback = new URL(paths.telegramCallback, window.location.origin);
    if (mode === 'link') callback.searchParams.set('mode', 'link');
    callback.searchParams.set('state', state);
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
  }, [botUsername, mode, state]);

  return (
    <div className="telegram-widget">
      <div ref={container} />
      {failed && (
        <p className="field-error" role="alert">
          {t(messages.failed)}
        </p>
      )}
    </div>
  );
}

/**
 * Starts the bot login (the SPEC's manual mode) from a click: the server creates the login code for this
 * browser, spending its state, and the callback page waits for it in a popup (or this tab when popups are
 * blocked). The popup opens before the request, while the click still allows it.
 */
export async function startManualTelegramLogin(mode: AuthPurpose, state: string): Promise<void> {
  const popup = window.open('', 'telegram-login', 'width=500,height=640');
  try {
    const { loginId } = await registerLogin({ mode, state });
    const url = new URL(paths.telegramCallback, window.location.origin);
    url.searchParams.set('login_id', loginId);
    if (mode === 'link') url.searchParams.set('mode', 'link');
    if (popup) popup.location.href = url.toString();
    else window.location.assign(url.toString());
  } catch (error) {
    popup?.close();
    throw error;
  }
}
