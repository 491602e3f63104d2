import type { User } from '@prisma/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RSVP_TEXT } from '../../bot/src/features/rsvp';
import { DATABASE_KINDS } from '../support/databases';
import { callbackUpdate, startFakeBotApi, type FakeBotApi } from '../support/fake-bot-api';
import type { TestClient } from '../support/http-client';
import { startNotifyApp, type NotifyApp } from '../notifications/notify-app';

let nextTelegramId = 880000;

describe.each(DATABASE_KINDS)('RSVP from a Telegram notification on %s', (kind) => {
  let app: NotifyApp;
  let botApi: FakeBotApi;
  let admin: { user: User; client: TestClient };
  let member: { user: User; client: TestClient };
  let tg: { id: number; first_name: string };

  beforeAll(async () => {
    botApi = await startFakeBotApi();
    app = await startNotifyApp(kind, { botApi });
  });
  afterAll(async () => {
    await app.stop();
    await botApi.stop();
  });
  beforeEach(async () => {
    botApi.calls.length = 0;
    admin = await app.admin();
    tg = { id: ++nextTelegramId, first_name: 'Mia' };
    member = await app.signedIn({ name: 'Mia', telegramId: String(tg.id), notificationPrefs: ['telegram'] });
  });

  const send = (update: object) => app.bot!.handleUpdate(update as never);

  async function notifiedEvent(isPublic = true) {
    const res = await admin.client.post('/api/events', {
      name: 'Coding Workshop',
      description: 'Build a web page.',
      date: '2031-05-10T16:00:00.000Z',
      location: 'Library Room 2',
      imageUrl: '/images/events/workshop.svg',
      isPublic,
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
    expect(attendance.body).toEqual({ status: 'attending' });
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
    expect((await member.client.get(`/api/events/${id}/attendance`)).body).toEqual({ status: 'not_attending' });
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

  it('When the callback data is forged, then it is refused politely', async () => {
    await send(callbackUpdate(tg, 'rsvp:99999999999:a', { message_id: 5, text: 'x' }));
    await send(callbackUpdate(tg, 'rsvp:1:maybe', { message_id: 5, text: 'x' }));
    const answers = botApi.callsOf('answerCallbackQuery').map((call) => call.params.text);
    expect(answers).toEqual([RSVP_TEXT.invalid, RSVP_TEXT.invalid]);
  });
});
