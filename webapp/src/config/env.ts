// The only reader of import.meta.env: build-time settings of the web app. Plain constants, so the bundler
// folds them and drops development-only branches (and their dynamic imports) from production builds.

/** Development only: pretend to run inside Telegram (VITE_FAKE_TELEGRAM=1). */
export const FAKE_TELEGRAM = import.meta.env.DEV && import.meta.env.VITE_FAKE_TELEGRAM === '1';
/** Development only: signed initData for the fake Telegram environment, so API calls succeed. */
export const FAKE_TELEGRAM_INIT_DATA: string = import.meta.env.DEV
  ? (import.meta.env.VITE_FAKE_TELEGRAM_INIT_DATA ?? '')
  : '';
