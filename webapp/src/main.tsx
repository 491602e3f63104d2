// Entry: find the Telegram Mini App environment (if any), then render. Startup failures show a readable screen.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { ErrorScreen } from './app/error-boundary';
import { FAKE_TELEGRAM, FAKE_TELEGRAM_INIT_DATA } from './config/env';
import { initTelegramMiniApp } from './lib/telegram-mini-app';
import './styles.css';

async function start() {
  const root = createRoot(document.getElementById('root')!);
  try {
    // Development only: the fake Telegram environment is a separate module that production never contains.
    // import.meta.env.DEV is written out here (not read from config/env) so the bundler drops this branch and its chunk.
    if (import.meta.env.DEV && FAKE_TELEGRAM) {
      const { installFakeTelegram } = await import('./features/telegram/dev/fake-telegram');
      installFakeTelegram(FAKE_TELEGRAM_INIT_DATA);
    }
    await initTelegramMiniApp();
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  } catch (error) {
    root.render(<ErrorScreen message={error instanceof Error ? error.message : String(error)} />);
  }
}

void start();
