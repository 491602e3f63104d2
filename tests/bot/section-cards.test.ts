// Shared cards and a section's events: a card is read by everyone in a chat, so a section's event is never
// offered with @bot (to a Cub or to a Scout), cannot be shared from the Mini App, and a card of an event that
// moves into a section reads as that of a deleted event.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CARD_TEXT } from '../../bot/src/event-card';
import type { CardRefresher } from '../../api/src/modules/telegram/shared-cards-refresher';
import { inlineQueryUpdate, type FakeBotApi, type TelegramPerson } from '../support/fake-bot-api';
import { DATABASE_KINDS } from '../support/databases';
import type { TestClient } from '../support/http-client';
import { startBotTestApp, type BotTestApp } from '../support/bot-test-app';

let nextTelegramId = 960000;
const person = (first_name: string): TelegramPerson => ({ id: ++nextTelegramId, first_name });
type Who = { user: User; client: TestClient; tg: TelegramPerson };

describe.each(DATABASE_KINDS)('shared cards of a section’s events on %s', (kind) => {
  let app: BotTestApp;
  let botApi: FakeBotApi;
  let cards: CardRefresher;
  let admin: Who;
  let cub: Who;
  let scout: Who;
  let scouts: number;

  beforeAll(async () => {
    app = await startBotTestApp(kind);
    botApi = app.botApi;
    cards = app.system.createCardRefresher({ debounceMs: 0 })!;
  });
  afterAll(() => app.stop());
  beforeEach(async () => {
    await app.reset();
    await app.deps.prisma.sharedCard.deleteMany();
    botApi.calls.length = 0;
    const as = async (name: string, made: (data: Partial<User>) => Promise<{ user: User; client: TestClient }>) => {
      const tg = person(name);
      return { ...(await made({ name, telegramId: String(tg.id) })), tg };
    };
    admin = await as('Ada', (data) => app.admin(data));
    cub = await as('Carl', (data) => app.signedIn(data));
    scout = await as('Sara', (data) => app.signedIn(data));
    const section = async (name: string, member: Who) => {
      const made = await admin.client.post('/api/sections', { name: `${name} ${nextTelegramId}` });
      expect(made.status, made.text).toBe(201);
      const add = [member.user.id];
      expect((await admin.client.put(`/api/sections/${made.body.id}/members`, { add })).status).toBe(200);
      return made.body.id as number;
    };
    await section('Cubs', cub);
    scouts = await section('Scouts', scout);
  });

  const event = async (name: string, sectionId?: number) => {
    const body = {
      name,
      description: 'Bring water.',
      date: '2031-05-10T09:00:00.000Z',
      location: 'Old Mill car park',
      imageUrl: '/images/events/workshop.svg',
      isPublic: true,
      ...(sectionId ? { sectionId } : {}),
    };
    const res = await admin.client.post('/api/events', body);
    expect(res.status, res.text).toBe(201);
    return { id: res.body.id as number, body };
  };
  const offered = async (from: TelegramPerson) => {
    await app.sendUpdate(inlineQueryUpdate(from, ''));
    const call = botApi.callsOf('answerInlineQuery').at(-1)!;
    const results = typeof call.params.results === 'string' ? JSON.parse(call.params.results) : call.params.results;
    return (results as Array<{ id: string }>).map((result) => result.id);
  };

  it('When a Cub or a Scout types @bot, then the Scouts’ hike is not offered; sharing it from the Mini App is refused', async () => {
    const fair = await event('Summer fair');
    const hike = await event('Scout hike', scouts);
    expect(await offered(cub.tg)).toEqual([`e${fair.id}`]);
    expect(await offered(scout.tg)).toEqual([`e${fair.id}`]);
    // The Cub cannot see it at all; the Scout sees it but may not put it into a chat.
    expect((await cub.client.post(`/api/events/${hike.id}/share`, {})).status).toBe(404);
    expect((await scout.client.post(`/api/events/${hike.id}/share`, {})).status).toBe(403);
  });

  it('When a shared event moves into the Scouts, then its card reads as that of a deleted event', async () => {
    const fair = await event('Summer fair');
    await app.sendUpdate(inlineQueryUpdate(cub.tg, ''));
    const { inlineMessageId, update } = botApi.postInlineResult(cub.tg, `e${fair.id}`);
    await app.sendUpdate(update);
    expect(botApi.inlineMessages.get(inlineMessageId)!.text).toContain('Summer fair');

    const moved = await admin.client.patch(`/api/events/${fair.id}`, { ...fair.body, sectionId: scouts });
    expect(moved.status, moved.text).toBe(200);
    expect(await cards.drain()).toEqual({ edited: 0, dropped: 1, deferred: 0 });
    const card = botApi.inlineMessages.get(inlineMessageId)!;
    expect(card.text).toBe(CARD_TEXT.unavailable);
    expect(card.reply_markup).toBeUndefined();
  });
});
