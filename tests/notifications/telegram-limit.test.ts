// Telegram's limit is per bot, so every instance takes its send slots from one sequence in the database.
// What is checked is the sequence itself (distinct slots, one interval apart), not how long sending took:
// pacing against the clock is in telegram-pacing.test.ts (a fake clock) and the speed in `npm run bench:notify`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../api/src/db/database';
import { databasePace } from '../../api/src/modules/notifications/telegram-pace';
import {
  databasePacer,
  GROUP_PER_MINUTE,
  GROUP_WINDOW_MS,
  PACE_PER_SECOND,
  TELEGRAM_GLOBAL_PER_SECOND,
} from '../../api/src/modules/notifications/telegram-sender';
import { TEST_DATABASE_URL } from '../support/env';
import { startTestApp, type TestApp } from '../support/test-app';

// Several instances need a shared database server: PGlite is one process by design.
// Without TEST_DATABASE_URL the suite reports as skipped (an empty describe.each leaves a file with no suite).
describe.skipIf(!TEST_DATABASE_URL)("Telegram's overall limit across instances on postgres", () => {
  const kind = 'postgres';
  let app: TestApp;
  let other: Database;

  beforeAll(async () => {
    app = await startTestApp(kind);
    other = await openDatabase(app.config.database, 5);
  });
  afterAll(async () => {
    await other?.close();
    await app?.stop();
  });

  it('When two instances reserve send slots at once, then every slot is distinct and one interval apart', async () => {
    // Each instance has its own connection pool, as separate processes would.
    const pacers = [databasePacer(app.deps.prisma), databasePacer(other.prisma)];
    const slots = (
      await Promise.all(pacers.map((reserve) => Promise.all(Array.from({ length: 40 }, () => reserve()))))
    ).flat();
    const sorted = [...slots].sort((a, b) => a - b);
    // The sequence is stored to the millisecond: a step may round down to 34 ms, still under 30 a second.
    const step = Math.floor(1000 / PACE_PER_SECOND);
    expect(1000 / step).toBeLessThan(30);
    for (let index = 1; index < sorted.length; index += 1) {
      expect(sorted[index]! - sorted[index - 1]!).toBeGreaterThanOrEqual(step);
    }
    expect(new Set(slots).size).toBe(80);
  });

  it('When two instances reserve bulk and reply slots at once, then no second holds more than 30 and replies come early', async () => {
    const paces = [databasePace(app.deps.prisma), databasePace(other.prisma)];
    // An announcement's worth of bulk slots is booked ahead first, as busy workers would.
    const bulk = (
      await Promise.all(paces.map((pace) => Promise.all(Array.from({ length: 40 }, () => pace.bulk()))))
    ).flat();
    const replies = (
      await Promise.all(paces.map((pace) => Promise.all(Array.from({ length: 4 }, () => pace.reply()))))
    ).flat();
    const all = [...bulk, ...replies].sort((a, b) => a - b);
    let most = 0;
    for (let start = 0, end = 0; end < all.length; end += 1) {
      while (all[end]! - all[start]! >= 1000) start += 1;
      most = Math.max(most, end - start + 1);
    }
    expect(most).toBeLessThanOrEqual(TELEGRAM_GLOBAL_PER_SECOND);
    // Replies have their own share: they are not queued behind the 80 bulk slots already booked.
    expect(Math.max(...replies)).toBeLessThan(Math.max(...bulk));
    expect(new Set(all).size).toBe(all.length);
  });

  it('When two instances message one group at once, then the group gets its 20 a minute between them and the 21st waits', async () => {
    const paces = [databasePace(app.deps.prisma), databasePace(other.prisma)];
    const waits = (
      await Promise.all(paces.map((pace) => Promise.all(Array.from({ length: 15 }, () => pace.groupTurn('-100777')))))
    ).flat();
    expect(waits.filter((wait) => wait === 0)).toHaveLength(GROUP_PER_MINUTE);
    const held = waits.filter((wait) => wait > 0);
    expect(held).toHaveLength(30 - GROUP_PER_MINUTE);
    // Told to come back when the oldest of the 20 leaves the minute, not at once.
    for (const wait of held) expect(wait).toBeGreaterThan(GROUP_WINDOW_MS / 2);
    // Another group is not held up by this one.
    expect(await paces[1]!.groupTurn('-100778')).toBe(0);
  });
});
