// Whether Telegram notifications reach a member, as Telegram tells the server: a 403 on a send, the bot
// blocked and unblocked (my_chat_member), /start, the write access allowed from the Mini App or the Login
// Widget, and initData's allows_write_to_pm. Then /my, the member's own upcoming RSVPs. Real app, real worker,
// the bot behind its webhook, the local fake Bot API; PGlite only (no locking involved).
import type { User } from '@prisma/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MY_EVENTS_PRIVATE_ONLY_TEXT, MY_EVENTS_TITLE, NO_MY_EVENTS_TEXT } from '../../bot/src/features/my-events';
import { NOTIFY_ON_TEXT } from '../../bot/src/features/reachability';
import { commandUpdate, myChatMemberUpdate, writeAccessAllowedUpdate, type FakeBotApi } from '../support/fake-bot-api';
import type { TestClient } from '../support/http-client';
import { signInitData } from '../support/signing';
import { TEST_BOT_TOKEN } from '../support/test-app';
import { startBotTestApp, type BotTestApp } from '../support/bot-test-app';

const PUBLIC_URL = 'https://events.example.org';
const BLOCKED = 'Forbidden: bot was blocked by the user';
let nextTelegramId = 930000;

describe('Telegram reachability and /my', () => {
  let app: BotTestApp;
  let botApi: FakeBotApi;
  let admin: { user: User; client: TestClient };
  let eventCount = 0;

  beforeAll(async () => {
    app = await startBotTestApp('pglite', { env: { PUBLIC_URL } });
    botApi = app.botApi;
  });
  afterAll(async () => {
    await app.stop();
  });
  beforeEach(async () => {
    await app.reset();
    botApi.calls.length = 0;
    app.setNow(new Date());
    admin = await app.admin();
  });

  const person = () => ({ id: ++nextTelegramId, first_name: 'Tess' });
  const member = (tg: { id: number }) =>
    app.signedIn({ name: 'Tess', telegramId: String(tg.id), notificationPrefs: ['telegram'] });
  /** What Telegram's servers do: POST the update to our webhook with our secret. */
  async function deliver(update: object) {
    const res = await app.deliver(update);
    expect(res.status).toBe(200);
  }
  async function createEvent(fields: Record<string, unknown> = {}) {
    eventCount += 1;
    const res = await admin.client.post('/api/events', {
      name: `Quiz Night ${eventCount}`,
      description: 'Teams of four.',
      date: '2031-10-01T19:00:00.000Z',
      location: 'Club Room',
      imageUrl: '/images/events/workshop.svg',
      isPublic: true,
      ...fields,
    });
    expect(res.status).toBe(201);
    return res.body.id as number;
  }
  /** Announces a new event and runs the delivery worker until everything queued is done. */
  async function announce() {
    await createEvent();
    while (await app.outbox.expandNext(app.deps.now(), 500));
    await app.worker({ concurrency: 1 }).drain();
  }
  const sendsTo = (tg: { id: number }) =>
    botApi.callsOf('sendMessage').filter((call) => String(call.params.chat_id) === String(tg.id));
  const reachable = async (client: TestClient) => (await client.get('/api/users/me')).body.telegramReachable;

  it('When the bot is blocked (403 on a send), then the member is unreachable and nothing more is tried for them', async () => {
    const tg = person();
    const tess = await member(tg);
    botApi.failNext('sendMessage', { error_code: 403, description: BLOCKED }, tg.id);
    await announce();
    expect(sendsTo(tg)).toHaveLength(1);
    expect(await reachable(tess.client)).toBe(false);

    // Later announcements queue nothing for her Telegram: no attempts, no retries piling up.
    await announce();
    await announce();
    expect(sendsTo(tg)).toHaveLength(1);
    const rows = (await app.outboxRows()).filter((row) => row.channel === 'telegram' && row.userId === tess.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('When Telegram reports the bot blocked and then unblocked (my_chat_member), then reachability follows', async () => {
    const tg = person();
    const tess = await member(tg);
    await deliver(myChatMemberUpdate(tg, 'kicked'));
    expect(await reachable(tess.client)).toBe(false);
    await announce();
    expect(sendsTo(tg)).toHaveLength(0);
    // Blocking says nothing back to the person (Telegram would refuse it anyway).
    expect(botApi.callsOf('sendMessage')).toHaveLength(0);

    await deliver(myChatMemberUpdate(tg, 'member'));
    expect(await reachable(tess.client)).toBe(true);
    await announce();
    expect(sendsTo(tg)).toHaveLength(1);
  });

  it("When a blocked member presses Start (from Settings' link), then they are reachable and told so", async () => {
    const tg = person();
    const tess = await member(tg);
    await deliver(myChatMemberUpdate(tg, 'kicked'));
    expect(await reachable(tess.client)).toBe(false);

    await deliver(commandUpdate(tg, '/start notify'));
    expect(await reachable(tess.client)).toBe(true);
    expect(sendsTo(tg).map((call) => call.params.text)).toEqual([NOTIFY_ON_TEXT]);
  });

  it('When a blocked member signs in with the Login Widget (which asks for write access), then they are reachable', async () => {
    const tg = person();
    const tess = await member(tg);
    await deliver(myChatMemberUpdate(tg, 'kicked'));
    expect(await reachable(tess.client)).toBe(false);
    await deliver(writeAccessAllowedUpdate(tg, 'login_widget'));
    expect(await reachable(tess.client)).toBe(true);
  });

  describe('a Mini App sign-in', () => {
    const tma = (tg: { id: number }, fields: { allows?: boolean; authDate?: Date } = {}) => {
      const user = { id: tg.id, first_name: 'Mia', username: `mia_${tg.id}`, allows_write_to_pm: fields.allows };
      const authDate = Math.floor((fields.authDate ?? app.deps.now()).getTime() / 1000);
      const initData = signInitData({ auth_date: String(authDate), user: JSON.stringify(user) }, TEST_BOT_TOKEN);
      return { headers: { authorization: `tma ${initData}` } };
    };
    const meIn = async (headers: ReturnType<typeof tma>) => {
      const res = await app.anonymous().get('/api/users/me', headers);
      expect(res.status).toBe(200);
      return res.body;
    };

    it('When initData says the bot may write (allows_write_to_pm), then Telegram notifications reach the member', async () => {
      const tg = person();
      expect(await meIn(tma(tg, { allows: true }))).toMatchObject({
        telegramReachable: true,
        notificationPrefs: ['telegram'],
      });
      await announce();
      expect(sendsTo(tg)).toHaveLength(1);
    });

    it('When initData does not allow writing, then the member is unreachable until they allow it, and it stays allowed', async () => {
      const tg = person();
      const launch = tma(tg);
      expect(await meIn(launch)).toMatchObject({ telegramReachable: false, notificationPrefs: ['telegram'] });
      await announce();
      expect(sendsTo(tg)).toHaveLength(0);

      // requestWriteAccess in the Mini App: Telegram tells the bot with a service message.
      await deliver(writeAccessAllowedUpdate(tg));
      // The same launch's initData (which still lacks the field) does not undo what Telegram told the bot.
      expect(await meIn(launch)).toMatchObject({ telegramReachable: true });
      await announce();
      expect(sendsTo(tg)).toHaveLength(1);
    });

    it('When initData signed before a block says the bot may write, then it does not undo the block', async () => {
      const tg = person();
      const signedEarlier = new Date(app.deps.now().getTime() - 60_000);
      expect(await meIn(tma(tg, { allows: true, authDate: signedEarlier }))).toMatchObject({ telegramReachable: true });
      await deliver(myChatMemberUpdate(tg, 'kicked'));
      expect(await meIn(tma(tg, { allows: true, authDate: signedEarlier }))).toMatchObject({
        telegramReachable: false,
      });
      // A launch after the block that allows writing (they unblocked and reopened the app) restores it.
      app.setNow(new Date(app.deps.now().getTime() + 5_000));
      expect(await meIn(tma(tg, { allows: true }))).toMatchObject({ telegramReachable: true });
    });
  });

  describe('/my', () => {
    it('When a member sends /my, then their own upcoming RSVPs are listed with their status and an open button', async () => {
      const tg = person();
      const tess = await member(tg);
      const other = await app.signedIn({ name: 'Other' });
      const attending = await createEvent({ name: 'Board Games', date: '2031-11-02T18:00:00.000Z' });
      const maybe = await createEvent({ name: 'Film Night', date: '2031-11-01T18:00:00.000Z' });
      const full = await createEvent({ name: 'Cooking Class', date: '2031-11-03T18:00:00.000Z', capacity: 1 });
      const declined = await createEvent({ name: 'Quiz', date: '2031-11-04T18:00:00.000Z' });
      const past = await createEvent({ name: 'Old Picnic', date: '2020-06-01T12:00:00.000Z' });
      const attend = async (client: TestClient, id: number, status: string) =>
        expect((await client.post(`/api/events/${id}/attend`, { status })).status).toBeLessThan(300);
      await attend(tess.client, attending, 'attending');
      await attend(tess.client, maybe, 'maybe');
      await attend(other.client, full, 'attending');
      await attend(tess.client, full, 'attending');
      await attend(tess.client, declined, 'not_attending');
      await app.deps.prisma.attendance.create({ data: { eventId: past, userId: tess.user.id, status: 'attending' } });
      botApi.calls.length = 0;

      await deliver(commandUpdate(tg, '/my'));
      const [reply] = sendsTo(tg);
      expect(reply!.params.text).toBe(
        [
          MY_EVENTS_TITLE,
          '',
          '1. Film Night\n   Sat 1 Nov, 18:00 UTC · Club Room\n   You: maybe 🤔',
          '2. Board Games\n   Sun 2 Nov, 18:00 UTC · Club Room\n   You: attending ✅',
          '3. Cooking Class\n   Mon 3 Nov, 18:00 UTC · Club Room\n   You: on the waitlist ⏳ (position 1)',
        ].join('\n'),
      );
      expect(reply!.params.reply_markup.inline_keyboard).toEqual([
        [{ text: 'Film Night', web_app: { url: `${PUBLIC_URL}/events/${maybe}` } }],
        [{ text: 'Board Games', web_app: { url: `${PUBLIC_URL}/events/${attending}` } }],
        [{ text: 'Cooking Class', web_app: { url: `${PUBLIC_URL}/events/${full}` } }],
      ]);
    });

    it('When a member with no replies sends /my, or sends it in a group, then nothing private is listed', async () => {
      const tg = person();
      await member(tg);
      await createEvent({ name: 'Board Games' });
      await deliver(commandUpdate(tg, '/my'));
      await deliver(commandUpdate(tg, '/my', { id: -100777, type: 'supergroup', title: 'Friends' }));
      expect(botApi.callsOf('sendMessage').map((call) => call.params.text)).toEqual([
        NO_MY_EVENTS_TEXT,
        MY_EVENTS_PRIVATE_ONLY_TEXT,
      ]);
    });
  });
});
