import { createHash } from 'node:crypto';
import type { User } from '@prisma/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CARD_TEXT } from '../../bot/src/event-card';
import { RSVP_TEXT } from '../../bot/src/rsvp-text';
import type { CardRefresher } from '../../api/src/modules/telegram/shared-cards-refresher';
import { SHARE_MSG } from '../../api/src/modules/telegram/shared-cards-service';
import {
  FAKE_BOT_INFO,
  TELEGRAM_CALLBACK_DATA_BYTES,
  inlineCallbackUpdate,
  inlineQueryUpdate,
  type FakeBotApi,
  type TelegramPerson,
} from '../support/fake-bot-api';
import { DATABASE_KINDS } from '../support/databases';
import type { TestClient } from '../support/http-client';
import { startBotTestApp, type BotTestApp } from '../support/bot-test-app';

let nextTelegramId = 930000;
const person = (first_name: string): TelegramPerson => ({ id: ++nextTelegramId, first_name });

describe.each(DATABASE_KINDS)('Sharing an event card into any chat (inline mode) on %s', (kind) => {
  let app: BotTestApp;
  let botApi: FakeBotApi;
  let cards: CardRefresher;
  let organiser: { user: User; client: TestClient; tg: TelegramPerson };
  let member: { user: User; client: TestClient; tg: TelegramPerson };

  beforeAll(async () => {
    app = await startBotTestApp(kind);
    botApi = app.botApi;
    // The tests drain it themselves; no debounce, so one drain shows every change.
    cards = app.system.createCardRefresher({ debounceMs: 0 })!;
  });
  afterAll(async () => {
    await app.stop();
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

  const send = (update: object) => app.sendUpdate(update);

  const workshop = {
    name: 'Coding Workshop',
    description: 'Build a web page.',
    date: '2031-05-10T16:00:00.000Z',
    location: 'Library Room 2',
    imageUrl: '/images/events/workshop.svg',
  };

  async function createEvent(fields: Record<string, unknown> = {}): Promise<number> {
    const res = await organiser.client.post('/api/events', { ...workshop, isPublic: true, ...fields });
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
  /** The card names nothing of its event: one text for every event gone from the chat, no buttons, no preview. */
  function expectNeutral(id: string) {
    const message = botApi.inlineMessages.get(id)!;
    expect(message.text).toBe(CARD_TEXT.unavailable);
    expect(message.reply_markup).toBeUndefined();
    expect(message.link_preview_options).toEqual({ is_disabled: true });
  }
  const buttons = (id: string) =>
    botApi.inlineMessages
      .get(id)!
      .reply_markup?.inline_keyboard.flat()
      .map((button) => button.text) ?? [];
  /** The callback data of a card's buttons as its chat shows them now: what a tap on them sends. */
  const dataOf = (id: string): string[] =>
    botApi.inlineMessages
      .get(id)!
      .reply_markup!.inline_keyboard.flat()
      .flatMap((button) => (button.callback_data ? [String(button.callback_data)] : []));
  /** `from` taps a card's button as Telegram sends it: 0 I Will Attend, 1 Cannot Attend. */
  const press = (from: TelegramPerson, id: string, button = 0) =>
    send(inlineCallbackUpdate(from, dataOf(id)[button]!, id));

  /** `from` taps Share in the Mini App (the real route): answers the prepared message's id. */
  async function prepare(from: { client: TestClient }, eventId: number): Promise<string> {
    const res = await from.client.post(`/api/events/${eventId}/share`, {});
    expect(res.status).toBe(200);
    return res.body.preparedMessageId as string;
  }
  /** `from` sends the prepared card into a chat (Telegram's share sheet; not reported): its inline message id. */
  const postPrepared = (from: TelegramPerson, preparedId: string) =>
    botApi.postPreparedMessage(from, preparedId).inlineMessageId;

  it('When someone types @bot, then they get the upcoming public events: a private one is never offered, not even to its organiser', async () => {
    const workshop = await createEvent();
    const board = await createEvent({ name: 'Board Meeting', location: 'Town Hall', isPublic: false });
    await organiser.client.post(`/api/events/${board}/invitations`, { userIds: [member.user.id] });
    const hike = await createEvent({ name: 'Spring Hike', location: 'Old Mill car park' });
    // Over already: nothing to invite anyone to.
    await createEvent({ name: 'Past Party', date: '2020-01-01T18:00:00.000Z' });

    const mine = await search(organiser.tg, '');
    // Newest first. A card is read by everyone in the chat, invited or not: private events stay out of chats.
    expect(mine.results.map((result) => result.id)).toEqual([`e${hike}`, `e${workshop}`]);
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

    expect((await search(member.tg, '')).results.map((result) => result.id)).toEqual([`e${hike}`, `e${workshop}`]);
    expect((await search(organiser.tg, 'Board')).results).toEqual([]);
    // The typed text filters by name or location, in any case.
    expect((await search(organiser.tg, 'MILL')).results.map((result) => result.id)).toEqual([`e${hike}`]);
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

  it('When a member not invited taps a card of an event made private, then the answer is that of an event that does not exist', async () => {
    const id = await createEvent({ name: 'Board Meeting' });
    const card = await postCard(organiser.tg, id);
    const hide = await organiser.client.patch(`/api/events/${id}`, {
      ...workshop,
      name: 'Board Meeting',
      isPublic: false,
    });
    expect(hide.status).toBe(200);

    // Tapped before the refresher got to it.
    await send(inlineCallbackUpdate(member.tg, `card:${id}:a`, card));

    expect(lastAnswer()).toMatchObject({ text: RSVP_TEXT.gone, show_alert: true });
    expect(await app.deps.prisma.attendance.count({ where: { eventId: id } })).toBe(0);
    expect(await cards.drain()).toEqual({ edited: 0, dropped: 1, deferred: 0 });
    expectNeutral(card);
  });

  it('When the event is edited or deleted, then its cards follow: new details, then a neutral text without buttons', async () => {
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
    for (const copy of copies) expectNeutral(copy);
    expect(await app.deps.prisma.sharedCard.count()).toBe(0);

    // An event cleared away after it took place says no more than any other.
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
    expect(await cards.drain()).toEqual({ edited: 0, dropped: 1, deferred: 0 });
    expectNeutral(inlineMessageId);
  });

  it('When a shared event is made private, then every card of it reads as that of a deleted event, and stays so when it turns public again', async () => {
    const id = await createEvent({ name: 'Sleepover', location: 'Scout Hut', capacity: 12 });
    const inline = await postCard(organiser.tg, id);
    const prepared = await member.client.post(`/api/events/${id}/share`, {});
    const fromMiniApp = botApi.postPreparedMessage(member.tg, prepared.body.preparedMessageId);
    await send(fromMiniApp.update);
    const preparedData = dataOf(fromMiniApp.inlineMessageId);
    const details = {
      name: 'Now-secret sleepover',
      description: 'Bring a sleeping bag.',
      date: '2031-06-01T19:00:00.000Z',
      location: 'Flat 3B, 12 Elm Street',
      imageUrl: '/images/events/campfire.svg',
    };

    expect((await organiser.client.patch(`/api/events/${id}`, { ...details, isPublic: false })).status).toBe(200);
    // Telegram still holds the message prepared while it was public: a copy posted now is neutralised too.
    const late = botApi.postPreparedMessage(member.tg, prepared.body.preparedMessageId);
    await send(late.update);
    expect(await cards.drain()).toEqual({ edited: 0, dropped: 3, deferred: 0 });
    for (const copy of [inline, fromMiniApp.inlineMessageId, late.inlineMessageId]) {
      expectNeutral(copy);
      for (const secret of ['sleepover', 'Flat 3B', 'Elm', '2031', 'Jun']) {
        expect(botApi.inlineMessages.get(copy)!.text.toLowerCase()).not.toContain(secret.toLowerCase());
      }
    }

    // Public again: the chats it was taken from are not told again, not even through the old preparation.
    expect((await organiser.client.patch(`/api/events/${id}`, { ...details, isPublic: true })).status).toBe(200);
    for (const copy of [fromMiniApp.inlineMessageId, late.inlineMessageId]) {
      await send(inlineCallbackUpdate(member.tg, preparedData[0]!, copy));
      expect(lastAnswer()).toMatchObject({ text: RSVP_TEXT.invalid });
    }
    expect(await cards.drain()).toEqual({ edited: 0, dropped: 0, deferred: 0 });
    expectNeutral(inline);
    expectNeutral(fromMiniApp.inlineMessageId);
    expect(await app.deps.prisma.attendance.count({ where: { eventId: id } })).toBe(0);
  });

  it('When a tap on a card names another event, then it is answered and changes nothing', async () => {
    const picnic = await createEvent({ name: 'Picnic', location: 'Park' });
    const card = await postCard(organiser.tg, picnic);
    const secret = await createEvent({ name: 'Sleepover', location: 'Flat 3B', isPublic: false });
    await organiser.client.post(`/api/events/${secret}/invitations`, { userIds: [member.user.id] });
    const before = botApi.inlineMessages.get(card)!.text;

    // An invited guest may see the private event, so only the card can refuse it.
    for (const data of [`card:${secret}:a`, 'card:2147483000:a']) {
      await send(inlineCallbackUpdate(member.tg, data, card));
      expect(lastAnswer()).toMatchObject({ text: RSVP_TEXT.invalid, show_alert: true });
    }

    expect(await app.deps.prisma.attendance.count({ where: { userId: member.user.id } })).toBe(0);
    expect(await app.deps.prisma.sharedCard.findMany({ select: { eventId: true } })).toEqual([{ eventId: picnic }]);
    expect(await cards.drain()).toEqual({ edited: 0, dropped: 0, deferred: 0 });
    expect(botApi.inlineMessages.get(card)).toMatchObject({ text: before, edits: 0 });
  });

  it('When a message the server never recorded is tapped with the data of an event nobody prepared there, then it is answered and changes nothing', async () => {
    const picnic = await createEvent({ name: 'Picnic', location: 'Park' });
    const secret = await createEvent({ name: 'Sleepover', location: 'Flat 3B', isPublic: false });
    await organiser.client.post(`/api/events/${secret}/invitations`, { userIds: [member.user.id] });
    // Copies Telegram never told us about (inline feedback off): one from inline mode, one from the Mini App.
    await search(organiser.tg, '');
    const inline = botApi.postInlineResult(organiser.tg, `e${picnic}`).inlineMessageId;
    const prepared = await member.client.post(`/api/events/${picnic}/share`, {});
    const fromMiniApp = botApi.postPreparedMessage(member.tg, prepared.body.preparedMessageId).inlineMessageId;

    const forged = [
      // The member prepared the picnic, not the sleepover: no card of it was ever made by the server.
      [member.tg, `card:${secret}:a`, inline],
      [member.tg, `card:${secret}:a`, fromMiniApp],
      [member.tg, 'card:2147483000:a', fromMiniApp],
      // The picnic's own data, but the organiser prepared nothing: the server cannot tell this copy's event.
      [organiser.tg, `card:${picnic}:a`, inline],
      // Other buttons' data belongs under the bot's own messages, never on a posted card.
      [member.tg, `rsvp:${secret}:a`, inline],
      [member.tg, `ev:${secret}:a`, fromMiniApp],
    ] as const;
    for (const [from, data, message] of forged) {
      await send(inlineCallbackUpdate(from, data, message));
      expect(lastAnswer()).toMatchObject({ text: RSVP_TEXT.invalid });
    }

    expect(await app.deps.prisma.attendance.count()).toBe(0);
    expect(await app.deps.prisma.sharedCard.count()).toBe(0);
    expect(await cards.drain()).toEqual({ edited: 0, dropped: 0, deferred: 0 });
    for (const message of [inline, fromMiniApp]) expect(botApi.inlineMessages.get(message)!.edits).toBe(0);
    expect(botApi.callsOf('editMessageText')).toHaveLength(0);
    // A stranger pressing someone's button with another button's data is not signed up by it.
    const stranger = person('Sam');
    await send(inlineCallbackUpdate(stranger, `rsvp:${picnic}:a`, inline));
    expect(lastAnswer()).toMatchObject({ text: RSVP_TEXT.invalid });
    expect(await app.deps.prisma.user.count({ where: { telegramId: String(stranger.id) } })).toBe(0);
  });

  it('When a card shared from the Mini App into a group is first tapped by another member, then that tap makes it live and counts', async () => {
    const id = await createEvent({ capacity: 10 });
    // Mia shares from the Mini App into a group; Telegram does not report the copy.
    const card = postPrepared(member.tg, await prepare(member, id));
    expect(await app.deps.prisma.sharedCard.count()).toBe(0);
    const noah = person('Noah');
    const noahAccount = await app.signedIn({ name: 'Noah', telegramId: String(noah.id) });

    // Noah taps before Mia: the server made the card's data, so his tap ties the copy to its event.
    await press(noah, card);

    expect(lastAnswer().text).toBe(RSVP_TEXT.updated);
    expect((await noahAccount.client.get(`/api/events/${id}/attendance`)).body).toMatchObject({ status: 'attending' });
    expect(await app.deps.prisma.sharedCard.findMany({ select: { eventId: true, sharedByTelegramId: true } })).toEqual([
      { eventId: id, sharedByTelegramId: String(member.tg.id) },
    ]);
    // Live from now on: redrawn with the count, its buttons as on any recorded card.
    expect(await cards.drain()).toEqual({ edited: 1, dropped: 0, deferred: 0 });
    expect(botApi.inlineMessages.get(card)!.text).toContain('👥 1 going · 9 spots left');
    expect(dataOf(card)).toEqual([`card:${id}:a`, `card:${id}:n`]);
    // Everyone's taps count, each for their own account: the sharer's, and the organiser's Cannot Attend.
    await press(member.tg, card);
    expect(lastAnswer().text).toBe(RSVP_TEXT.updated);
    await press(organiser.tg, card, 1);
    expect(lastAnswer().text).toBe(RSVP_TEXT.updated);
    expect((await organiser.client.get(`/api/events/${id}/attendance`)).body).toMatchObject({
      status: 'not_attending',
    });
    await cards.drain();
    expect(botApi.inlineMessages.get(card)!.text).toContain('👥 2 going · 8 spots left');
  });

  it('When a prepared card is tapped with a forged token, or another event’s, then it is answered and nothing is tied', async () => {
    const picnic = await createEvent({ name: 'Picnic', location: 'Park' });
    const hike = await createEvent({ name: 'Spring Hike' });
    const secret = await createEvent({ name: 'Sleepover', location: 'Flat 3B', isPublic: false });
    await organiser.client.post(`/api/events/${secret}/invitations`, { userIds: [member.user.id] });
    const card = postPrepared(member.tg, await prepare(member, picnic));
    const hikeCard = postPrepared(member.tg, await prepare(member, hike));
    const [picnicData, hikeData] = [dataOf(card)[0]!, dataOf(hikeCard)[0]!];
    const picnicToken = picnicData.split(':')[3]!;
    const hikeToken = hikeData.split(':')[3]!;
    const before = botApi.inlineMessages.get(card)!.text;

    const forged = [
      // Well-formed, but not a token the server made.
      `card:${picnic}:a:${'A'.repeat(22)}`,
      `card:${picnic}:a:${picnicToken.slice(0, 21)}${picnicToken.endsWith('A') ? 'B' : 'A'}`,
      // A real token names the one event it was made for: not another, private or public.
      `card:${secret}:a:${picnicToken}`,
      `card:${hike}:a:${picnicToken}`,
      `card:${picnic}:a:${hikeToken}`,
      // No token at all, as on an inline-mode card.
      `card:${picnic}:a`,
      // Malformed tokens are no card data.
      `card:${picnic}:a:${picnicToken}x`,
      `card:${picnic}:a:${picnicToken.slice(0, 21)}`,
    ];
    for (const data of forged) {
      await send(inlineCallbackUpdate(member.tg, data, card));
      expect(lastAnswer()).toMatchObject({ text: RSVP_TEXT.invalid });
    }

    expect(await app.deps.prisma.attendance.count()).toBe(0);
    expect(await app.deps.prisma.sharedCard.count()).toBe(0);
    expect(await cards.drain()).toEqual({ edited: 0, dropped: 0, deferred: 0 });
    expect(botApi.inlineMessages.get(card)).toMatchObject({ text: before, edits: 0 });
    // The forgeries used nothing up: the card's own data still ties it.
    await press(organiser.tg, card);
    expect(lastAnswer().text).toBe(RSVP_TEXT.updated);
    expect(await app.deps.prisma.sharedCard.findMany({ select: { eventId: true } })).toEqual([{ eventId: picnic }]);
  });

  it('When a used token is replayed on another message, then it ties nothing: not a second copy, not someone else’s card', async () => {
    const picnic = await createEvent({ name: 'Picnic', location: 'Park' });
    const hike = await createEvent({ name: 'Spring Hike' });
    const preparedId = await prepare(member, picnic);
    const first = postPrepared(member.tg, preparedId);
    // The same prepared message sent into a second chat: the same token on its buttons.
    const second = postPrepared(member.tg, preparedId);
    // A hike card posted with @bot that Telegram never reported (inline feedback off).
    await search(organiser.tg, '');
    const other = botApi.postInlineResult(organiser.tg, `e${hike}`).inlineMessageId;
    const used = dataOf(first)[0]!;

    await press(organiser.tg, first);
    expect(lastAnswer().text).toBe(RSVP_TEXT.updated);

    for (const message of [second, other]) {
      for (const data of [used, used.replace(':a:', ':n:')]) {
        await send(inlineCallbackUpdate(member.tg, data, message));
        expect(lastAnswer()).toMatchObject({ text: RSVP_TEXT.invalid, show_alert: true });
      }
    }
    expect(await app.deps.prisma.sharedCard.findMany({ select: { inlineMessageId: true, eventId: true } })).toEqual([
      { inlineMessageId: first, eventId: picnic },
    ]);
    expect((await member.client.get(`/api/events/${picnic}/attendance`)).body).not.toMatchObject({
      status: 'not_attending',
    });
    // The copy it tied still takes the data it was posted with.
    await press(member.tg, first, 1);
    expect(lastAnswer().text).toBe(RSVP_TEXT.updated);
    expect(await cards.drain()).toEqual({ edited: 1, dropped: 0, deferred: 0 });
    expect(botApi.inlineMessages.get(second)!.edits).toBe(0);
    expect(botApi.inlineMessages.get(other)!.edits).toBe(0);
  });

  it('When a prepared card’s token has expired, or its event turned private, then no tap ties it and the event stays unnamed', async () => {
    const id = await createEvent();
    const late = postPrepared(member.tg, await prepare(member, id));
    await app.deps.prisma.$executeRaw`UPDATE prepared_shares SET expires_at = now() - interval '1 second'`;
    await press(organiser.tg, late);
    expect(lastAnswer()).toMatchObject({ text: RSVP_TEXT.invalid });
    expect(await app.deps.prisma.sharedCard.count()).toBe(0);

    const secret = await createEvent({ name: 'Sleepover', location: 'Flat 3B' });
    const card = postPrepared(member.tg, await prepare(member, secret));
    const hide = await organiser.client.patch(`/api/events/${secret}`, {
      ...workshop,
      name: 'Sleepover',
      location: 'Flat 3B',
      isPublic: false,
    });
    expect(hide.status).toBe(200);
    // Someone unknown is sent to sign in, as on any card; a member, even its organiser, gets a dead button.
    await press(person('Sam'), card);
    expect(lastAnswer()).toMatchObject({ url: `https://t.me/${FAKE_BOT_INFO.username}?start=event_${secret}` });
    for (const tapper of [member.tg, organiser.tg]) {
      await press(tapper, card);
      expect(lastAnswer()).toMatchObject({ text: RSVP_TEXT.invalid, show_alert: true });
      expect(JSON.stringify(lastAnswer())).not.toMatch(/sleepover|flat 3b/i);
    }
    expect(await app.deps.prisma.sharedCard.count()).toBe(0);
    expect(await app.deps.prisma.attendance.count()).toBe(0);
    expect(await app.deps.prisma.preparedShare.count({ where: { eventId: secret } })).toBe(0);
  });

  it('When a card is prepared, then its buttons carry a fresh 128-bit token within Telegram’s 64 bytes, kept by the server only as a hash', async () => {
    // The longest event id there can be.
    const biggest = await app.deps.prisma.event.create({
      data: {
        id: 2_147_483_647,
        name: 'Big Night',
        description: 'The last id.',
        date: new Date('2031-05-10T16:00:00.000Z'),
        location: 'Hall',
        imageUrl: '/images/events/concert.svg',
        creatorId: organiser.user.id,
      },
    });
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      const card = postPrepared(member.tg, await prepare(member, biggest.id));
      for (const data of dataOf(card)) {
        // Telegram refuses a whole keyboard with any longer data; the fake Bot API does too.
        expect(Buffer.byteLength(data, 'utf8')).toBeLessThanOrEqual(TELEGRAM_CALLBACK_DATA_BYTES);
        expect(data).toMatch(new RegExp(`^card:${biggest.id}:[an]:[A-Za-z0-9_-]{22}$`));
      }
      const token = dataOf(card)[0]!.split(':')[3]!;
      expect(dataOf(card)[1]).toBe(`card:${biggest.id}:n:${token}`);
      // 22 base64url characters: 128 bits from the random source.
      expect(Buffer.from(token, 'base64url')).toHaveLength(16);
      tokens.push(token);
    }
    expect(new Set(tokens).size).toBe(2);
    const rows = await app.deps.prisma.preparedShare.findMany({ orderBy: { createdAt: 'asc' } });
    expect(rows.map((row) => row.tokenHash).sort()).toEqual(
      tokens.map((token) => createHash('sha256').update(token).digest('hex')).sort(),
    );
    expect(JSON.stringify(rows)).not.toContain(tokens[0]);
    // Inline-mode cards are reported by Telegram and carry no token.
    await search(member.tg, 'Big');
    expect(lastInlineAnswer().results[0]!.reply_markup.inline_keyboard[0]).toEqual([
      { text: 'I Will Attend', callback_data: `card:${biggest.id}:a` },
      { text: 'Cannot Attend', callback_data: `card:${biggest.id}:n` },
    ]);
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
    botApi.failNext('editMessageText', { ...throttled, parameters: { retry_after: 120 } } as typeof throttled, waiting);
    botApi.failNext('editMessageText', { error_code: 400, description: 'Bad Request: MESSAGE_ID_INVALID' }, gone);

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
    await press(member.tg, inlineMessageId);
    await cards.drain();
    expect(botApi.inlineMessages.get(inlineMessageId)!.text).toContain('👥 1 going');

    const privateId = await createEvent({ name: 'Board Meeting', isPublic: false });
    expect((await member.client.post(`/api/events/${privateId}/share`, {})).status).toBe(404);
    await organiser.client.post(`/api/events/${privateId}/invitations`, { userIds: [member.user.id] });
    expect((await member.client.post(`/api/events/${privateId}/share`, {})).status).toBe(403);
    // Not even its organiser: a card is read by everyone in the chat.
    const refused = await organiser.client.post(`/api/events/${privateId}/share`, {});
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(SHARE_MSG.privateEvent);
    const noTelegram = await app.signedIn({ name: 'Web Only' });
    expect((await noTelegram.client.post(`/api/events/${id}/share`, {})).status).toBe(409);
    expect((await app.anonymous().post(`/api/events/${id}/share`, {})).status).toBe(401);
  });
});
