// The loop the delivery worker and the shared-card refresher both run: each tick claims work from the database
// until none is due, then the loop sleeps for the poll interval. wake() cuts a sleep short, and a loop woken
// while it was busy runs again at once instead of sleeping through the news. A failed tick is reported and
// tried again at the next turn; stop() lets the ticks in hand finish.

export interface Poller {
  /** Runs each named tick in a loop of its own until stop(). */
  start(ticks: Record<string, () => Promise<unknown>>): void;
  stop(): Promise<void>;
  wake(): void;
}

export function createPoller(intervalMs: number, onError: (tick: string, error: unknown) => void): Poller {
  let running = false;
  let loops: Promise<void> | null = null;
  const sleepers = new Set<() => void>();
  let wakeUps = 0;

  function pause(): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, intervalMs);
      sleepers.add(done);
    });
  }

  function wake(): void {
    wakeUps += 1;
    [...sleepers].forEach((done) => done());
  }

  async function loop(name: string, tick: () => Promise<unknown>): Promise<void> {
    while (running) {
      const seen = wakeUps;
      try {
        await tick();
      } catch (error) {
        onError(name, error);
      }
      if (running && wakeUps === seen) await pause();
    }
  }

  return {
    start(ticks) {
      if (running) return;
      running = true;
      loops = Promise.all(Object.entries(ticks).map(([name, tick]) => loop(name, tick))).then(() => undefined);
    },
    async stop() {
      running = false;
      wake();
      await loops;
      loops = null;
    },
    wake,
  };
}
