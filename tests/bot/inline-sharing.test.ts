import type { User } from '@prisma/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CARD_TEXT } from '../../bot/src/event-card';
import { RSVP_TEXT } from '../../bot/src/rsvp-text';
import type { CardRefresher } from '../../api/src/modules/telegram/shared-cards-refresher';
import {
  FAKE_BOT_INFO,
  inlineCallbackUpdate,
  inlineQueryUpdate,
  startFakeBotApi,
  type FakeBotApi,
  type TelegramPerson,
} from '../support/fake-bot-api';
import type { TestClient } from '../support/http-client';
import { startNotifyApp, type NotifyApp } from '../notifications/notify-app';

let nextTelegramId = 930000;
const person = (first_name: string): TelegramPerson => ({ id: ++nextTelegramId, first_name });

describe('Sharing an event card into any chat (inline mode)', () => {
  let app: NotifyApp;
  let botApi: FakeBotApi;
  let cards: CardRefresher;
  let organiser: { user: User; client: TestClient; tg: TelegramPerson };
  let member: { user: User; client: TestClient; tg: TelegramPerson };

  beforeAll(async () => {
    botApi = await startFakeBotApi();
    app = await startNotifyApp('pglite', { botApi });
    // The tests drain it themselves; no debounce, so one drain shows every change.
    cards = app.system.createCardRefresher({ debounceMs: 0 })!;
  });
  afterAll(async () => {
    await app.stop();
    await botApi.stop();
  });
  beforeEach(async () => {
    await app.reset();
    await app.deps.prisma.sharedCard.deleteMany();
    botApi.calls.length = 0;
    const orgTg = person('Olga');
    organiser = { ...(await app.admin({ name: 'Olga', telegramId: String(orgTg.id) })), tg: orgTg };
    const memberTg = person('Mia');
    member = { ...(await app.signedIn({ name: 'Mia', telegramId: String(memberTg.id) })), tg: memberTg };
  });

  const send = (update: object) => app.bot!.handleUpdate(update as never);

  async function createEvent(fields: Record<string, unknown> = {}): Promise<number> {
    const res = await organiser.client.post('/api/events', {
      name: 'Coding Workshop',
      description: 'Build a web page.',
      date: '2031-05-10T16:00:00.000Z',
      location: 'Library Room 2',
      imageUrl: '/images/events/workshop.svg',
      isPublic: true,
      ...fields,
    });
    expect(res.status).toBe(201);
    return res.body.id as number;
  }

  function lastInlineAnswer() {
    const call = botApi.callsOf('answerInlineQuery').at(-1)!;
    const results = typeof call.params.results === 'string' ? JSON.parse(call.params.results) : call.params.results;
    return { params: call.params, results: results as Array<Record<string, any>> };
  }

  async function search(from: TelegramPerson, query: string) {
    await send(inlineQueryUpdate(from, query));
    return lastInlineAnswer();
  }

  /** `from` finds the event with @bot and posts its card into a chat; answers the card's inline message id. */
  async function postCard(from: TelegramPerson, eventId: number, query = ''): Promise<string> {
    await search(from, query);
    const { inlineMessageId, update } = botApi.postInlineResult(from, `e${eventId}`);
    await send(update);
    return inlineMessageId;
  }

  const lastAnswer = () => botApi.callsOf('answerCallbackQuery').at(-1)!.params;
  const buttons = (id: string) =>
    botApi.inlineMessages
      .get(id)!
      .reply_markup?.inline_keyboard.flat()
      .map((button) => button.text) ?? [];

  it('When someone types @bot, then they get the upcoming events they may share: public ones, and private ones only if they manage them', async () => {
    const workshop = await createEvent();
    const board = await createEvent({ name: 'Board Meeting', location: 'Town Hall', isPublic: false });
    await organiser.client.post(`/api/events/${board}/invitations`, { userIds: [member.user.id] });
    const hike = await createEvent({ name: 'Spring Hike', location: 'Old Mill car park' });
    // Over already: nothing to invite anyone to.
    await createEvent({ name: 'Past Party', date: '2020-01-01T18:00:00.000Z' });

    const mine = await search(organiser.tg, '');
    // Newest first.
    expect(mine.results.map((result) => result.id)).toEqual([`e${hike}`, `e${board}`, `e${workshop}`]);
    expect(mine.params).toMatchObject({ cache_time: 5, is_personal: true });
    const card = mine.results.find((result) => result.id === `e${workshop}`)!;
    expect(card.input_message_content.message_text).toBe(
      '📅 Coding Workshop\n\n🕒 Sat, 10 May 2031, 16:00 UTC\n📍 Library Room 2\n👥 0 going',
    );
    expect(card.reply_markup.inline_keyboard).toEqual([
      [
        { text: 'I Will Attend', callback_data: `card:${workshop}:a` },
        { text: 'Cannot Attend', callback_data: `card:${workshop}:n` },
      ],
      [{ text: 'Open', url: `https://t.me/${FAKE_BOT_INFO.username}?startapp=event_${workshop}` }],
    ]);

    // Invited to the private event, the member may see it but not post it into other chats.
    expect((await search(member.tg, '')).results.map((result) => result.id)).toEqual([`e${hike}`, `e${workshop}`]);
    // The typed text filters by name or location, in any case.
    expect((await search(organiser.tg, 'TOWN')).results.map((result) => result.id)).toEqual([`e${board}`]);
    expect((await search(member.tg, 'hike')).results.map((result) => result.id)).toEqual([`e${hike}`]);
    expect((await search(member.tg, '100%')).results).toEqual([]);

    // Someone with no account here gets no events, and a button that opens the bot to sign in.
    const stranger = await search(person('Sam'), '');
    expect(stranger.results).toEqual([]);
    expect(stranger.params.button).toEqual({ text: CARD_TEXT.signInFirst, start_parameter: 'share' });
    expect(await app.deps.prisma.user.count({ where: { telegramId: String(nextTelegramId) } })).toBe(0);
  });

  it('When a linked member taps I Will Attend on one posted card, then the RSVP is recorded and every copy shows the new count', async () => {
    const id = await createEvent({ capacity: 10 });
    const first = await postCard(organiser.tg, id);
    const second = await postCard(organiser.tg, id, 'coding');
    expect(botApi.inlineMessages.get(second)!.text).toContain('👥 0 going · 10 spots left');

    await send(inlineCallbackUpdate(member.tg, `card:${id}:a`, first));

    expect(lastAnswer().text).toBe(RSVP_TEXT.updated);
    expect((await member.client.get(`/api/events/${id}/attendance`)).body).toMatchObject({ status: 'attending' });
    // A second RSVP before the refresh: one edit per card shows both.
    const other = person('Noah');
    await app.signedIn({ name: 'Noah', telegramId: String(other.id) });
    await send(inlineCallbackUpdate(other, `card:${id}:a`, second));
    expect(await cards.drain()).toMatchObject({ edited: 2 });

    for (const copy of [first, second]) {
      const message = botApi.inlineMessages.get(copy)!;
      expect(message.text).toContain('👥 2 going · 8 spots left');
      expect(message.edits).toBe(1);
      expect(buttons(copy)).toEqual(['I Will Attend', 'Cannot Attend', 'Open']);
    }
    // Nothing changed since: nothing to edit.
    expect(await cards.drain()).toEqual({ edited: 0, dropped: 0, deferred: 0 });
  });

  it('When someone unknown taps a card, then they are sent to the bot to sign in and nothing changes', async () => {
    const id = await createEvent();
    const card = await postCard(organiser.tg, id);

    await send(inlineCallbackUpdate(person('Sam'), `card:${id}:a`, card));

    expect(lastAnswer()).toMatchObject({ url: `https://t.me/${FAKE_BOT_INFO.username}?start=event_${id}` });
    expect(await app.deps.prisma.attendance.count({ where: { eventId: id } })).toBe(0);
    expect(await cards.drain()).toMatchObject({ edited: 0 });
    expect(botApi.inlineMessages.get(card)!.edits).toBe(0);
  });

  it('When a member not invited taps the card of a private event, then the answer is that of an event that does not exist', async () => {
    const id = await createEvent({ name: 'Board Meeting', isPublic: false });
    const card = await postCard(organiser.tg, id);

    await send(inlineCallbackUpdate(member.tg, `card:${id}:a`, card));
    const hidden = lastAnswer();
    await send(inlineCallbackUpdate(member.tg, `card:2147483000:a`, card));

    expect(hidden).toMatchObject({ text: RSVP_TEXT.gone, show_alert: true });
    expect(lastAnswer()).toMatchObject({ text: hidden.text, show_alert: hidden.show_alert });
    expect(await app.deps.prisma.attendance.count({ where: { eventId: id } })).toBe(0);
    expect(await cards.drain()).toMatchObject({ edited: 0 });
  });

  it('When the event is edited or deleted, then its cards follow: new details, then a cancellation without buttons', async () => {
    const id = await createEvent();
    const copies = [await postCard(organiser.tg, id), await postCard(organiser.tg, id)];

    const edit = await organiser.client.patch(`/api/events/${id}`, {
      name: 'Coding Workshop',
      description: 'Build a web page.',
      date: '2031-05-10T16:00:00.000Z',
      location: 'Library Room 3',
      imageUrl: '/images/events/workshop.svg',
    });
    expect(edit.status).toBe(200);
    await cards.drain();
    expect(botApi.inlineMessages.get(copies[0]!)!.text).toContain('📍 Library Room 3');

    expect((await organiser.client.delete(`/api/events/${id}`)).status).toBe(204);
    expect(await cards.drain()).toMatchObject({ dropped: 2 });
    for (const copy of copies) {
      expect(botApi.inlineMessages.get(copy)!.text).toBe(CARD_TEXT.cancelled('Coding Workshop'));
      expect(buttons(copy)).toEqual([]);
    }
    expect(await app.deps.prisma.sharedCard.count()).toBe(0);

    // An event cleared away after it took place was not cancelled: its cards are left as they are.
    const past = await app.deps.prisma.event.create({
      data: {
        name: 'Past Party',
        description: 'Done.',
        date: new Date('2020-01-01T18:00:00.000Z'),
        location: 'Hall',
        imageUrl: '/images/events/concert.svg',
        creatorId: organiser.user.id,
      },
    });
    const card = await app.bot!.api.savePreparedInlineMessage(organiser.tg.id, {
      type: 'article',
      id: `e${past.id}`,
      title: 'Past Party',
      input_message_content: { message_text: '📅 Past Party' },
      reply_markup: { inline_keyboard: [[{ text: 'I Will Attend', callback_data: `card:${past.id}:a` }]] },
    });
    const { inlineMessageId } = botApi.postPreparedMessage(organiser.tg, card.id);
    await app.deps.prisma.sharedCard.create({ data: { inlineMessageId, eventId: past.id } });
    expect((await organiser.client.delete(`/api/events/${past.id}`)).status).toBe(204);
    expect(await cards.drain()).toEqual({ edited: 0, dropped: 0, deferred: 0 });
    expect(botApi.inlineMessages.get(inlineMessageId)!.edits).toBe(0);
  });

  it('When Telegram asks to wait or no longer has a card, then that card waits retry_after or is forgotten', async () => {
    const id = await createEvent();
    const [waiting, gone, fine] = [
      await postCard(organiser.tg, id),
      await postCard(organiser.tg, id),
      await postCard(organiser.tg, id),
    ];
    await send(inlineCallbackUpdate(member.tg, `card:${id}:a`, fine!));
    // Longer than auto-retry waits in-process: the card itself waits.
    const throttled = { error_code: 429, description: 'Too Many Requests: retry after 120' };
    botApi.failNext('editMessageText', { ...throttled, parameters: { retry_after: 120 } } as typeof throttled);
    botApi.failNext('editMessageText', { error_code: 400, description: 'Bad Request: MESSAGE_ID_INVALID' });

    expect(await cards.drain()).toEqual({ edited: 1, dropped: 1, deferred: 1 });
    const edited = botApi.callsOf('editMessageText').map((call) => call.params.inline_message_id);
    expect(edited.sort()).toEqual([waiting, gone, fine].sort());
    expect(botApi.inlineMessages.get(fine!)!.text).toContain('👥 1 going');
    // The throttled card is not tried again before its time; the forgotten one never again.
    expect(await cards.drain()).toEqual({ edited: 0, dropped: 0, deferred: 0 });
    expect(botApi.callsOf('editMessageText')).toHaveLength(3);
  });

  it('When a member shares from the Mini App, then the server prepares the card for their Telegram account only if they may share it', async () => {
    const id = await createEvent();
    const res = await member.client.post(`/api/events/${id}/share`, {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ preparedMessageId: expect.any(String) });
    const saved = botApi.callsOf('savePreparedInlineMessage').at(-1)!.params;
    expect(Number(saved.user_id)).toBe(member.tg.id);

    // Posted through shareMessage (no chosen_inline_result): the first tap makes the copy live.
    const { inlineMessageId } = botApi.postPreparedMessage(member.tg, res.body.preparedMessageId);
    await send(inlineCallbackUpdate(member.tg, `card:${id}:a`, inlineMessageId));
    await cards.drain();
    expect(botApi.inlineMessages.get(inlineMessageId)!.text).toContain('👥 1 going');

    const privateId = await createEvent({ name: 'Board Meeting', isPublic: false });
    expect((await member.client.post(`/api/events/${privateId}/share`, {})).status).toBe(404);
    await organiser.client.post(`/api/events/${privateId}/invitations`, { userIds: [member.user.id] });
    expect((await member.client.post(`/api/events/${privateId}/share`, {})).status).toBe(403);
    const noTelegram = await app.signedIn({ name: 'Web Only' });
    expect((await noTelegram.client.post(`/api/events/${id}/share`, {})).status).toBe(409);
    expect((await app.anonymous().post(`/api/events/${id}/share`, {})).status).toBe(401);
  });
});
