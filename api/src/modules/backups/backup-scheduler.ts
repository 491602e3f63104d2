// The nightly backup while the server runs: at a fixed time of day (UTC), plus one soon after start when the
// newest backup is older than a day (a server that is never up at night still gets its daily backup).
import type { Logger } from '../../logger';
import type { BackupResult, BackupsService } from './backups-service';

const DAY_MS = 24 * 60 * 60_000;
/** Not at once: a starting server has enough to do, and a quick restart loop should not make a backup each time. */
const CATCH_UP_DELAY_MS = 5 * 60_000;

export interface BackupScheduler {
  start(): void;
  /** Stops the timers and waits for a backup that is being written. */
  stop(): Promise<void>;
  /** One scheduled run: a backup and pruning; failures are logged (the next run tries again), never thrown. */
  runOnce(): Promise<BackupResult | null>;
}

/** The first moment after `from` whose UTC time of day is hour:minute. */
export function nextRunAt(from: Date, at: { hour: number; minute: number }): Date {
  const next = new Date(from);
  next.setUTCHours(at.hour, at.minute, 0, 0);
  if (next.getTime() <= from.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

export function createBackupScheduler(
  backups: BackupsService,
  options: { dailyAtUtc: { hour: number; minute: number }; now: () => Date; logger: Logger },
): BackupScheduler {
  const { logger, now } = options;
  let nightly: NodeJS.Timeout | null = null;
  let catchUp: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;

  async function runOnce(): Promise<BackupResult | null> {
    const run = backups.backUp().catch((error: unknown) => {
      logger.error({ err: error }, 'backup failed');
      return null;
    });
    running = run;
    return run;
  }

  function scheduleNightly(): void {
    if (stopped) return;
    const delay = nextRunAt(now(), options.dailyAtUtc).getTime() - now().getTime();
    nightly = setTimeout(() => {
      void runOnce().finally(scheduleNightly);
    }, delay);
    nightly.unref();
  }

  return {
    start() {
      stopped = false;
      scheduleNightly();
      void backups
        .latest()
        .then((latest) => {
          if (stopped || (latest && now().getTime() - latest.createdAt.getTime() < DAY_MS)) return;
          catchUp = setTimeout(() => void runOnce(), CATCH_UP_DELAY_MS);
          catchUp.unref();
        })
        .catch((error: unknown) => logger.warn({ err: error }, 'could not read the backups folder'));
    },
    async stop() {
      stopped = true;
      if (nightly) clearTimeout(nightly);
      if (catchUp) clearTimeout(catchUp);
      await running;
    },
    runOnce,
  };
}
