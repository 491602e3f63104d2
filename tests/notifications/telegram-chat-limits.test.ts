// Telegram takes about one message a second in one chat and answers faster sends with 429. Here the fake Bot API
// enforces that limit, and the product's promises are checked from outside: the worker's messages to one chat all
// arrive, none failed or put off, and the bot waits out a 429 it earns with a quick edit. How the worker spaces a
// chat's messages against the clock is checked with a fake clock in telegram-pacing.test.ts: here the app and the
// fake share one event loop, so when a message reaches the fake says too little about when it was sent.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startBotTestApp, type BotTestApp } from '../support/bot-test-app';
import { callbackUpdate, TELEGRAM_CHAT_LIMITS } from '../support/fake-bot-api';
import type { TestClient } from '../support/http-client';

let nextTelegramId = 770000;

describe("Telegram's per-chat limits", () => {
  let app: BotTestApp;
  let admin: { user: User; client: TestClient };
  let tg: { id: number; first_name: string };
  let member: { user: User; client: TestClient };
  let eventCount = 0;

  beforeAll(async () => {
    app = await startBotTestApp('pglite', { botApi: { ...TELEGRAM_CHAT_LIMITS } });
  });
  afterAll(async () => {
    await app.stop();
  });
  beforeEach(async () => {
    await app.reset();
    app.botApi.calls.length = 0;
    app.botApi.throttled.length = 0;
    admin = await app.admin();
    tg = { id: ++nextTelegramId, first_name: 'Tess' };
    member = await app.signedIn({ name: 'Tess', telegramId: String(tg.id), notificationPrefs: ['telegram'] });
  });

  async function announce() {
    eventCount += 1;
    const res = await admin.client.post('/api/events', {
      name: `Quiz Night ${eventCount}`,
      description: 'Teams of four.',
      date: '2031-10-01T19:00:00.000Z',
      location: 'Club Room',
      imageUrl: '/images/events/workshop.svg',
      isPublic: true,
    });
    expect(res.status).toBe(201);
    return res.body.id as number;
  }
  const sendsTo = (chat: { id: number }) =>
    app.botApi.callsOf('sendMessage').filter((call) => String(call.params.chat_id) === String(chat.id));

  it('When several announcements reach one member at once, then every message arrives once and none is failed or put off', async () => {
    await announce();
    await announce();
    await announce();
    // Five lanes, as in production: all three messages are ready to go at the same moment.
    expect(await app.worker({ concurrency: 5 }).drain()).toEqual({ sent: 3, retried: 0, failed: 0 });

    const texts = sendsTo(tg).map((call) => call.params.text as string);
    expect(texts).toHaveLength(3);
    expect(new Set(texts).size).toBe(3);
    // Whatever Telegram refused for coming too soon went again and was taken.
    for (const refused of app.botApi.throttled) expect(texts).toContain(refused.params.text);
    const rows = (await app.outboxRows()).filter((row) => row.channel === 'telegram');
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent', 'sent']);
  });

  it('When the member answers at once and the bot edits the message too soon, then the edit waits out the 429 and lands', async () => {
    const eventId = await announce();
    await app.worker().drain();
    const [notification] = sendsTo(tg);
    const message = {
      message_id: notification!.result.message_id as number,
      text: notification!.params.text as string,
    };

    // Two presses straight after the message arrived: the bot's edits follow it within Telegram's second.
    await app.sendUpdate(callbackUpdate(tg, `rsvp:${eventId}:a`, message));
    await app.sendUpdate(callbackUpdate(tg, `rsvp:${eventId}:n`, message));

    const refused = app.botApi.throttled.map((call) => call.method);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((method) => method === 'editMessageText')).toBe(true);
    // Every edit the bot made reached the chat: the last one shows the last answer.
    const edits = app.botApi.callsOf('editMessageText');
    expect(edits).toHaveLength(2);
    expect(edits.at(-1)!.params.text).toBe(`${message.text}\n\nYour reply: Cannot Attend ❌ (0 people attending)`);
    const attendance = await member.client.get(`/api/events/${eventId}/attendance`);
    expect(attendance.body).toMatchObject({ status: 'not_attending' });
  });
});
