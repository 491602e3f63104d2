// The Telegram Mini App runtime, through Telegram's own SDK (@twa-dev/sdk wraps telegram-web-app.js and its
// types). Present only when the page was opened inside Telegram; outside Telegram every function here is a
// no-op and the SDK is never downloaded, so the website behaves as if this file did not exist.
type WebApp = (typeof import('@twa-dev/sdk'))['default'];

let webApp: WebApp | null = null;

/**
 * Telegram passes its launch parameters in the URL hash; its apps inject a bridge object
 * (TelegramWebviewProxy) and Telegram Web shows us in a frame. After in-app navigation the hash is gone, but
 * the bridge or the frame remain and the SDK restores the parameters itself on a reload.
 */
function mayBeInsideTelegram(): boolean {
  return /tgWebAppData=/.test(window.location.hash) || 'TelegramWebviewProxy' in window || window.parent !== window;
}

/** Loads the SDK when Telegram may have opened the page; the Mini App is on when it gives signed initData. */
export async function initTelegramMiniApp(): Promise<WebApp | null> {
  if (!mayBeInsideTelegram()) return null;
  try {
    // The theme code comes with the SDK, in its own chunk: the website never loads either.
    const [sdkModule, { applyTheme, applyViewport }] = await Promise.all([
      import('@twa-dev/sdk'),
      import('./telegram-theme'),
    ]);
    const loaded = sdkModule.default as WebApp | { default: WebApp };
    // The package is CommonJS: depending on the bundler's interop its export arrives wrapped once more.
    const sdk = 'default' in loaded ? loaded.default : loaded;
    if (!sdk?.initData) return null;
    webApp = sdk;
    sdk.ready();
    sdk.expand();
    applyTheme(sdk);
    applyViewport(sdk);
    sdk.onEvent('themeChanged', () => applyTheme(sdk));
    sdk.onEvent('safeAreaChanged', () => applyTheme(sdk));
    sdk.onEvent('contentSafeAreaChanged', () => applyTheme(sdk));
    sdk.onEvent('viewportChanged', () => applyViewport(sdk));
    document.documentElement.dataset.telegram = 'true';
    return sdk;
  } catch {
    return null;
  }
}

export const isMiniApp = () => webApp !== null;

/**
 * The session the server gave for initData when the app opened (features/auth/api/mini-app-session.ts). initData
 * signs in for an hour only; the session lasts while the app stays open, and through a reload of it.
 */
let session: string | null = null;
const SESSION_KEY = 'miniAppSession';

/**
 * The Authorization header value for API calls inside Telegram: the session once there is one, else initData
 * (which the server refuses once it is old, rather than letting a website cookie answer for the member).
 */
export const miniAppAuthorization = () => (!webApp ? null : session ? `Session ${session}` : `tma ${webApp.initData}`);

const telegramUserId = () => webApp?.initDataUnsafe?.user?.id ?? null;

/** The language the member's Telegram app is set to (initData's `language_code`), inside Telegram. */
export const telegramLanguageCode = (): string | null => webApp?.initDataUnsafe?.user?.language_code ?? null;

/**
 * Keeps the session for this page and its reloads (sessionStorage: this Mini App's tab only, gone when Telegram
 * closes it), never in a cookie or localStorage.
 */
export function keepMiniAppSession(token: string) {
  session = token;
  try {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify({ token, telegramUserId: telegramUserId() }));
  } catch {
    // Storage refused (a private web view): the session still serves this page.
  }
}

/** After a reload: the session this tab kept for the same Telegram user; false when there is none. */
export function restoreMiniAppSession(): boolean {
  try {
    const kept = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null') as {
      token?: unknown;
      telegramUserId?: unknown;
    } | null;
    if (typeof kept?.token !== 'string' || kept.telegramUserId !== telegramUserId()) return false;
    session = kept.token;
    return true;
  } catch {
    return false;
  }
}

export function forgetMiniAppSession() {
  session = null;
  try {
    sessionStorage.removeItem(SESSION_KEY);
  } catch {
    // Nothing was kept.
  }
}

export function hapticSuccess() {
  webApp?.HapticFeedback.notificationOccurred('success');
}

export function hapticError() {
  webApp?.HapticFeedback.notificationOccurred('error');
}

/** The SDK once the Mini App is on (telegram-actions.ts drives it), else null. */
export const miniApp = () => webApp;
