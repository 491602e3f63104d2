import type { User } from '@prisma/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RSVP_TEXT } from '../../bot/src/features/rsvp';
import { waitlistedText } from '../../bot/src/rsvp-text';
import { DATABASE_KINDS } from '../support/databases';
import { callbackUpdate, commandUpdate, type FakeBotApi } from '../support/fake-bot-api';
import type { TestClient } from '../support/http-client';
import { startBotTestApp, type BotTestApp } from '../support/bot-test-app';

let nextTelegramId = 880000;

describe.each(DATABASE_KINDS)('RSVP from a Telegram notification on %s', (kind) => {
  let app: BotTestApp;
  let botApi: FakeBotApi;
  let admin: { user: User; client: TestClient };
  let member: { user: User; client: TestClient };
  let tg: { id: number; first_name: string };

  beforeAll(async () => {
    app = await startBotTestApp(kind);
    botApi = app.botApi;
  });
  afterAll(async () => {
    await app.stop();
  });
  beforeEach(async () => {
    botApi.calls.length = 0;
    admin = await app.admin();
    tg = { id: ++nextTelegramId, first_name: 'Mia' };
    member = await app.signedIn({ name: 'Mia', telegramId: String(tg.id), notificationPrefs: ['telegram'] });
  });

  const send = (update: object) => app.sendUpdate(update);

  async function notifiedEvent(isPublic = true, settings: Record<string, unknown> = {}) {
    const res = await admin.client.post('/api/events', {
      name: 'Coding Workshop',
      description: 'Build a web page.',
      date: '2031-05-10T16:00:00.000Z',
      location: 'Library Room 2',
      imageUrl: '/images/events/workshop.svg',
      isPublic,
      ...settings,
    });
    expect(res.status).toBe(201);
    await app.worker().drain();
    const sent = botApi.callsOf('sendMessage').find((call) => String(call.params.chat_id) === String(tg.id));
    // A private event reaches nobody uninvited, so there may be no message to press.
    const message = sent
      ? { message_id: sent.result.message_id as number, text: sent.params.text as string }
      : { message_id: 5, text: 'An older message' };
    return { id: res.body.id as number, message, notified: Boolean(sent) };
  }

  it('When the member presses I Will Attend under the notification, then the RSVP is recorded and the message shows it', async () => {
    const { id, message } = await notifiedEvent();
    await send(callbackUpdate(tg, `rsvp:${id}:a`, message));

    const attendance = await member.client.get(`/api/events/${id}/attendance`);
    expect(attendance.body).toMatchObject({ status: 'attending' });
    const answer = botApi.callsOf('answerCallbackQuery').at(-1)!;
    expect(answer.params.text).toBe('RSVP updated: Your attendance status has been updated.');
    const edit = botApi.callsOf('editMessageText').at(-1)!;
    expect(edit.params.message_id).toBe(message.message_id);
    expect(edit.params.text).toBe(`${message.text}\n\nYour reply: I Will Attend ✅ (1 person attending)`);
    expect(edit.params.reply_markup.inline_keyboard[0].map((button: { text: string }) => button.text)).toEqual([
      'I Will Attend',
      'Cannot Attend',
    ]);

    // Changing the answer replaces the reply line instead of adding another.
    await send(callbackUpdate(tg, `rsvp:${id}:n`, { message_id: message.message_id, text: edit.params.text }));
    expect((await member.client.get(`/api/events/${id}/attendance`)).body).toMatchObject({ status: 'not_attending' });
    expect(botApi.callsOf('editMessageText').at(-1)!.params.text).toBe(
      `${message.text}\n\nYour reply: Cannot Attend ❌ (0 people attending)`,
    );
  });

  it('When the event is private and the member is not invited, then the button records nothing', async () => {
    const { id, message, notified } = await notifiedEvent(false);
    expect(notified).toBe(false);
    await send(callbackUpdate(tg, `rsvp:${id}:a`, message));
    expect(botApi.callsOf('answerCallbackQuery').at(-1)!.params).toMatchObject({
      text: RSVP_TEXT.gone,
      show_alert: true,
    });
    expect(botApi.callsOf('editMessageText')).toEqual([]);
    expect(await app.deps.prisma.attendance.count({ where: { eventId: id } })).toBe(0);
  });

  it('When the event was deleted, then the button says it is gone', async () => {
    const { id, message } = await notifiedEvent();
    expect((await admin.client.delete(`/api/events/${id}`)).status).toBe(204);
    await send(callbackUpdate(tg, `rsvp:${id}:a`, message));
    expect(botApi.callsOf('answerCallbackQuery').at(-1)!.params.text).toBe(RSVP_TEXT.gone);
  });

  it('When the event is full, then I Will Attend puts the member on the waitlist and the message says their place', async () => {
    const { id, message } = await notifiedEvent(true, { capacity: 1 });
    const first = await app.signedIn();
    await first.client.post(`/api/events/${id}/attend`, { status: 'attending' });

    await send(callbackUpdate(tg, `rsvp:${id}:a`, message));

    expect((await member.client.get(`/api/events/${id}/attendance`)).body).toMatchObject({
      status: 'waitlisted',
      waitlistPosition: 1,
    });
    expect(botApi.callsOf('answerCallbackQuery').at(-1)!.params.text).toBe(waitlistedText(1));
    expect(botApi.callsOf('editMessageText').at(-1)!.params.text).toBe(
      `${message.text}\n\nYour reply: On the waitlist ⏳ (position 1)`,
    );
  });

  it('When the event is already full as its notification goes out, then the button offers Join the waitlist and waitlists', async () => {
    const res = await admin.client.post('/api/events', {
      name: 'Pottery Evening',
      description: 'Clay and tea.',
      date: '2031-06-10T16:00:00.000Z',
      location: 'Art Room',
      imageUrl: '/images/events/workshop.svg',
      isPublic: true,
      capacity: 1,
    });
    const first = await app.signedIn();
    expect((await first.client.post(`/api/events/${res.body.id}/attend`, { status: 'attending' })).status).toBe(200);
    await app.worker().drain();

    const sent = botApi.callsOf('sendMessage').find((call) => String(call.params.chat_id) === String(tg.id))!;
    const buttons = sent.params.reply_markup.inline_keyboard[0];
    expect(buttons.map((button: { text: string }) => button.text)).toEqual(['Join the waitlist', 'Cannot Attend']);
    await send(
      callbackUpdate(tg, buttons[0].callback_data, { message_id: sent.result.message_id, text: sent.params.text }),
    );
    expect((await member.client.get(`/api/events/${res.body.id}/attendance`)).body).toMatchObject({
      status: 'waitlisted',
      waitlistPosition: 1,
    });
  });

  it('When a spot frees up, then the waitlisted member is told once in Telegram with buttons, and can give the spot back', async () => {
    const { id } = await notifiedEvent(true, { capacity: 1 });
    const first = await app.signedIn();
    await first.client.post(`/api/events/${id}/attend`, { status: 'attending' });
    await member.client.post(`/api/events/${id}/attend`, { status: 'attending' });
    botApi.calls.length = 0;

    await first.client.post(`/api/events/${id}/attend`, { status: 'not_attending' });
    await app.worker().drain();
    await app.worker().drain();

    const told = botApi.callsOf('sendMessage').filter((call) => String(call.params.chat_id) === String(tg.id));
    expect(told).toHaveLength(1);
    expect(told[0]!.params.text).toContain('you are now attending Coding Workshop');
    const buttons = told[0]!.params.reply_markup.inline_keyboard[0];
    expect(buttons.map((button: { text: string }) => button.text)).toEqual(['I Will Attend', 'Cannot Attend']);

    await send(
      callbackUpdate(tg, buttons[1].callback_data, {
        message_id: told[0]!.result.message_id,
        text: told[0]!.params.text,
      }),
    );
    expect((await member.client.get(`/api/events/${id}/attendance`)).body.status).toBe('not_attending');
    expect((await first.client.get(`/api/events/${id}`)).body).toMatchObject({ attendingCount: 0, spotsLeft: 1 });
  });

  it('When RSVP has closed, then the button says so and changes nothing', async () => {
    const { id, message } = await notifiedEvent(true, { rsvpClosesAt: '2020-01-01T00:00:00.000Z' });
    await send(callbackUpdate(tg, `rsvp:${id}:a`, message));
    expect(botApi.callsOf('answerCallbackQuery').at(-1)!.params).toMatchObject({
      text: 'RSVP for this event has closed',
      show_alert: true,
    });
    expect(await app.deps.prisma.attendance.count({ where: { eventId: id } })).toBe(0);
  });

  it('When an event in /events is full, then it offers Join the waitlist, and the list shows the member’s place after the press', async () => {
    const res = await admin.client.post('/api/events', {
      name: 'Tiny Trip',
      description: 'Two seats in the van.',
      date: '2030-02-01T10:00:00.000Z',
      location: 'Car park',
      imageUrl: '/images/events/hike.svg',
      capacity: 1,
    });
    const id = res.body.id as number;
    const first = await app.signedIn();
    await first.client.post(`/api/events/${id}/attend`, { status: 'attending' });
    botApi.calls.length = 0;

    await send(commandUpdate(tg, '/events'));
    const list = botApi.callsOf('sendMessage').at(-1)!;
    expect(list.params.text).toContain('1. Tiny Trip\n   Fri 1 Feb, 10:00 UTC · Car park · Full');
    const row = list.params.reply_markup.inline_keyboard[0];
    expect(row).toEqual([{ text: '1. Join the waitlist', callback_data: `ev:${id}:a` }]);

    await send(
      callbackUpdate(tg, row[0].callback_data, { message_id: list.result.message_id, text: list.params.text }),
    );

    expect(botApi.callsOf('answerCallbackQuery').at(-1)!.params.text).toBe(waitlistedText(1));
    const redrawn = botApi.callsOf('editMessageText').at(-1)!;
    expect(redrawn.params.text).toContain(
      'Car park · Full · 1 on the waitlist\n   You: on the waitlist ⏳ (position 1)',
    );
    expect(redrawn.params.reply_markup.inline_keyboard[0]).toEqual([
      { text: '1. Leave the waitlist', callback_data: `ev:${id}:n` },
    ]);
  });

  it('When the callback data is forged, then it is refused politely', async () => {
    await send(callbackUpdate(tg, 'rsvp:99999999999:a', { message_id: 5, text: 'x' }));
    await send(callbackUpdate(tg, 'rsvp:1:maybe', { message_id: 5, text: 'x' }));
    const answers = botApi.callsOf('answerCallbackQuery').map((call) => call.params.text);
    expect(answers).toEqual([RSVP_TEXT.invalid, RSVP_TEXT.invalid]);
  });
});
