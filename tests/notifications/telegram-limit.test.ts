// Telegram's limit is per bot, so every instance takes its send slots from one sequence in the database.
// What is checked is the sequence itself (distinct slots, one interval apart), not how long sending took:
// pacing against the clock is in telegram-pacing.test.ts (a fake clock) and the speed in `npm run bench:notify`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../api/src/db/database';
import { databasePacer, PACE_PER_SECOND } from '../../api/src/modules/notifications/telegram-sender';
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
});
