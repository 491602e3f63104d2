// Entry: start the first screen's requests, find the Telegram Mini App environment (if any), then render.
// Startup failures show a readable screen.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { ErrorScreen } from './app/error-boundary';
import { openMiniAppSession } from './features/auth/api/mini-app-session';
import { preloadFirstScreen } from './app/preload';
import { FAKE_TELEGRAM, FAKE_TELEGRAM_INIT_DATA } from './config/env';
import { dropInlinedAnswers } from './lib/first-screen';
import { createQueryClient } from './lib/query-client';
import { initTelegramMiniApp } from './lib/telegram-mini-app';
import { messagesPending } from './i18n';
import './styles.css';

async function start() {
  const queryClient = createQueryClient();
  const root = createRoot(document.getElementById('root')!);
  try {
    // Development only: the fake Telegram environment is a separate module that production never contains.
    // import.meta.env.DEV is written out here (not read from config/env) so the bundler drops this branch and its chunk.
    if (import.meta.env.DEV && FAKE_TELEGRAM) {
      const { installFakeTelegram } = await import('./features/telegram/dev/fake-telegram');
      installFakeTelegram(FAKE_TELEGRAM_INIT_DATA);
    }
    // Inside Telegram the member is whoever initData says: answers written into the page for a website session
    // (lib/first-screen.ts) are not theirs to use. The launch's initData becomes the app's session.
    if (await initTelegramMiniApp()) {
      dropInlinedAnswers();
      await openMiniAppSession(queryClient);
    }
    // After the Mini App's set-up (its requests carry its session), before React's first render.
    await preloadFirstScreen(queryClient, window.location);
    // The messages of every module loaded so far, the first screen's included: the page paints in its language.
    await messagesPending();
    // The page's answers were for its first screen: a later request (another page, a refetch) asks the server.
    dropInlinedAnswers();
    // As a transition React renders the first screen in slices, yielding to the browser between them: no
    // single long task blocks a tap while a slow phone builds the page.
    startTransition(() =>
      root.render(
        <StrictMode>
          <App queryClient={queryClient} />
        </StrictMode>,
      ),
    );
  } catch (error) {
    // Its words first: the error screen says what went wrong in the member's language.
    await messagesPending()?.catch(() => undefined);
    root.render(<ErrorScreen message={error instanceof Error ? error.message : String(error)} />);
  }
}

void start();
