// The Telegram Mini App runtime, through Telegram's own SDK (@twa-dev/sdk wraps telegram-web-app.js and its
// types). Present only when the page was opened inside Telegram; outside Telegram every function here is a
// no-op and the SDK is never downloaded, so the website behaves as if this file did not exist.
import { readableOn } from './contrast';
type WebApp = (typeof import('@twa-dev/sdk'))['default'];
type ThemeParams = WebApp['themeParams'];

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
    const loaded = (await import('@twa-dev/sdk')).default as WebApp | { default: WebApp };
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

/** The stable height excludes Telegram's expanding sheet animation, so the layout does not jump. */
function applyViewport(app: WebApp) {
  if (app.viewportStableHeight) {
    document.documentElement.style.setProperty('--tg-viewport-stable-height', `${app.viewportStableHeight}px`);
  }
}

const THEME_VARIABLES: Record<string, keyof ThemeParams> = {
  '--color-bg': 'secondary_bg_color',
  '--color-surface': 'bg_color',
  '--color-text': 'text_color',
  '--color-muted': 'hint_color',
  '--color-link': 'link_color',
  '--color-primary': 'button_color',
  '--color-primary-text': 'button_text_color',
  '--color-danger': 'destructive_text_color',
};

/** Theme colours as given, except text colours nudged until they read on the surface they sit on. */
function themeColours(theme: ThemeParams): Partial<Record<keyof ThemeParams, string>> {
  const valid = Object.fromEntries(
    Object.entries(theme ?? {}).filter(([, value]) => typeof value === 'string' && /^#[0-9a-f]{3,8}$/i.test(value)),
  ) as Partial<Record<keyof ThemeParams, string>>;
  const surface = valid.bg_color;
  if (!surface) return valid;
  for (const key of ['link_color', 'hint_color', 'destructive_text_color'] as const) {
    if (valid[key]) valid[key] = readableOn(valid[key], surface);
  }
  if (valid.button_color && valid.button_text_color) {
    valid.button_color = readableOn(valid.button_color, valid.button_text_color);
  }
  return valid;
}

function applyTheme(app: WebApp) {
  const root = document.documentElement;
  root.dataset.theme = app.colorScheme === 'dark' ? 'dark' : 'light';
  const colours = themeColours(app.themeParams);
  for (const [variable, key] of Object.entries(THEME_VARIABLES)) {
    const value = colours[key];
    // A colour the new theme does not give falls back to our own palette, never to the old theme's colour.
    if (value) root.style.setProperty(variable, value);
    else root.style.removeProperty(variable);
  }
  // Telegram's own header and the device's notch: content starts below both.
  const inset = (side: 'top' | 'bottom' | 'left' | 'right') =>
    (app.safeAreaInset?.[side] ?? 0) + (app.contentSafeAreaInset?.[side] ?? 0);
  for (const side of ['top', 'bottom', 'left', 'right'] as const) {
    root.style.setProperty(`--tg-safe-${side}`, `${inset(side)}px`);
  }
}

export const isMiniApp = () => webApp !== null;

/** The Authorization header value for API calls inside Telegram. */
export const miniAppAuthorization = () => (webApp ? `tma ${webApp.initData}` : null);

/** The deep-link target: start parameter `event_<id>` opens that event. */
export function miniAppStartEventId(): number | null {
  const param = webApp?.initDataUnsafe?.start_param ?? new URLSearchParams(webApp?.initData).get('start_param');
  const match = /^event_(\d+)$/.exec(param ?? '');
  return match ? Number(match[1]) : null;
}

export function hapticSuccess() {
  webApp?.HapticFeedback.notificationOccurred('success');
}

export function hapticError() {
  webApp?.HapticFeedback.notificationOccurred('error');
}

/** Shows Telegram's BackButton while `onBack` is given; returns the cleanup. */
export function showBackButton(onBack: () => void): () => void {
  const button = webApp?.BackButton;
  if (!button) return () => {};
  button.onClick(onBack);
  button.show();
  return () => {
    button.offClick(onBack);
    button.hide();
  };
}

export interface MainButtonState {
  text: string;
  onClick: () => void;
  disabled?: boolean;
  busy?: boolean;
}

/** Puts the page's primary action on Telegram's MainButton; returns the cleanup that hides it again. */
export function showMainButton({ text, onClick, disabled = false, busy = false }: MainButtonState): () => void {
  const button = webApp?.MainButton;
  if (!button) return () => {};
  button.setParams({ text, is_visible: true, is_active: !disabled && !busy });
  if (busy) button.showProgress(false);
  else button.hideProgress();
  button.onClick(onClick);
  return () => {
    button.offClick(onClick);
    button.hideProgress();
    button.hide();
  };
}

/**
 * Opens Telegram's QR scanner; `onText` gets the first code read and the scanner closes. Returns false outside
 * Telegram (the caller offers typing the code instead).
 */
export function scanQrCode(prompt: string, onText: (text: string) => void): boolean {
  if (!webApp?.showScanQrPopup) return false;
  webApp.showScanQrPopup({ text: prompt }, (text) => {
    onText(text);
    return true;
  });
  return true;
}
