// Telegram's refusals, through the real worker and Telegram channel against the local fake Bot API:
// 403 (blocked / never started) pauses the member's Telegram channel and shows it in Settings until they
// write to the bot; 429 waits Telegram's retry_after; 400 "chat not found" is final with its reason.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { telegramUnreachable } from '../../api/src/modules/notifications/outbox-worker';
import { DATABASE_KINDS } from '../support/databases';
import { commandUpdate, type FakeBotApi } from '../support/fake-bot-api';
import type { TestClient } from '../support/http-client';
import { startBotTestApp, type BotTestApp } from '../support/bot-test-app';

const BLOCKED = 'Forbidden: bot was blocked by the user';

describe.each(DATABASE_KINDS)("Telegram's refusals on %s", (kind) => {
  let app: BotTestApp;
  let botApi: FakeBotApi;
  let admin: { user: User; client: TestClient };
  let tess: { user: User; client: TestClient };
  let tom: { user: User; client: TestClient };
  let eventCount = 0;

  beforeAll(async () => {
    app = await startBotTestApp(kind);
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
    tess = await app.signedIn({ name: 'Tess', telegramId: '880001', notificationPrefs: ['telegram'] });
    tom = await app.signedIn({ name: 'Tom', telegramId: '880002', notificationPrefs: ['telegram'] });
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
  }
  const expandAll = async () => {
    while (await app.outbox.expandNext(app.deps.now(), 500));
  };
  const telegramRows = async (userId: number) =>
    (await app.outboxRows()).filter((row) => row.channel === 'telegram' && row.userId === userId);
  const sendsTo = (chat: string) =>
    botApi.callsOf('sendMessage').filter((call) => String(call.params.chat_id) === chat);
  const me = async (member: { client: TestClient }) => (await member.client.get('/api/users/me')).body;
  const advance = (ms: number) => app.setNow(new Date(app.deps.now().getTime() + ms));

  it('When a member has blocked the bot, then their Telegram is paused, shown in Settings, and resumes after /start', async () => {
    expect((await me(tess)).telegramReachable).toBe(true);
    // Two announcements queued before Telegram's answer: the second must not knock on the closed door.
    await announce();
    await announce();
    await expandAll();
    botApi.failNext('sendMessage', { error_code: 403, description: BLOCKED }, '880001');
    await app.worker({ concurrency: 1 }).drain();

    const [refused, queued] = await telegramRows(tess.user.id);
    expect(refused).toMatchObject({ status: 'failed', lastError: `Telegram error 403: ${BLOCKED}` });
    expect(queued).toMatchObject({
      status: 'failed',
      lastError: telegramUnreachable(`Telegram error 403: ${BLOCKED}`),
    });
    expect(sendsTo('880001')).toHaveLength(1);
    expect(sendsTo('880002')).toHaveLength(2);
    expect(await me(tess)).toMatchObject({ telegramReachable: false, notificationPrefs: ['telegram'] });
    expect((await me(tom)).telegramReachable).toBe(true);

    // While paused, a new announcement queues nothing for her Telegram (and is still sent to Tom).
    await announce();
    await app.worker().drain();
    expect(await telegramRows(tess.user.id)).toHaveLength(2);
    expect(sendsTo('880002')).toHaveLength(3);

    // She opens the bot and presses Start: Telegram delivers /start to our webhook, the bot welcomes her.
    const started = await app.deliver(commandUpdate({ id: 880001, first_name: 'Tess' }, '/start'));
    expect(started.status).toBe(200);
    expect(sendsTo('880001')).toHaveLength(2);
    expect((await me(tess)).telegramReachable).toBe(true);
    await announce();
    await app.worker().drain();
    expect(sendsTo('880001')).toHaveLength(3);
  });

  it('When Telegram answers 429 with a long retry_after, then the row waits that long, is not failed, and goes out after', async () => {
    await announce();
    // Longer than auto-retry waits in-process (60 s): it comes back to the worker as a 429.
    const throttled = {
      error_code: 429,
      description: 'Too Many Requests: retry after 120',
      parameters: { retry_after: 120 },
    };
    botApi.failNext('sendMessage', throttled, '880001');
    const startedAt = app.deps.now().getTime();
    expect(await app.worker().drain()).toEqual({ sent: 1, retried: 1, failed: 0 });
    const [row] = await telegramRows(tess.user.id);
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 0,
      lastError: 'Telegram error 429: Too Many Requests: retry after 120',
    });
    expect(row!.nextAttemptAt.getTime()).toBe(startedAt + 120_000);

    advance(119_000);
    expect(await app.worker().drain()).toEqual({ sent: 0, retried: 0, failed: 0 });
    advance(1_000);
    expect(await app.worker().drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(sendsTo('880001')).toHaveLength(2);
    expect((await me(tess)).telegramReachable).toBe(true);
  });

  it('When Telegram answers 429 with a short retry_after, then the same send waits it out and the message goes out', async () => {
    await announce();
    const throttled = {
      error_code: 429,
      description: 'Too Many Requests: retry after 1',
      parameters: { retry_after: 1 },
    };
    botApi.failNext('sendMessage', throttled, '880001');
    expect(await app.worker().drain()).toEqual({ sent: 2, retried: 0, failed: 0 });
    expect(sendsTo('880001')).toHaveLength(2);
  });

  it('When the chat is not found, then the message fails for good with the reason, and the member is not paused', async () => {
    await announce();
    botApi.failNext('sendMessage', { error_code: 400, description: 'Bad Request: chat not found' }, '880001');
    expect(await app.worker().drain()).toEqual({ sent: 1, retried: 0, failed: 1 });
    const [row] = await telegramRows(tess.user.id);
    expect(row).toMatchObject({ status: 'failed', lastError: 'Telegram error 400: Bad Request: chat not found' });
    advance(3_600_000);
    expect(await app.worker().drain()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect((await me(tess)).telegramReachable).toBe(true);
  });
});
