// One Telegram pace for everything the bot sends: an announcement to many members goes out while members tap its
// buttons and use commands, on the production pace (the database's slot sequences, not the tests' fast one).
// Telegram counts the bot's messages, edits and answers together: the fake Bot API's record of them never
// holds more than 30 in any second, it refuses none, and the members' taps are answered while the announcement
// is still going out (their replies have a share of the pace the announcement cannot take).
import type { User } from '@prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases';
import {
  busiestSecond,
  callbackUpdate,
  commandUpdate,
  COUNTED_BY_TELEGRAM,
  type FakeBotApi,
} from '../support/fake-bot-api';
import { startBotTestApp, type BotTestApp } from '../support/bot-test-app';

const MEMBERS = 80;
const TAPPERS = 8;
describe.each(DATABASE_KINDS)('one Telegram pace for announcements and replies on %s', (kind) => {
  let app: BotTestApp;
  let botApi: FakeBotApi;
  let members: Array<{ user: User; tg: { id: number; first_name: string } }>;

  beforeAll(async () => {
    // 0: the production pace (the database's), as every instance runs it; the fake refuses a 31st in a second.
    app = await startBotTestApp(kind, { telegramPerSecond: 0, botApi: { sendLimitPerSecond: 30 } });
    botApi = app.botApi;
    members = [];
    for (let index = 0; index < MEMBERS; index += 1) {
      const tg = { id: 5_500_000 + index, first_name: `Burst ${index}` };
      const { user } = await app.signedIn({
        name: `Burst ${index}`,
        telegramId: String(tg.id),
        notificationPrefs: ['telegram'],
      });
      members.push({ user, tg });
    }
  }, 120_000);
  afterAll(() => app?.stop());

  it('When members tap and use commands during an announcement, then no second holds more than 30 sends and the taps are answered before it ends', async () => {
    const { client: admin } = await app.admin();
    const created = await admin.post('/api/events', {
      name: 'Burst Evening',
      description: 'Everyone is told at once.',
      date: '2031-06-01T17:00:00.000Z',
      location: 'Main Hall',
      imageUrl: '/images/events/campfire.svg',
      isPublic: true,
    });
    expect(created.status).toBe(201);
    const eventId = created.body.id as number;
    botApi.calls.length = 0;

    const delivering = app.worker().drain();
    // The first members have their message: they tap its button while the rest are still being told.
    const firstSends = (await botApi.waitForCalls('sendMessage', TAPPERS, 30_000)).slice(0, TAPPERS);
    const tappers = firstSends.map((call) => members.find((member) => member.tg.id === Number(call.params.chat_id))!);
    const taps = tappers.map((member, index) =>
      app.sendUpdate(
        callbackUpdate(member.tg, `rsvp:${eventId}:${index % 2 ? 'n' : 'a'}`, {
          message_id: firstSends[index]!.result.message_id as number,
          text: firstSends[index]!.params.text as string,
        }),
      ),
    );
    const commands = members.slice(-4).map((member) => app.sendUpdate(commandUpdate(member.tg, '/events')));
    await Promise.all([...taps, ...commands]);
    const counts = await delivering;
    expect(counts).toEqual({ sent: MEMBERS, retried: 0, failed: 0 });

    const notified = new Set((await app.outboxRows()).map((row) => row.body));
    const announcement = botApi.callsOf('sendMessage').filter((call) => notified.has(call.params.text as string));
    expect(announcement).toHaveLength(MEMBERS);
    const answers = botApi.callsOf('answerCallbackQuery');
    expect(answers).toHaveLength(TAPPERS);
    // Taps were answered while the announcement was still going out, not queued behind all of it.
    const lastAnnounced = Math.max(...announcement.map((call) => call.at));
    expect(Math.min(...answers.map((answer) => answer.at))).toBeLessThan(lastAnnounced);

    expect(botApi.throttled).toEqual([]);
    expect(busiestSecond(botApi.calls.filter((call) => COUNTED_BY_TELEGRAM.test(call.method)))).toBeLessThanOrEqual(30);
  }, 120_000);
});
