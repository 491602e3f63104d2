// The bot in the member's language: the language of their Telegram app until they have an account with a saved
// choice, then that choice; command menus per language. Through the real bot and the fake Bot API.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BOT_COMMANDS, configureBot } from '../../bot/src/create-bot';
import type { CardRefresher } from '../../api/src/modules/telegram/shared-cards-refresher';
import { otherCode, startLoginCode } from '../support/auth-state';
import { DATABASE_KINDS } from '../support/databases';
import {
  callbackUpdate,
  commandUpdate,
  inlineCallbackUpdate,
  inlineQueryUpdate,
  type FakeBotApi,
  type TelegramPerson,
} from '../support/fake-bot-api';
import { TestClient } from '../support/http-client';
import { startBotTestApp, type BotTestApp } from '../support/bot-test-app';

const PUBLIC_URL = 'https://events.example.org';
let nextTelegramId = 880_000;

describe.each(DATABASE_KINDS)('the bot’s languages on %s', (kind) => {
  let app: BotTestApp;
  let botApi: FakeBotApi;
  let admin: { user: User; client: TestClient };

  beforeAll(async () => {
    app = await startBotTestApp(kind, { env: { PUBLIC_URL } });
    botApi = app.botApi;
    admin = await app.admin();
  });
  afterAll(() => app.stop());
  beforeEach(() => {
    botApi.calls.length = 0;
  });

  const person = (language_code?: string): TelegramPerson => ({
    id: ++nextTelegramId,
    first_name: 'Noa',
    language_code,
  });
  const lastReply = () => botApi.callsOf('sendMessage').at(-1)!.params;
  const memberOf = (tg: TelegramPerson) =>
    app.deps.prisma.user.findFirstOrThrow({ where: { telegramId: String(tg.id) } });

  it('When /start comes from a Telegram app in German, then the welcome and its button are German', async () => {
    await app.deliver(commandUpdate(person('de'), '/start'));
    expect(lastReply().text).toBe(
      'Willkommen bei Community Events! Schau dir kommende Events an, sag uns, ob du dabei bist, und bekomm ' +
        'Erinnerungen direkt hier in Telegram.\n\nÖffne die App mit dem Button unten oder schick /events, um zu ' +
        'sehen, was ansteht.',
    );
    expect(lastReply().reply_markup.inline_keyboard).toEqual([
      [{ text: 'Community Events öffnen', web_app: { url: `${PUBLIC_URL}/events` } }],
    ]);
  });

  it('When /start comes from a Russian Telegram app, then that chat’s menu button opens the app in Russian', async () => {
    const tg = person('ru');
    await app.deliver(commandUpdate(tg, '/start'));
    expect(botApi.callsOf('setChatMenuButton').map((call) => call.params)).toEqual([
      { chat_id: tg.id, menu_button: { type: 'web_app', text: 'События', web_app: { url: `${PUBLIC_URL}/events` } } },
    ]);
  });

  it('When the Telegram app’s language is one we do not speak, then the organisation’s default answers', async () => {
    await app.deliver(commandUpdate(person('pt-br'), '/my'));
    expect(lastReply().text).toBe(
      'You have not replied to any upcoming event yet. Send /events to see what is coming up.',
    );
  });

  it('When the member has saved a language, then the bot follows it instead of their Telegram app', async () => {
    const tg = person('de');
    await app.deliver(commandUpdate(tg, '/my'));
    expect(lastReply().text).toBe(
      'Du hast noch auf kein kommendes Event geantwortet. Schick /events, um zu sehen, was ansteht.',
    );

    const member = await app.clientFor(await memberOf(tg));
    expect((await member.patch('/api/users/me/language', { language: 'uk' })).status).toBe(200);
    await app.deliver(commandUpdate(tg, '/my'));

    expect(lastReply().text).toBe(
      'Ти ще не відповів(ла) на жодну найближчу подію. Надішли /events, щоб подивитися, що буде.',
    );
  });

  it('When a Russian member lists events and replies, then the list, its buttons, dates and answers are Russian', async () => {
    const created = await admin.client.post('/api/events', {
      name: 'Поход',
      description: 'В горы.',
      date: '2031-12-01T09:00:00.000Z',
      location: 'Youth Centre',
      imageUrl: '/images/events/hike.svg',
      isPublic: true,
      capacity: 3,
    });
    expect(created.status).toBe(201);
    const tg = person('ru');

    await app.deliver(commandUpdate(tg, '/events'));
    const list = lastReply();
    expect(list.text).toContain('Ближайшие события:');
    expect(list.text).toContain('Осталось 3 места');
    expect(list.text).toMatch(/пн, 1 дек\.?, 09:00 UTC/);
    const row = list.reply_markup.inline_keyboard.find((buttons: Array<{ text: string }>) =>
      buttons.some((button) => button.text === 'Поход'),
    );
    expect(row[1]).toEqual({ text: 'Я приду', callback_data: `ev:${created.body.id}:a` });

    const sent = botApi.callsOf('sendMessage').at(-1)!;
    const message = { message_id: sent.result.message_id as number, text: sent.params.text as string };
    await app.deliver(callbackUpdate(tg, row[1].callback_data, message));
    expect(botApi.callsOf('answerCallbackQuery').at(-1)!.params.text).toBe('Ответ сохранён: твоё участие обновлено.');
    expect(botApi.callsOf('editMessageText').at(-1)!.params.text).toContain('Осталось 2 места');
    expect(botApi.callsOf('editMessageText').at(-1)!.params.text).toContain('Ты: идёшь ✅');
  });

  it('When a German member lists events, then the zone is named as German writes it', async () => {
    const created = await admin.client.post('/api/events', {
      name: 'Sommerfest',
      description: 'Im Park.',
      date: '2031-07-04T16:00:00.000Z',
      timeZone: 'Europe/Berlin',
      location: 'Stadtpark',
      imageUrl: '/images/events/hike.svg',
      isPublic: true,
    });
    expect(created.status).toBe(201);
    await app.deliver(commandUpdate(person('de'), '/events'));
    expect(lastReply().text).toMatch(/Fr\.?, 4\. Juli?, 18:00 MESZ/);
  });

  /** A browser starts a Telegram login; `tg` opens it in the bot. Answers the code and the bot's message. */
  async function openLogin(tg: TelegramPerson) {
    const browser = new TestClient(app.url, {
      'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0.0.0 Safari/537.36',
    });
    const { loginId, code } = await startLoginCode(browser);
    await app.sendUpdate(commandUpdate(tg, `/start login_${loginId}`));
    const sent = botApi.callsOf('sendMessage').at(-1)!;
    return {
      loginId,
      code,
      message: { message_id: sent.result.message_id as number, text: sent.params.text as string },
    };
  }
  /** `tg` types `text` in the private chat; the bot's answer. */
  async function type(tg: TelegramPerson, text: string) {
    await app.sendUpdate(commandUpdate(tg, text));
    return lastReply().text as string;
  }

  it('When a German speaker confirms a login in the bot, then the request, the button and every answer are German', async () => {
    const tg = person('de');
    const { loginId, code, message } = await openLogin(tg);
    const lines = message.text.split('\n');
    expect(lines[0]).toBe('Ein Browser möchte sich mit diesem Telegram-Account auf der Website anmelden.');
    expect(lines).toContain('Browser: Chrome auf Windows');
    expect(lines).toContain('Netzwerk: 127.0.0.x');
    expect(message.text).toMatch(/\nAngefragt: .+ UTC \(gerade eben\)\n/);
    expect(lines.at(-2)).toBe('Wenn du das warst, tipp hier den Code ein, den dein Browser anzeigt.');
    expect(lastReply().reply_markup.inline_keyboard).toEqual([
      [{ text: '🚫 Nicht ich', callback_data: `login:r:${loginId}` }],
    ]);

    expect(await type(tg, otherCode(code))).toBe(
      'Der Code stimmt nicht. Tipp den Code ein, den dein Browser anzeigt (noch 2 Versuche).',
    );
    expect(await type(tg, code)).toBe('✅ Bestätigt. Geh zurück zu deinem Browser: Du wirst gerade angemeldet.');
  });

  it('When a Ukrainian speaker mistypes and then cancels a login, then the bot answers in Ukrainian', async () => {
    const tg = person('uk');
    const { loginId, code, message } = await openLogin(tg);
    expect(message.text.split('\n')[0]).toBe('Браузер просить увійти на сайт із цим акаунтом Telegram.');
    expect(message.text).toContain('Мережа: 127.0.0.x');
    expect(await type(tg, otherCode(code, 1))).toBe(
      'Код не збігається. Введи код, який показує твій браузер (лишилося 2 спроби).',
    );
    expect(await type(tg, otherCode(code, 2))).toBe(
      'Код не збігається. Введи код, який показує твій браузер (лишилася 1 спроба).',
    );

    await app.sendUpdate(callbackUpdate(tg, `login:r:${loginId}`, message));
    expect(botApi.callsOf('editMessageText').at(-1)!.params.text).toBe('🚫 Скасовано. З цим кодом ніхто не увійшов.');
    await app.sendUpdate(commandUpdate(tg, `/start login_${loginId}`));
    expect(lastReply().text).toBe('Цей код входу вже використано. Почни вхід через Telegram на сайті ще раз.');
  });

  it('When the bot starts, then it sets its commands in English and in each of our languages', async () => {
    await configureBot(app.bot, PUBLIC_URL);
    const calls = botApi.callsOf('setMyCommands').map((call) => call.params);
    expect(calls[0]).toEqual({ commands: BOT_COMMANDS });
    expect(calls.map((call) => call.language_code ?? null)).toEqual([null, 'en', 'de', 'es', 'fr', 'ru', 'uk', 'ar']);
    expect(calls.find((call) => call.language_code === 'de')!.commands).toEqual([
      { command: 'start', description: 'Willkommen und App öffnen' },
      { command: 'events', description: 'Kommende Events' },
      { command: 'my', description: 'Meine kommenden Events' },
    ]);
    expect(calls.find((call) => call.language_code === 'ar')!.commands[2]).toEqual({
      command: 'my',
      description: 'فعالياتي القادمة',
    });
  });
});

describe.each(DATABASE_KINDS)('event cards shared into chats, in an organisation speaking German, on %s', (kind) => {
  let app: BotTestApp;
  let botApi: FakeBotApi;
  let cards: CardRefresher;
  let eventId: number;
  const member: TelegramPerson = { id: ++nextTelegramId, first_name: 'Oksana', language_code: 'uk' };

  beforeAll(async () => {
    app = await startBotTestApp(kind, { env: { DEFAULT_LANGUAGE: 'de' } });
    botApi = app.botApi;
    cards = app.system.createCardRefresher({ debounceMs: 0 })!;
    const admin = await app.admin();
    await app.signedIn({ name: 'Oksana', telegramId: String(member.id) });
    const created = await admin.client.post('/api/events', {
      name: 'Stadtrallye',
      description: 'Quer durch die Altstadt.',
      date: '2031-06-14T10:00:00.000Z',
      location: 'Marktplatz',
      imageUrl: '/images/events/hike.svg',
      isPublic: true,
      capacity: 12,
    });
    expect(created.status).toBe(201);
    eventId = created.body.id;
  });
  afterAll(() => app.stop());

  /** `member` shares the event with @bot in a chat of `chatType`; answers the posted card's inline message id. */
  async function share(chatType: 'group' | 'private') {
    await app.sendUpdate(inlineQueryUpdate(member, 'Stadt', chatType));
    const answer = botApi.callsOf('answerInlineQuery').at(-1)!.params;
    const results = typeof answer.results === 'string' ? JSON.parse(answer.results) : answer.results;
    const { inlineMessageId, update } = botApi.postInlineResult(member, results[0].id);
    await app.sendUpdate(update);
    return inlineMessageId;
  }
  const shown = (id: string) => botApi.inlineMessages.get(id)!;
  const buttons = (id: string) =>
    shown(id)
      .reply_markup!.inline_keyboard.flat()
      .map((button) => button.text);

  it('When a Ukrainian member shares a card into a group, then the group reads it in German, and her tap is answered in Ukrainian', async () => {
    const group = await share('group');
    expect(shown(group).text).toMatch(
      /^📅 Stadtrallye\n\n🕒 Sa\., 14\. Juni 2031, 10:00 UTC\n📍 Marktplatz\n👥 0 dabei · Noch 12 Plätze frei$/,
    );
    expect(buttons(group)).toEqual(['Ich bin dabei', 'Kann nicht', 'Öffnen']);

    await app.sendUpdate(inlineCallbackUpdate(member, `card:${eventId}:a`, group));
    expect(botApi.callsOf('answerCallbackQuery').at(-1)!.params.text).toBe(
      'Відповідь збережено: твою участь оновлено.',
    );
    // Redrawn with the new count, still in the organisation's language.
    await cards.drain();
    expect(shown(group).text).toContain('👥 1 dabei · Noch 11 Plätze frei');
    expect(buttons(group)[0]).toBe('Ich bin dabei');
  });

  it('When she shares the card into a private chat, then it is written in her language and stays so when redrawn', async () => {
    const chat = await share('private');
    expect(shown(chat).text).toContain('📍 Marktplatz\n👥 ');
    expect(shown(chat).text).toMatch(/Лишилося \d+ місц/);
    expect(buttons(chat)).toEqual(['Я прийду', 'Не зможу', 'Відкрити']);

    await app.sendUpdate(inlineCallbackUpdate(member, `card:${eventId}:n`, chat));
    await cards.drain();
    expect(shown(chat).text).toContain('Лишилося 12 місць');
    expect(buttons(chat)[0]).toBe('Я прийду');
  });
});
