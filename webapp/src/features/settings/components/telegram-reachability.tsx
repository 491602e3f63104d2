// Telegram notifications that cannot be delivered (the member blocked the bot, never pressed Start, or opened
// the Mini App without allowing the bot to write): Settings says so with the fix one tap away. Everywhere:
// open the bot, whose "/start notify" tells the server the bot may write again. Inside Telegram also:
// Telegram's own permission prompt (requestWriteAccess), which Telegram reports to the bot.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, buttonClass } from '../../../components/button/button';
import { useAuthConfig } from '../../../lib/auth-config';
import { currentUserQueryOptions } from '../../../lib/auth';
import { isMiniApp } from '../../../lib/telegram-mini-app';
import { openTelegramLink, requestWriteAccess } from '../../../lib/telegram-actions';
import { defineMessages, useT } from '../../../i18n';
import { commonMessages } from '../../../components/common-messages';
import styles from './telegram-reachability.module.css';

const messages = defineMessages({
  unreachable: {
    id: 'web.settings.telegram.unreachable',
    defaultMessage: 'Telegram notifications cannot be delivered: the bot is not allowed to send you messages.',
  },
  howMiniApp: {
    id: 'web.settings.telegram.howMiniApp',
    defaultMessage: 'Allow the bot to message you, or open it and press Start.',
  },
  how: { id: 'web.settings.telegram.how', defaultMessage: 'Open the bot and press Start.' },
  allow: { id: 'web.settings.telegram.allow', defaultMessage: 'Allow messages' },
  openBot: { id: 'web.settings.telegram.openBot', defaultMessage: 'Open the bot' },
});

/** How often and how long the page looks again for the server to learn what Telegram told the bot. */
const RECHECK_MS = 1_000;
const RECHECKS = 10;

/**
 * Telegram's permission prompt inside the Mini App (nothing outside it). Telegram tells the bot the answer,
 * and the bot the server, a moment later: the page then looks again until the server knows.
 */
export function useAllowTelegramMessages() {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  async function allow(): Promise<void> {
    if (!isMiniApp()) return;
    setAsking(true);
    try {
      if (!(await requestWriteAccess())) return;
      for (let check = 0; check < RECHECKS; check += 1) {
        const user = await queryClient.fetchQuery({ ...currentUserQueryOptions(), staleTime: 0 });
        if (!user || user.telegramReachable) return;
        await new Promise((resolve) => setTimeout(resolve, RECHECK_MS));
      }
    } finally {
      setAsking(false);
    }
  }
  return { allow, asking };
}

export function TelegramUnreachable() {
  const bot = useAuthConfig().data?.telegramBotUsername;
  const { allow, asking } = useAllowTelegramMessages();
  const t = useT();
  const botLink = bot ? `https://t.me/${bot}?start=notify` : null;
  return (
    <div className={styles.box} role="status">
      <p className={styles.text}>{t(messages.unreachable)}</p>
      <p className={styles.how}>{isMiniApp() ? t(messages.howMiniApp) : t(messages.how)}</p>
      <div className={styles.actions}>
        {isMiniApp() && (
          <Button size="small" onClick={() => void allow()} disabled={asking}>
            {asking ? t(commonMessages.waitingForTelegram) : t(messages.allow)}
          </Button>
        )}
        {botLink && (
          <a
            className={buttonClass({ variant: isMiniApp() ? 'secondary' : 'primary', size: 'small' })}
            href={botLink}
            target="_blank"
            rel="noreferrer"
            onClick={(event) => {
              if (openTelegramLink(botLink)) event.preventDefault();
            }}
          >
            {t(messages.openBot)}
          </a>
        )}
      </div>
    </div>
  );
}
