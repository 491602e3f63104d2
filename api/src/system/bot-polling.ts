// The bot on long polling (no PUBLIC_URL: development, or a host Telegram cannot reach). Telegram hands each
// update to one getUpdates at a time and answers a second poller 409 Conflict, so with several instances exactly
// one polls: the holder of a PostgreSQL advisory lock. The others try to take it every `retryMs`; when the
// leader dies its session ends, the lock is free, and one of them polls within that time. On PGlite (one
// process) there is no lock: the process just polls.
import { GrammyError, type Bot } from 'grammy';
import type { BotContext } from '../../../bot/src/i18n';
import type { SessionLock } from '../db/session-lock';
import type { Logger } from '../logger';

/** A follower tries to become the leader this often, and the leader checks its lock: takeover within 30 s. */
export const POLLING_RETRY_MS = 10_000;

export interface PollingOptions {
  /** The lock that makes one instance the poller; null on a single-process database (PGlite). */
  lock: SessionLock | null;
  logger: Logger;
  allowedUpdates: readonly string[];
  /** Run once polling has begun (the command list); its failure is logged, polling goes on. */
  onStart: () => Promise<void>;
  retryMs?: number;
}

export interface BotPolling {
  /** Whether this process is polling now. */
  readonly polling: boolean;
  /** Stops polling (confirming the updates handled) and gives the lock back. */
  stop(): Promise<void>;
}

export function pollUpdates(bot: Bot<BotContext>, options: PollingOptions): BotPolling {
  const { lock, logger } = options;
  const retryMs = options.retryMs ?? POLLING_RETRY_MS;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let standingBy = false;

  function startPolling(): void {
    running = bot
      .start({
        allowed_updates: [...options.allowedUpdates] as never,
        onStart: (info) => {
          logger.info({ username: info.username }, 'bot polling started');
          options.onStart().catch((error: unknown) => logger.warn({ err: error }, 'bot setup failed'));
        },
      })
      .catch((error: unknown) => {
        if (error instanceof GrammyError && error.error_code === 409) {
          // Another poller of this bot outside our lock (a developer's copy, a webhook still set elsewhere).
          logger.warn({ err: error }, 'Telegram says another process polls this bot; trying again later');
        } else {
          logger.error({ err: error }, 'bot polling stopped; trying again later');
        }
      })
      .finally(() => {
        running = null;
      });
  }

  async function stopPolling(): Promise<void> {
    if (bot.isRunning()) await bot.stop().catch((error: unknown) => logger.warn({ err: error }, 'bot stop failed'));
    await running;
  }

  /** One round: take (or check) the lock, then poll if ours and not polling yet, or stop if it is not ours. */
  async function round(): Promise<void> {
    timer = null;
    if (stopped) return;
    let leader = lock === null;
    if (lock) {
      try {
        leader = await lock.tryTake();
      } catch (error) {
        logger.warn({ err: error }, 'could not reach the database for the polling lock');
      }
    }
    if (stopped) return;
    if (leader && !running) {
      if (standingBy) logger.info('this instance takes over polling the bot');
      standingBy = false;
      startPolling();
    } else if (!leader) {
      if (running) await stopPolling();
      if (!standingBy) logger.info('another instance polls the bot; this one stands by');
      standingBy = true;
    }
    if (!stopped) {
      timer = setTimeout(() => void round(), retryMs);
      timer.unref();
    }
  }

  // The lock's connection died: another instance may take it at once, so this one stops polling now.
  lock?.onLost(() => {
    logger.warn('lost the polling lock with its database connection; polling stops');
    void stopPolling();
  });
  void round();

  return {
    get polling() {
      return running !== null;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await stopPolling();
      await lock?.release();
    },
  };
}
