// The Approve / Decline buttons under a guardian's permission slip request in Telegram, against the fake Bot API:
// the request arrives with the buttons, a guardian's tap decides the slip and the message says so, and a tap by
// anyone who is not that child's guardian changes nothing — on PostgreSQL and PGlite.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages';
import { startBotTestApp, type BotTestApp } from '../support/bot-test-app';
import { DATABASE_KINDS } from '../support/databases';
import { callbackUpdate, type FakeBotApi } from '../support/fake-bot-api';
import type { TestClient } from '../support/http-client';

const CHILD_BIRTH = new Date('2014-05-01T00:00:00.000Z');
let nextTelegramId = 770000;

describe.each(DATABASE_KINDS)('Permission slips in Telegram on %s', (kind) => {
  let app: BotTestApp;
  let botApi: FakeBotApi;
  let admin: { user: User; client: TestClient };

  beforeAll(async () => {
    app = await startBotTestApp(kind);
    botApi = app.botApi;
  });
  afterAll(async () => {
    await app.stop();
  });
  beforeEach(async () => {
    botApi.calls.length = 0;
    await app.deps.prisma.outboxMessage.deleteMany();
    await app.deps.prisma.notificationJob.deleteMany();
    admin = await app.admin();
  });

  const telegramPerson = (first_name: string) => ({ id: ++nextTelegramId, first_name });

  /** A minor with consent, a guardian linked to Telegram, and the child's reply held on a trip needing approval. */
  async function heldReply(language?: string) {
    const child = await app.signedIn({ name: 'Tom Child', birthDate: CHILD_BIRTH });
    const tg = telegramPerson('Gina');
    const guardian = await app.signedIn({ name: 'Gina Guardian', role: 'guardian', telegramId: String(tg.id) });
    if (language) await app.deps.prisma.user.update({ where: { id: guardian.user.id }, data: { language } });
    await app.deps.prisma.guardianship.create({ data: { guardianId: guardian.user.id, childId: child.user.id } });
    await app.deps.prisma.guardianConsent.create({
      data: { childId: child.user.id, guardianId: guardian.user.id, method: 'paper', textVersion: 0 },
    });
    const created = await admin.client.post('/api/events', {
      name: 'Climbing trip',
      description: 'A day at the climbing centre',
      date: '2031-03-10T09:00:00.000Z',
      location: 'Climbing centre',
      imageUrl: '/images/events/workshop.svg',
      isPublic: true,
      capacity: 1,
      requiresGuardianApproval: true,
    });
    expect(created.status).toBe(201);
    const eventId = created.body.id as number;
    await app.deps.prisma.notificationJob.deleteMany();
    const res = await child.client.post(`/api/events/${eventId}/attend`, { status: 'attending' });
    expect(res.body.status).toBe('awaiting_guardian');
    await app.worker().drain();
    const sent = botApi.callsOf('sendMessage').find((call) => String(call.params.chat_id) === String(tg.id));
    expect(sent).toBeDefined();
    const message = { message_id: sent!.result.message_id as number, text: sent!.params.text as string };
    const buttons = sent!.params.reply_markup.inline_keyboard[0] as Array<{ text: string; callback_data: string }>;
    return { child, guardian, tg, eventId, message, buttons };
  }

  const replyOf = async (eventId: number, userId: number) =>
    (await app.deps.prisma.attendance.findUnique({ where: { eventId_userId: { eventId, userId } } }))?.status;
  const slipOf = async (eventId: number, childId: number) =>
    (await app.deps.prisma.permissionSlip.findUnique({ where: { eventId_childId: { eventId, childId } } }))?.status;

  it('When the guardian presses Approve, then the child attends and the message says it was approved', async () => {
    const { child, tg, eventId, message, buttons } = await heldReply();
    expect(message.text).toContain('Tom Child would like to attend Climbing trip');
    expect(buttons.map((button) => button.text)).toEqual(['Approve', 'Decline']);

    await app.sendUpdate(callbackUpdate(tg, buttons[0]!.callback_data, message));
    expect(await replyOf(eventId, child.user.id)).toBe('attending');
    expect(await slipOf(eventId, child.user.id)).toBe('approved');
    expect(botApi.callsOf('answerCallbackQuery').at(-1)!.params.text).toBe('You approved ✅');
    const edit = botApi.callsOf('editMessageText').at(-1)!;
    expect(edit.params.message_id).toBe(message.message_id);
    expect(edit.params.text).toBe(`${message.text}\n\nYou approved ✅`);
    expect(edit.params.reply_markup.inline_keyboard).toEqual([]);

    // An old message's second press finds nothing waiting: it says so and changes nothing.
    await app.sendUpdate(callbackUpdate(tg, buttons[1]!.callback_data, message));
    expect(botApi.callsOf('answerCallbackQuery').at(-1)!.params).toMatchObject({
      text: MSG.noPendingApproval,
      show_alert: true,
    });
    expect(await replyOf(eventId, child.user.id)).toBe('attending');
  });

  it('When the guardian presses Decline, then the spot is released and the message says it was declined', async () => {
    const { child, tg, eventId, message, buttons } = await heldReply();
    await app.sendUpdate(callbackUpdate(tg, buttons[1]!.callback_data, message));
    expect(await replyOf(eventId, child.user.id)).toBe('not_attending');
    expect(await slipOf(eventId, child.user.id)).toBe('declined');
    const event = await app.deps.prisma.event.findUniqueOrThrow({ where: { id: eventId } });
    expect(event.attendingPeople).toBe(0);
    expect(botApi.callsOf('editMessageText').at(-1)!.params.text).toBe(`${message.text}\n\nYou declined ❌`);
  });

  it('When a German guardian presses Erlauben, then the buttons, the answer and the line added are German', async () => {
    const { child, tg, eventId, message, buttons } = await heldReply('de');
    expect(message.text).toContain('Tom Child möchte');
    expect(buttons.map((button) => button.text)).toEqual(['Erlauben', 'Ablehnen']);
    await app.sendUpdate(callbackUpdate(tg, buttons[0]!.callback_data, message));
    expect(await slipOf(eventId, child.user.id)).toBe('approved');
    expect(botApi.callsOf('answerCallbackQuery').at(-1)!.params.text).toBe('Du hast es erlaubt ✅');
    expect(botApi.callsOf('editMessageText').at(-1)!.params.text).toBe(`${message.text}\n\nDu hast es erlaubt ✅`);
  });

  it("When a stranger, another child's guardian or an unknown Telegram user presses the button, then it is no longer valid and nothing changes", async () => {
    const { child, eventId, message, buttons } = await heldReply();
    const other = await heldReply();
    const strangerTg = telegramPerson('Sam');
    await app.signedIn({ name: 'Sam Stranger', telegramId: String(strangerTg.id) });
    const unknownTg = telegramPerson('Una');
    // The other guardian forwards a button naming this child: the server checks whose guardian they are.
    for (const person of [strangerTg, other.tg, unknownTg]) {
      for (const button of buttons) {
        await app.sendUpdate(callbackUpdate(person, button.callback_data, message));
        expect(botApi.callsOf('answerCallbackQuery').at(-1)!.params.text).toBe('This button is no longer valid.');
      }
    }
    await app.sendUpdate(callbackUpdate(other.tg, `slip:a:${eventId}:abc`, message));
    expect(botApi.callsOf('answerCallbackQuery').at(-1)!.params.text).toBe('This button is no longer valid.');
    expect(await replyOf(eventId, child.user.id)).toBe('awaiting_guardian');
    expect(await slipOf(eventId, child.user.id)).toBe('pending');
    expect(await app.deps.prisma.user.count({ where: { telegramId: String(unknownTg.id) } })).toBe(0);
    expect(botApi.callsOf('editMessageText')).toEqual([]);
  });
});
