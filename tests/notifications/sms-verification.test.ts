// SMS goes only to verified phone numbers. Otherwise any member could type a stranger's number, tick SMS, and
// have every event announcement, update and reminder texted to that stranger at the organisation's cost. The
// real app, outbox and worker against a local SMS endpoint.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PHONE_NOT_VERIFIED } from '../../api/src/modules/notifications/outbox-worker';
import { DATABASE_KINDS } from '../support/databases';
import type { TestClient } from '../support/http-client';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { startNotifyApp, type NotifyApp } from './notify-app';
import { startSmsEndpoint } from './sms-endpoint';

const DAY = 24 * 60 * 60 * 1000;
const STRANGER = '+15557654321';
const VERA = '+4915100000001';

describe.each(DATABASE_KINDS)('SMS to unverified numbers on %s', (kind) => {
  let app: NotifyApp;
  let smtp: TestSmtpServer;
  let smsApi: Awaited<ReturnType<typeof startSmsEndpoint>>;
  let admin: { user: User; client: TestClient };
  let vera: { user: User; client: TestClient };
  let mallory: { user: User; client: TestClient };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    smsApi = await startSmsEndpoint();
    app = await startNotifyApp(kind, { env: { SMS_PROVIDER: 'http', SMS_HTTP_URL: smsApi.url } });
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.stop();
    await smsApi?.stop();
  });
  beforeEach(async () => {
    await app.reset();
    await app.deps.prisma.rateLimitBucket.deleteMany();
    smsApi.requests.length = 0;
    admin = await app.admin({ notificationPrefs: ['email'] });
    await app.saveSmtp(admin.client, smtp.port);
    vera = await app.signedIn({
      name: 'Vera',
      phoneNumber: VERA,
      phoneVerifiedAt: new Date(),
      notificationPrefs: ['sms'],
    });
    // The attacker does it all through the API, as the settings page would.
    mallory = await app.signedIn({ name: 'Mallory' });
    expect((await mallory.client.patch('/api/users/me', { phoneNumber: STRANGER })).status).toBe(200);
    expect((await mallory.client.patch('/api/users/me/preferences', { preferences: ['sms'] })).status).toBe(200);
  });

  async function createEvent(date = '2031-07-04T17:30:00.000Z') {
    const res = await admin.client.post('/api/events', {
      name: 'Summer Camp',
      description: 'A week by the lake.',
      date,
      location: 'Lakeside Camp',
      imageUrl: '/images/events/campfire.svg',
      isPublic: true,
    });
    expect(res.status).toBe(201);
    return res.body as { id: number };
  }
  const smsTo = (phoneNumber: string) => smsApi.requests.filter((request) => request.body.to === phoneNumber);

  it('When a public event is created, then the verified member gets an SMS and the unverified number none', async () => {
    await createEvent();
    await app.worker().drain();
    expect(smsTo(VERA)).toHaveLength(1);
    expect(smsTo(STRANGER)).toEqual([]);
    expect(smsApi.requests).toHaveLength(1);
    // Not even queued: the choice is kept, the number is not used.
    const rows = await app.outboxRows();
    expect(rows.filter((row) => row.userId === mallory.user.id)).toEqual([]);
  });

  it('When an unverified member attends an event that is edited and then due, then no update or reminder SMS reaches the number', async () => {
    const event = await createEvent(new Date(Date.now() + 3 * DAY).toISOString());
    for (const member of [vera, mallory]) {
      expect((await member.client.post(`/api/events/${event.id}/attend`, { status: 'attending' })).status).toBe(200);
    }
    await app.worker().drain();
    smsApi.requests.length = 0;

    const moved = await admin.client.patch(`/api/events/${event.id}`, {
      name: 'Summer Camp',
      description: 'A week by the lake.',
      date: new Date(Date.now() + DAY / 2).toISOString(),
      location: 'Community Hall',
      imageUrl: '/images/events/campfire.svg',
    });
    expect(moved.status).toBe(200);
    await app.worker().drain();
    expect(
      smsTo(VERA)
        .map((request) => request.body.text.split(':')[0])
        .sort(),
    ).toEqual(['Event updated (date and location changed)', 'Reminder']);
    expect(smsTo(STRANGER)).toEqual([]);
  });

  it('When a queued SMS is for a number changed since, then it is not sent and the outbox says why; once verified, SMS flows again', async () => {
    await createEvent();
    await app.outbox.expandNext(app.deps.now(), 500);
    // Vera moves to another number after the announcement was queued: the old number gets nothing more,
    // and the new one nothing before it is verified.
    const next = '+4915100000002';
    expect((await vera.client.patch('/api/users/me', { phoneNumber: next })).body.phoneVerified).toBe(false);
    expect(await app.worker().drain()).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect(smsApi.requests).toEqual([]);
    const [smsRow] = (await app.outboxRows()).filter((row) => row.channel === 'sms');
    expect(smsRow).toMatchObject({ status: 'failed', recipient: VERA, lastError: PHONE_NOT_VERIFIED });

    // Vera confirms the new number with the code the provider delivered to it.
    expect((await vera.client.post('/api/users/me/phone/verification')).status).toBe(202);
    const code = /^(\d{6}) /.exec(smsTo(next)[0]!.body.text)![1]!;
    expect((await vera.client.post('/api/users/me/phone/verify', { code })).body.phoneVerified).toBe(true);
    smsApi.requests.length = 0;

    await createEvent('2031-08-01T10:00:00.000Z');
    await app.worker().drain();
    expect(smsApi.requests.map((request) => request.body.to)).toEqual([next]);
  });

  it('When an SMS row names a number that is not the member’s verified one, then the worker refuses it', async () => {
    // Rows queued before verification existed, or by any future path that forgets to check.
    await app.deps.prisma.outboxMessage.createMany({
      data: [
        {
          idempotencyKey: 'legacy:1',
          kind: 'event_created',
          channel: 'sms',
          userId: mallory.user.id,
          recipient: STRANGER,
          body: 'hi',
        },
        {
          idempotencyKey: 'legacy:2',
          kind: 'event_created',
          channel: 'sms',
          userId: vera.user.id,
          recipient: STRANGER,
          body: 'hi',
        },
        {
          idempotencyKey: 'legacy:3',
          kind: 'event_created',
          channel: 'sms',
          userId: null,
          recipient: STRANGER,
          body: 'hi',
        },
        {
          idempotencyKey: 'legacy:4',
          kind: 'event_created',
          channel: 'sms',
          userId: vera.user.id,
          recipient: VERA,
          body: 'hi',
        },
      ],
    });
    expect(await app.worker().drain()).toEqual({ sent: 1, retried: 0, failed: 3 });
    expect(smsApi.requests.map((request) => request.body.to)).toEqual([VERA]);
    const failed = (await app.outboxRows()).filter((row) => row.status === 'failed');
    expect(failed.map((row) => row.lastError)).toEqual(Array(3).fill(PHONE_NOT_VERIFIED));
  });
});
