// The Telegram Mini App runtime: present only when the page was opened inside Telegram. Outside Telegram
// every function here is a no-op, so the website behaves as if this file did not exist.
interface ThemeParams {
  bg_color?: string;
  text_color?: string;
  hint_color?: string;
  link_color?: string;
  button_color?: string;
  button_text_color?: string;
  secondary_bg_color?: string;
  destructive_text_color?: string;
  section_bg_color?: string;
}

interface Insets {
  top?: number;
  bottom?: number;
  left?: number;
  right?: number;
}

/** The part of window.Telegram.WebApp that the app uses. */
export interface TelegramWebApp {
  initData: string;
  initDataUnsafe?: { start_param?: string };
  colorScheme?: 'light' | 'dark';
  themeParams?: ThemeParams;
  viewportStableHeight?: number;
  safeAreaInset?: Insets;
  contentSafeAreaInset?: Insets;
  ready?: () => void;
  expand?: () => void;
  onEvent?: (event: string, handler: () => void) => void;
  BackButton?: {
    show: () => void;
    hide: () => void;
    onClick: (cb: () => void) => void;
    offClick: (cb: () => void) => void;
  };
  HapticFeedback?: { notificationOccurred: (type: 'success' | 'error' | 'warning') => void };
}

declare global {
  interface Window {
    Telegram?: { WebApp?: TelegramWebApp };
  }
}

let webApp: TelegramWebApp | null = null;

/** Telegram puts its launch parameters in the URL hash; the SDK keeps them in sessionStorage on reloads. */
function launchedFromTelegram(): boolean {
  if (/tgWebAppData=/.test(window.location.hash)) return true;
  try {
    return Boolean(window.sessionStorage.getItem('__telegram__initParams'));
  } catch {
    return false;
  }
}

/**
 * Finds the Mini App environment: already on window (Telegram clients that inject it, or the development
 * fake), or loaded from the SDK when Telegram's launch parameters are present. Never throws.
 */
export async function initTelegramMiniApp(): Promise<TelegramWebApp | null> {
  try {
    if (!window.Telegram?.WebApp?.initData && launchedFromTelegram()) {
      await import('@twa-dev/sdk');
    }
    const candidate = window.Telegram?.WebApp;
    if (!candidate?.initData) return null;
    webApp = candidate;
    webApp.ready?.();
    webApp.expand?.();
    applyTheme(webApp);
    webApp.onEvent?.('themeChanged', () => applyTheme(candidate));
    webApp.onEvent?.('safeAreaChanged', () => applyTheme(candidate));
    webApp.onEvent?.('contentSafeAreaChanged', () => applyTheme(candidate));
    webApp.onEvent?.('viewportChanged', () => applyViewport(candidate));
    applyViewport(webApp);
    document.documentElement.dataset.telegram = 'true';
    return webApp;
  } catch {
    return null;
  }
}

/** The stable height excludes Telegram's expanding sheet animation, so the layout does not jump. */
function applyViewport(app: TelegramWebApp) {
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

function applyTheme(app: TelegramWebApp) {
  const root = document.documentElement;
  root.dataset.theme = app.colorScheme === 'dark' ? 'dark' : 'light';
  for (const [variable, key] of Object.entries(THEME_VARIABLES)) {
    const value = app.themeParams?.[key];
    // A colour the new theme does not give falls back to our own palette, never to the old theme's colour.
    if (value && /^#[0-9a-f]{3,8}$/i.test(value)) root.style.setProperty(variable, value);
    else root.style.removeProperty(variable);
  }
  const inset = (side: keyof Insets) => (app.safeAreaInset?.[side] ?? 0) + (app.contentSafeAreaInset?.[side] ?? 0);
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
  webApp?.HapticFeedback?.notificationOccurred('success');
}

export function hapticError() {
  webApp?.HapticFeedback?.notificationOccurred('error');
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
