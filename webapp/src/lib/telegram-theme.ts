// The Telegram Mini App's look: Telegram's theme colours as our tokens (text colours nudged to stay readable),
// its safe-area insets and stable viewport height. Its own chunk, loaded with the SDK only inside Telegram, so a
// website visitor's first page carries none of it.
import { readableOn } from './contrast';
type WebApp = (typeof import('@twa-dev/sdk'))['default'];
type ThemeParams = WebApp['themeParams'];

/** The stable height excludes Telegram's expanding sheet animation, so the layout does not jump. */
export function applyViewport(app: WebApp) {
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

export function applyTheme(app: WebApp) {
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
