// The Telegram pacer is pure logic over a clock, so it is checked here with a fake one: no test waits for
// real time or asserts how long anything took (the speed figure is in `npm run bench:notify`).
import type { Api } from 'grammy';
import { describe, expect, it } from 'vitest';
import type { ChannelSender, DeliveryError } from '../../api/src/modules/notifications/delivery';
import {
  createTelegramSender,
  GROUP_PER_MINUTE,
  GROUP_WINDOW_MS,
  PACE_PER_SECOND,
  PER_CHAT_INTERVAL_MS,
  TELEGRAM_GLOBAL_PER_SECOND,
  type PacerClock,
  type SharedPacer,
} from '../../api/src/modules/notifications/telegram-sender';

/** A clock that jumps straight to the next timer once everything runnable has run. */
function fakeClock(): PacerClock & { run(): Promise<void> } {
  let now = 1_700_000_000_000;
  const timers: Array<{ at: number; wake: () => void }> = [];
  return {
    now: () => now,
    sleep: (ms) => (ms <= 0 ? Promise.resolve() : new Promise<void>((wake) => timers.push({ at: now + ms, wake }))),
    async run() {
      for (;;) {
        await new Promise((resolve) => setImmediate(resolve));
        if (!timers.length) return;
        timers.sort((a, b) => a.at - b.at);
        const timer = timers.shift()!;
        now = Math.max(now, timer.at);
        timer.wake();
      }
    },
  };
}

/** A Bot API that records when (on the fake clock) each message was sent, and to which chat. */
function recordingApi(clock: PacerClock, sent: Array<{ at: number; chat: string }>): Api {
  return {
    sendMessage: async (chatId: string | number) => {
      sent.push({ at: clock.now(), chat: String(chatId) });
      return {};
    },
  } as unknown as Api;
}

const message = (index: number, to: string) => ({
  key: `pace:${index}`,
  to,
  subject: null,
  text: `Message ${index}`,
  html: null,
  payload: null,
});

/** `count` messages through each sender, 5 in flight per sender like the worker's lanes, all at once. */
async function sendAll(
  clock: ReturnType<typeof fakeClock>,
  senders: ChannelSender[],
  count: number,
  to: (i: number) => string,
) {
  const work = Promise.all(
    senders.map(async (send, instance) => {
      let next = 0;
      await Promise.all(
        Array.from({ length: 5 }, async () => {
          while (next < count) {
            const index = next++;
            await send(message(index, to(instance * 10_000 + index)));
          }
        }),
      );
    }),
  );
  await clock.run();
  await work;
}

/** The most sends that fall within any one second. */
function busiestSecond(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end += 1) {
    while (sorted[end]! - sorted[start]! >= 1000) start += 1;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

const rsvpButtons = () => ({ inline_keyboard: [] });

describe('Telegram pacing (fake clock)', () => {
  it('When the worker sends a burst to many chats, then no second carries more than Telegram allows', async () => {
    const clock = fakeClock();
    const sent: Array<{ at: number; chat: string }> = [];
    const send = createTelegramSender(recordingApi(clock, sent), { rsvpButtons, clock });
    await sendAll(clock, [send], 120, (i) => String(500_000 + i));

    expect(sent).toHaveLength(120);
    expect(busiestSecond(sent.map((s) => s.at))).toBeLessThanOrEqual(TELEGRAM_GLOBAL_PER_SECOND);
    expect(PACE_PER_SECOND).toBeLessThan(TELEGRAM_GLOBAL_PER_SECOND);
    // Paced, not stalled: evenly spaced slots, so 120 messages span (120 - 1) intervals of the fake clock.
    const span = Math.max(...sent.map((s) => s.at)) - Math.min(...sent.map((s) => s.at));
    expect(span).toBeCloseTo((119 * 1000) / PACE_PER_SECOND, 0);
  });

  it('When several messages go to one chat, then they are at least a second apart', async () => {
    const clock = fakeClock();
    const sent: Array<{ at: number; chat: string }> = [];
    const send = createTelegramSender(recordingApi(clock, sent), { rsvpButtons, clock });
    await sendAll(clock, [send], 12, (i) => (i % 3 === 0 ? '777' : String(600_000 + i)));

    const toOne = sent.filter((s) => s.chat === '777').map((s) => s.at);
    expect(toOne).toHaveLength(4);
    for (let index = 1; index < toOne.length; index += 1) {
      expect(toOne[index]! - toOne[index - 1]!).toBeGreaterThanOrEqual(PER_CHAT_INTERVAL_MS);
    }
  });

  it('When many messages go to one group, then at most 20 a minute go there, and other chats do not wait', async () => {
    const clock = fakeClock();
    const sent: Array<{ at: number; chat: string }> = [];
    const send = createTelegramSender(recordingApi(clock, sent), { rsvpButtons, clock });
    const started = clock.now();
    // Every other message to one group (negative id), the rest to members' private chats; 5 lanes like the
    // worker's. A message the group cannot take yet comes back with when to retry, as the worker reschedules it.
    const chat = (i: number) => (i % 2 === 0 ? '-100500' : String(800_000 + i));
    const retries: Promise<void>[] = [];
    const deliver = async (i: number): Promise<void> => {
      try {
        await send(message(i, chat(i)));
      } catch (error) {
        const wait = (error as DeliveryError).detail?.retryAfterMs;
        if (wait === undefined) throw error;
        retries.push(clock.sleep(wait).then(() => deliver(i)));
      }
    };
    let next = 0;
    const lanes = Array.from({ length: 5 }, async () => {
      while (next < 50) await deliver(next++);
    });
    await clock.run();
    await Promise.all(lanes);
    while (retries.length) await retries.shift();

    const toGroup = sent.filter((s) => s.chat === '-100500').map((s) => s.at);
    expect(toGroup).toHaveLength(25);
    for (let index = GROUP_PER_MINUTE; index < toGroup.length; index += 1) {
      expect(toGroup[index]! - toGroup[index - GROUP_PER_MINUTE]!).toBeGreaterThanOrEqual(GROUP_WINDOW_MS);
    }
    // The group's 21st message waited a minute; the private chats' 25 were not held up behind it.
    const toMembers = sent.filter((s) => s.chat !== '-100500').map((s) => s.at - started);
    expect(toMembers).toHaveLength(25);
    expect(Math.max(...toMembers)).toBeLessThan(GROUP_WINDOW_MS / 2);
  });

  it('When two instances share one slot sequence, then together they stay under the limit', async () => {
    const clock = fakeClock();
    const sent: Array<{ at: number; chat: string }> = [];
    // What the database pacer does across processes: one sequence of slots, one interval apart.
    let nextSlot = 0;
    const shared: SharedPacer = async () => {
      const slot = Math.max(clock.now(), nextSlot);
      nextSlot = slot + 1000 / PACE_PER_SECOND;
      return slot;
    };
    const senders = [0, 1].map(() =>
      createTelegramSender(recordingApi(clock, sent), { rsvpButtons, clock, sharedPacer: shared }),
    );
    await sendAll(clock, senders, 60, (i) => String(700_000 + i));

    expect(sent).toHaveLength(120);
    // Unshared, each instance would keep its own pace and the two together would send twice the limit.
    expect(busiestSecond(sent.map((s) => s.at))).toBeLessThanOrEqual(TELEGRAM_GLOBAL_PER_SECOND);
  });

  it('When a shared slot comes late, then the next message to that chat still waits a second after it', async () => {
    const clock = fakeClock();
    const sent: Array<{ at: number; chat: string }> = [];
    // Other instances hold the shared sequence: the first message's turn comes most of a second after its chat's.
    let calls = 0;
    const shared: SharedPacer = async () => (calls++ === 0 ? clock.now() + 900 : clock.now());
    const send = createTelegramSender(recordingApi(clock, sent), { rsvpButtons, clock, sharedPacer: shared });
    await sendAll(clock, [send], 3, () => '777');

    const times = sent.map((s) => s.at);
    expect(times).toHaveLength(3);
    for (let index = 1; index < times.length; index += 1) {
      expect(times[index]! - times[index - 1]!).toBeGreaterThanOrEqual(PER_CHAT_INTERVAL_MS);
    }
  });

  it('When a shared slot has already passed (the process stalled), then a fresh one is taken', async () => {
    const clock = fakeClock();
    const sent: Array<{ at: number; chat: string }> = [];
    const slots = [clock.now() - 5_000, clock.now() + 200];
    const shared: SharedPacer = async () => slots.shift() ?? clock.now();
    const send = createTelegramSender(recordingApi(clock, sent), { rsvpButtons, clock, sharedPacer: shared });
    const started = clock.now();
    await sendAll(clock, [send], 1, () => '42');
    expect(sent.map((s) => s.at - started)).toEqual([200]);
  });

  it('When the process stalls while waiting for its slot (timers fire late), then a fresh slot is taken', async () => {
    const clock = fakeClock();
    const sent: Array<{ at: number; chat: string }> = [];
    const started = clock.now();
    // The wait for the first slot ends 300 ms after it (a busy event loop); the second comes 40 ms later.
    const slots = [started + 100, started + 440];
    const stalled: PacerClock = {
      now: clock.now,
      sleep: (ms) => clock.sleep(clock.now() + ms === started + 100 ? ms + 300 : ms),
    };
    const shared: SharedPacer = async () => slots.shift() ?? clock.now();
    const send = createTelegramSender(recordingApi(clock, sent), { rsvpButtons, clock: stalled, sharedPacer: shared });
    await sendAll(clock, [send], 1, () => '42');
    expect(sent.map((s) => s.at - started)).toEqual([440]);
  });
});
