// The nightly backup while the server runs: at a fixed time of day (UTC), plus one soon after start when none
// was taken in the last day (a server that is never up at night still gets its daily backup). With several
// instances each runs this schedule and the backups service lets exactly one take each backup.
import type { Logger } from '../../logger';
import type { BackupResult, BackupsService } from './backups-service';

const DAY_MS = 24 * 60 * 60_000;

export interface BackupScheduler {
  start(): void;
  /** Stops the timers and waits for a backup that is being written. */
  stop(): Promise<void>;
  /** A backup and pruning now, whatever the schedule; failures are logged, never thrown. */
  runOnce(): Promise<BackupResult | null>;
  /**
   * The scheduled backup: taken unless another instance is taking it or one was taken since `dueSince`.
   * Failures are logged (the next run tries again), never thrown.
   */
  runIfDue(dueSince: Date): Promise<BackupResult | null>;
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
  options: {
    dailyAtUtc: { hour: number; minute: number };
    /**
     * How long after start the catch-up waits: a starting server has enough to do, and a quick restart loop
     * should not make a backup each time.
     */
    catchUpDelayMs: number;
    now: () => Date;
    logger: Logger;
  },
): BackupScheduler {
  const { logger, now } = options;
  let nightly: NodeJS.Timeout | null = null;
  let catchUp: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;

  function track(run: Promise<BackupResult | null>): Promise<BackupResult | null> {
    const logged = run.catch((error: unknown) => {
      logger.error({ err: error }, 'backup failed');
      return null;
    });
    running = logged;
    return logged;
  }

  const runOnce = () => track(backups.backUp());
  const runIfDue = (dueSince: Date) => track(backups.backUpIfDue(dueSince));

  function scheduleNightly(): void {
    if (stopped) return;
    const due = nextRunAt(now(), options.dailyAtUtc);
    nightly = setTimeout(() => {
      void runIfDue(due).finally(scheduleNightly);
    }, due.getTime() - now().getTime());
    nightly.unref();
  }

  return {
    start() {
      stopped = false;
      scheduleNightly();
      catchUp = setTimeout(() => {
        if (!stopped) void runIfDue(new Date(now().getTime() - DAY_MS));
      }, options.catchUpDelayMs);
      catchUp.unref();
    },
    async stop() {
      stopped = true;
      if (nightly) clearTimeout(nightly);
      if (catchUp) clearTimeout(catchUp);
      await running;
    },
    runOnce,
    runIfDue,
  };
}
