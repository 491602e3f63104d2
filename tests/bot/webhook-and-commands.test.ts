import type { User } from '@prisma/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BOT_COMMANDS, configureBot, SORRY_TEXT } from '../../bot/src/create-bot';
import { EVENT_WELCOME_TEXT, WELCOME_TEXT } from '../../bot/src/features/welcome';
import { EVENTS_PRIVATE_ONLY_TEXT, NO_EVENTS_TEXT } from '../../bot/src/features/events';
import { RSVP_TEXT } from '../../bot/src/features/rsvp';
import { rsvpData } from '../../bot/src/callback-data';
import { DATABASE_KINDS } from '../support/databases';
import { callbackUpdate, commandUpdate, type FakeBotApi } from '../support/fake-bot-api';
import type { TestClient } from '../support/http-client';
import { startBotTestApp, type BotTestApp } from '../support/bot-test-app';

const PUBLIC_URL = 'https://events.example.org';
let nextTelegramId = 990000;

describe.each(DATABASE_KINDS)('the bot behind its webhook on %s', (kind) => {
  let app: BotTestApp;
  let botApi: FakeBotApi;
  let admin: { user: User; client: TestClient };

  beforeAll(async () => {
    app = await startBotTestApp(kind, { env: { PUBLIC_URL } });
    botApi = app.botApi;
    admin = await app.admin();
  });
  afterAll(async () => {
    await app.stop();
  });
  beforeEach(() => {
    botApi.calls.length = 0;
  });

  const person = () => ({ id: ++nextTelegramId, first_name: 'Noa' });
  /** What Telegram's servers do: POST the update with the secret we gave them. */
  const deliver = (update: object, secret?: string | null) => app.deliver(update, secret);

  async function createEvent(fields: Record<string, unknown>) {
    const res = await admin.client.post('/api/events', {
      description: 'Fun.',
      location: 'Youth Centre',
      imageUrl: '/images/events/hike.svg',
      isPublic: true,
      ...fields,
    });
    expect(res.status).toBe(201);
    return res.body.id as number;
  }

  it('When an update comes without the secret token or with a wrong one, then it is refused and not handled', async () => {
    const update = commandUpdate(person(), '/start');
    const missing = await deliver(update, null);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ code: expect.any(String), error: 'Unauthorized' });
    const wrong = await deliver(update, 'not-the-secret');
    expect(wrong.status).toBe(401);
    expect(botApi.calls).toEqual([]);
  });

  it('When the body is not a Telegram update, then it is a 400 and nothing runs', async () => {
    const res = await deliver({ hello: 'world' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: expect.any(String), error: 'Not a Telegram update' });
    expect(botApi.calls).toEqual([]);
  });

  it('When /start arrives with the right secret, then the bot welcomes with a button opening the Mini App', async () => {
    const tg = person();
    const res = await deliver(commandUpdate(tg, '/start'));
    expect(res.status).toBe(200);
    const [reply] = botApi.callsOf('sendMessage');
    expect(reply!.params.text).toBe(WELCOME_TEXT);
    expect(reply!.params.reply_markup.inline_keyboard).toEqual([
      [{ text: 'Open Community Events', web_app: { url: `${PUBLIC_URL}/events` } }],
    ]);
  });

  it('When /start carries event_<id>, then the button opens that event', async () => {
    await deliver(commandUpdate(person(), '/start event_42'));
    const [reply] = botApi.callsOf('sendMessage');
    expect(reply!.params.text).toBe(EVENT_WELCOME_TEXT);
    expect(reply!.params.reply_markup.inline_keyboard).toEqual([
      [{ text: 'Open the event', web_app: { url: `${PUBLIC_URL}/events/42` } }],
    ]);
  });

  it('When a member sends /events, then the next events they may see are listed, each with an open button', async () => {
    const tg = person();
    const invitee = await app.signedIn({ name: 'Noa', telegramId: String(tg.id) });
    await app.deps.prisma.event.deleteMany();
    const later = await createEvent({ name: 'Later Hike', date: '2032-01-10T09:00:00.000Z' });
    const sooner = await createEvent({ name: 'Sooner Hike', date: '2031-12-01T09:00:00.000Z' });
    const secret = await createEvent({ name: 'Secret Party', date: '2031-12-02T09:00:00.000Z', isPublic: false });
    const invited = await createEvent({ name: 'Invited Party', date: '2031-12-03T09:00:00.000Z', isPublic: false });
    await createEvent({ name: 'Old News', date: '2020-01-01T09:00:00.000Z' });
    await admin.client.post(`/api/events/${invited}/invitations`, { userIds: [invitee.user.id] });

    await deliver(commandUpdate(tg, '/events'));
    const [reply] = botApi.callsOf('sendMessage');
    expect(reply!.params.text).toBe(
      [
        'Upcoming events:',
        '',
        '1. Sooner Hike\n   Mon 1 Dec, 09:00 UTC · Youth Centre',
        '2. Invited Party\n   Wed 3 Dec, 09:00 UTC · Youth Centre',
        '3. Later Hike\n   Sat 10 Jan, 09:00 UTC · Youth Centre',
      ].join('\n'),
    );
    expect(reply!.params.reply_markup.inline_keyboard).toEqual([
      [
        { text: 'Sooner Hike', web_app: { url: `${PUBLIC_URL}/events/${sooner}` } },
        { text: 'I Will Attend', callback_data: `ev:${sooner}:a` },
      ],
      [
        { text: 'Invited Party', web_app: { url: `${PUBLIC_URL}/events/${invited}` } },
        { text: 'I Will Attend', callback_data: `ev:${invited}:a` },
      ],
      [
        { text: 'Later Hike', web_app: { url: `${PUBLIC_URL}/events/${later}` } },
        { text: 'I Will Attend', callback_data: `ev:${later}:a` },
      ],
    ]);
    expect(reply!.params.text).not.toContain('Secret Party');
    expect(secret).toBeGreaterThan(0);
  });

  it('When a pending or suspended account sends commands or taps a reply, then the bot says why and changes nothing', async () => {
    const eventId = await createEvent({ name: 'Members Only Hike', date: '2031-11-01T09:00:00.000Z' });
    for (const [status, text] of [
      ['pending', 'Your membership is waiting for approval.'],
      ['suspended', 'This account is suspended.'],
    ] as const) {
      const tg = person();
      const { user } = await app.signedIn({ name: 'Noa', telegramId: String(tg.id), status });
      botApi.calls.length = 0;
      await deliver(commandUpdate(tg, '/events'));
      await deliver(commandUpdate(tg, '/my'));
      expect(botApi.callsOf('sendMessage').map((call) => call.params.text)).toEqual([text, text]);
      botApi.calls.length = 0;
      await deliver(callbackUpdate(tg, rsvpData(eventId, 'attending'), { message_id: 1, text: 'Members Only Hike' }));
      expect(botApi.callsOf('answerCallbackQuery')[0]!.params).toMatchObject({ text, show_alert: true });
      expect(await app.deps.prisma.attendance.count({ where: { userId: user.id } })).toBe(0);
    }
  });

  it('When there is nothing coming up, then /events says so', async () => {
    await app.deps.prisma.event.deleteMany();
    await deliver(commandUpdate(person(), '/events'));
    expect(botApi.callsOf('sendMessage')[0]!.params.text).toBe(NO_EVENTS_TEXT);
  });

  it('When a handler fails, then the user gets a polite answer and the bot keeps working', async () => {
    const tg = person();
    botApi.failNext('sendMessage', { error_code: 400, description: 'Bad Request: something odd' }, tg.id);
    const res = await deliver(commandUpdate(tg, '/start'));
    expect(res.status).toBe(200);
    const texts = botApi.callsOf('sendMessage').map((call) => call.params.text);
    expect(texts).toEqual([WELCOME_TEXT, SORRY_TEXT]);
    await deliver(commandUpdate(tg, '/start'));
    expect(botApi.callsOf('sendMessage').at(-1)!.params.text).toBe(WELCOME_TEXT);
  });

  it('When the bot starts with an https public URL, then it sets its commands and the Mini App menu button', async () => {
    await configureBot(app.bot!, PUBLIC_URL);
    expect(botApi.callsOf('setMyCommands')[0]!.params.commands).toEqual(BOT_COMMANDS);
    expect(botApi.callsOf('setChatMenuButton')[0]!.params.menu_button).toEqual({
      type: 'web_app',
      text: 'Events',
      web_app: { url: `${PUBLIC_URL}/events` },
    });
  });

  it('When the bot is configured, then GET /api/telegram/bot-info names it', async () => {
    const res = await app.anonymous().get('/api/telegram/bot-info');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ username: app.config.telegram.botUsername });
  });

  it('When an event name is long and has emoji, then its /events button is cut without breaking a character', async () => {
    await app.deps.prisma.event.deleteMany();
    const name = `${'Night walk '.repeat(6).slice(0, 59)}🎉 and more`;
    const id = await createEvent({ name, date: '2031-12-01T09:00:00.000Z' });
    await deliver(commandUpdate(person(), '/events'));
    const [reply] = botApi.callsOf('sendMessage');
    expect(reply!.result).toBeDefined();
    const [[button]] = reply!.params.reply_markup.inline_keyboard;
    expect(button.web_app).toEqual({ url: `${PUBLIC_URL}/events/${id}` });
    expect(name.startsWith(button.text.replace(/…$/, ''))).toBe(true);
    expect(button.text.length).toBeLessThanOrEqual(62);
  });

  it('When a button press carries data the bot does not know, then it is answered so the button stops spinning', async () => {
    const tg = person();
    const res = await deliver(callbackUpdate(tg, 'poll:vote:3', { message_id: 7, text: 'An old message' }));
    expect(res.status).toBe(200);
    expect(botApi.callsOf('answerCallbackQuery').map((call) => call.params.text)).toEqual([RSVP_TEXT.invalid]);
  });

  it('When /start carries an event id out of range, then it is the plain welcome', async () => {
    await deliver(commandUpdate(person(), '/start event_9999999999'));
    await deliver(commandUpdate(person(), '/start event_0'));
    const replies = botApi.callsOf('sendMessage');
    expect(replies.map((reply) => reply.params.text)).toEqual([WELCOME_TEXT, WELCOME_TEXT]);
    for (const reply of replies) {
      expect(reply.params.reply_markup.inline_keyboard[0][0].web_app).toEqual({ url: `${PUBLIC_URL}/events` });
    }
  });

  it('When /events is sent in a group, then the private events of the sender are not listed there', async () => {
    const tg = person();
    const invitee = await app.signedIn({ name: 'Noa', telegramId: String(tg.id) });
    await app.deps.prisma.event.deleteMany();
    const invited = await createEvent({ name: 'Invited Party', date: '2031-12-03T09:00:00.000Z', isPublic: false });
    await admin.client.post(`/api/events/${invited}/invitations`, { userIds: [invitee.user.id] });
    const group = { id: -100777, type: 'group' as const, title: 'Hiking friends' };

    await deliver(commandUpdate(tg, '/events', group));
    const [reply] = botApi.callsOf('sendMessage');
    expect(reply!.params.chat_id).toBe(group.id);
    expect(reply!.params.text).toBe(EVENTS_PRIVATE_ONLY_TEXT);
    expect(reply!.params.text).not.toContain('Invited Party');
  });

  it('When /start is sent in a group, then the welcome opens the app with a link button (Mini App buttons are private-only)', async () => {
    const group = { id: -100778, type: 'supergroup' as const, title: 'Book club' };
    await deliver(commandUpdate(person(), '/start', group));
    await deliver(commandUpdate(person(), '/start event_42', group));
    const replies = botApi.callsOf('sendMessage');
    expect(replies.map((reply) => reply.params.text)).toEqual([WELCOME_TEXT, EVENT_WELCOME_TEXT]);
    expect(replies.map((reply) => reply.params.reply_markup.inline_keyboard)).toEqual([
      [[{ text: 'Open Community Events', url: `${PUBLIC_URL}/events` }]],
      [[{ text: 'Open the event', url: `${PUBLIC_URL}/events/42` }]],
    ]);
  });
});
