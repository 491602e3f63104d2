import type { User } from '@prisma/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startBotTestApp, type BotTestApp } from '../support/bot-test-app';
import { DATABASE_KINDS } from '../support/databases';
import { TELEGRAM_TEXT_LIMIT, type FakeBotApi } from '../support/fake-bot-api';
import type { TestClient } from '../support/http-client';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { startSmsEndpoint } from './sms-endpoint';

type SmsEndpoint = Awaited<ReturnType<typeof startSmsEndpoint>>;

const DAY = 24 * 60 * 60 * 1000;
const eventBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Summer Camp',
  description: 'A week by the lake.',
  date: '2031-07-04T17:30:00.000Z',
  location: 'Lakeside Camp',
  imageUrl: '/images/events/campfire.svg',
  isPublic: true,
  ...overrides,
});

describe.each(DATABASE_KINDS)('notification triggers on %s', (kind) => {
  let app: BotTestApp;
  let smtp: TestSmtpServer;
  let smsApi: SmsEndpoint;
  let botApi: FakeBotApi;
  let admin: { user: User; client: TestClient };
  let people: Record<'alice' | 'bob' | 'carol' | 'dave' | 'erin', { user: User; client: TestClient }>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    smsApi = await startSmsEndpoint();
    app = await startBotTestApp(kind, {
      env: { SMS_PROVIDER: 'http', SMS_HTTP_URL: smsApi.url, SMS_HTTP_TOKEN: 'sms-token', SMS_FROM: 'Events' },
    });
    botApi = app.botApi;
  });
  afterAll(async () => {
    await app.stop();
    await smtp.stop();
    await smsApi.stop();
  });

  beforeEach(async () => {
    await app.reset({ templates: true });
    smtp.messages.length = 0;
    smsApi.requests.length = 0;
    botApi.calls.length = 0;
    admin = await app.admin({ notificationPrefs: ['email'] });
    await app.saveSmtp(admin.client, smtp.port);
    const stamp = Date.now();
    people = {
      // email only
      alice: await app.signedIn({
        name: 'Alice',
        googleEmail: `alice${stamp}@example.org`,
        notificationPrefs: ['email'],
      }),
      // SMS (a verified number) and Telegram, no email address at all
      bob: await app.signedIn({
        name: 'Bob',
        phoneNumber: '+4915112345678',
        phoneVerifiedAt: new Date(),
        telegramId: `${stamp % 1_000_000}1`,
        notificationPrefs: ['sms', 'telegram'],
      }),
      // ticked SMS without a phone number: email only
      carol: await app.signedIn({
        name: 'Carol',
        googleEmail: `carol${stamp}@example.org`,
        notificationPrefs: ['email', 'sms'],
      }),
      // chose nothing
      dave: await app.signedIn({ name: 'Dave', googleEmail: `dave${stamp}@example.org`, notificationPrefs: [] }),
      // Telegram ticked, but no Telegram account linked
      erin: await app.signedIn({
        name: 'Erin',
        googleEmail: `erin${stamp}@example.org`,
        notificationPrefs: ['telegram'],
      }),
    };
  });

  async function createEvent(body: Record<string, unknown> = {}) {
    const res = await admin.client.post('/api/events', eventBody(body));
    expect(res.status).toBe(201);
    return res.body as { id: number };
  }

  /** Every due fan-out job expanded into outbox rows, nothing delivered. */
  async function expandAll() {
    while (await app.outbox.expandNext(app.deps.now(), 500));
  }

  const emailsTo = (address: string) => smtp.messages.filter((mail) => mail.envelopeTo.includes(address));

  it('When an admin creates a public event, then every other member gets it on exactly their channels, rendered', async () => {
    const event = await createEvent();
    const result = await app.worker().drain();
    expect(result).toEqual({ sent: 4, retried: 0, failed: 0 });

    expect(
      smtp.messages
        .map((mail) => mail.envelopeTo)
        .flat()
        .sort(),
    ).toEqual([people.alice.user.googleEmail, people.carol.user.googleEmail].sort());
    const [mail] = emailsTo(people.alice.user.googleEmail!);
    expect(mail!.subject).toBe('New event: Summer Camp');
    expect(mail!.headers.from).toContain('events@example.org');
    expect(mail!.text).toContain('A new event has been announced: Summer Camp');
    expect(mail!.text).toContain('When: Friday, July 4, 2031 at 5:30 PM UTC');
    expect(mail!.text).toContain('Where: Lakeside Camp');

    expect(smsApi.requests).toHaveLength(1);
    expect(smsApi.requests[0]!.authorization).toBe('Bearer sms-token');
    expect(smsApi.requests[0]!.body).toEqual({
      to: '+4915112345678',
      from: 'Events',
      text: 'New event: Summer Camp on Friday, July 4, 2031 at 5:30 PM UTC at Lakeside Camp.',
    });

    const sends = botApi.callsOf('sendMessage');
    expect(sends).toHaveLength(1);
    expect(String(sends[0]!.params.chat_id)).toBe(people.bob.user.telegramId);
    expect(sends[0]!.params.text).toBe(
      'New event: Summer Camp on Friday, July 4, 2031 at 5:30 PM UTC at Lakeside Camp.',
    );
    expect(sends[0]!.params.reply_markup.inline_keyboard[0]).toEqual([
      { text: 'I Will Attend', callback_data: `rsvp:${event.id}:a` },
      { text: 'Cannot Attend', callback_data: `rsvp:${event.id}:n` },
    ]);

    const rows = await app.outboxRows();
    expect(rows.every((row) => row.status === 'sent')).toBe(true);
    expect(rows.map((row) => row.userId)).not.toContain(admin.user.id);
  });

  it("When an admin template exists, then it is used, and the event's values are HTML-escaped in the email", async () => {
    const saved = await admin.client.post('/api/notification-templates', {
      type: 'event_created',
      channel: 'email',
      template: '<p>Join <b>{{eventName}}</b> at {{eventLocation}} on {{eventDate}}</p>',
    });
    expect(saved.status).toBe(201);
    await createEvent({ name: 'Tom & Jerry <script>alert(1)</script>' });
    await app.worker().drain();

    const [mail] = emailsTo(people.alice.user.googleEmail!);
    expect(mail!.html).toContain('<b>Tom &amp; Jerry &lt;script&gt;alert(1)&lt;/script&gt;</b>');
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.text).toContain('Join Tom & Jerry <script>alert(1)</script> at Lakeside Camp');
    // The SMS template was not customised: the built-in default.
    expect(smsApi.requests[0]!.body.text).toMatch(/^New event: Tom & Jerry/);
  });

  it('When a private event is created and people are invited, then only the invitees hear about it', async () => {
    const event = await createEvent({ isPublic: false });
    expect(await app.outboxRows()).toEqual([]);

    const res = await admin.client.post(`/api/events/${event.id}/invitations`, {
      userIds: [people.alice.user.id, people.bob.user.id, people.dave.user.id],
    });
    expect(res.status).toBe(200);
    await app.worker().drain();

    expect(smtp.messages.map((mail) => mail.envelopeTo).flat()).toEqual([people.alice.user.googleEmail]);
    expect(smtp.messages[0]!.subject).toBe('You are invited: Summer Camp');
    expect(smsApi.requests.map((request) => request.body.to)).toEqual(['+4915112345678']);
    expect(botApi.callsOf('sendMessage').map((call) => String(call.params.chat_id))).toEqual([
      people.bob.user.telegramId,
    ]);
    const rows = await app.outboxRows();
    expect(new Set(rows.map((row) => row.kind))).toEqual(new Set(['invited']));
  });

  it('When an event is edited, then attendees and invitees are told what changed, and nobody else', async () => {
    const event = await createEvent();
    await app.worker().drain();
    smtp.messages.length = 0;
    smsApi.requests.length = 0;
    botApi.calls.length = 0;
    expect((await people.alice.client.post(`/api/events/${event.id}/attend`, { status: 'attending' })).status).toBe(
      200,
    );
    expect((await people.carol.client.post(`/api/events/${event.id}/attend`, { status: 'not_attending' })).status).toBe(
      200,
    );
    expect(
      (await admin.client.post(`/api/events/${event.id}/invitations`, { userIds: [people.bob.user.id] })).status,
    ).toBe(200);
    await app.worker().drain();
    botApi.calls.length = 0;
    smsApi.requests.length = 0;

    const res = await admin.client.patch(
      `/api/events/${event.id}`,
      eventBody({ location: 'Community Hall', date: '2031-07-05T17:30:00.000Z' }),
    );
    expect(res.status).toBe(200);
    await app.worker().drain();

    expect(smtp.messages.map((mail) => mail.envelopeTo).flat()).toEqual([people.alice.user.googleEmail]);
    expect(smtp.messages[0]!.subject).toBe('Event updated: Summer Camp');
    expect(smtp.messages[0]!.text).toContain('The event Summer Camp has been updated (date and location changed).');
    expect(smtp.messages[0]!.text).toContain('Where: Community Hall');
    expect(smsApi.requests.map((request) => request.body.text)).toEqual([
      'Event updated (date and location changed): Summer Camp on Saturday, July 5, 2031 at 5:30 PM UTC at Community Hall.',
    ]);
    expect(botApi.callsOf('sendMessage')).toHaveLength(1);
  });

  it('When an event starts within the reminder lead time, then those attending get one reminder, once', async () => {
    const soon = new Date(Date.now() + DAY / 2).toISOString();
    const event = await createEvent({ date: soon });
    await app.worker().drain();
    smtp.messages.length = 0;
    smsApi.requests.length = 0;
    botApi.calls.length = 0;
    await app.deps.prisma.event.update({ where: { id: event.id }, data: { reminderSentAt: null } });
    await people.alice.client.post(`/api/events/${event.id}/attend`, { status: 'attending' });
    await people.bob.client.post(`/api/events/${event.id}/attend`, { status: 'attending' });
    await people.carol.client.post(`/api/events/${event.id}/attend`, { status: 'not_attending' });

    await app.worker().drain();
    await app.worker().drain();

    expect(smtp.messages.map((mail) => mail.envelopeTo).flat()).toEqual([people.alice.user.googleEmail]);
    expect(smtp.messages[0]!.subject).toBe('Reminder: Summer Camp');
    expect(smsApi.requests).toHaveLength(1);
    expect(smsApi.requests[0]!.body.text).toMatch(/^Reminder: Summer Camp on /);
    expect(botApi.callsOf('sendMessage')).toHaveLength(1);
    const stored = await app.deps.prisma.event.findUniqueOrThrow({ where: { id: event.id } });
    expect(stored.reminderSentAt).not.toBeNull();
  });

  it('When an event is far away, then no reminder is sent yet', async () => {
    const event = await createEvent({ date: new Date(Date.now() + 3 * DAY).toISOString() });
    await people.alice.client.post(`/api/events/${event.id}/attend`, { status: 'attending' });
    await app.worker().drain();
    expect((await app.outboxRows()).filter((row) => row.kind === 'reminder')).toEqual([]);
  });

  it('When the same trigger fires twice, then each recipient still gets one message per channel', async () => {
    const event = await createEvent();
    await app.outbox.eventCreated(event.id, app.deps.prisma);
    await app.worker().drain();
    expect(smtp.messages).toHaveLength(2);
    expect(smsApi.requests).toHaveLength(1);
    expect(await app.deps.prisma.outboxMessage.count()).toBe(4);
  });

  it('When SMTP settings are disabled, then no email is sent and the outbox says why', async () => {
    await app.saveSmtp(admin.client, smtp.port, false);
    await createEvent();
    await app.worker().drain();
    expect(smtp.messages).toEqual([]);
    const emailRows = (await app.outboxRows()).filter((row) => row.channel === 'email');
    expect(emailRows).toHaveLength(2);
    for (const row of emailRows) {
      expect(row.status).toBe('failed');
      expect(row.lastError).toBe(
        'Email was not sent: SMTP settings are not enabled (Admin Settings → Email Settings).',
      );
    }
    expect(smsApi.requests).toHaveLength(1);
  });

  it('When someone links an email, then the confirmation link is emailed to that address', async () => {
    const res = await people.bob.client.post('/api/auth/link-accounts', { email: 'Bob.New@Example.org' });
    expect(res.status).toBe(202);
    await app.worker().drain();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.envelopeTo).toEqual(['bob.new@example.org']);
    expect(mail!.subject).toBe('Confirm your email address for Community Events');
    expect(mail!.text).toMatch(/\/api\/auth\/confirm-email\?token=\S+/);
  });

  it('When the SMS provider is failing, then the SMS is retried and sent once it recovers; a refusal is final', async () => {
    smsApi.failWith(503);
    await createEvent();
    expect((await app.worker().drain()).retried).toBe(1);
    smsApi.failWith(null);
    app.setNow(new Date(Date.now() + 5_000));
    try {
      expect((await app.worker().drain()).sent).toBe(1);
    } finally {
      app.setNow(new Date());
    }
    expect(smsApi.requests).toHaveLength(1);

    smsApi.failWith(400);
    await createEvent({ name: 'Second Camp' });
    await app.worker().drain();
    const refused = (await app.outboxRows()).find((row) => row.channel === 'sms' && row.status === 'failed');
    expect(refused?.lastError).toBe('SMS provider answered 400: {"error":"provider says no"}');
    smsApi.failWith(null);
  });

  it('When a reminded event moves to a new date, then attendees are reminded again for the new date', async () => {
    const event = await createEvent({ date: new Date(Date.now() + DAY / 2).toISOString() });
    await people.alice.client.post(`/api/events/${event.id}/attend`, { status: 'attending' });
    await app.worker().drain();
    const reminders = () => smtp.messages.filter((mail) => mail.subject === 'Reminder: Summer Camp');
    expect(reminders()).toHaveLength(1);

    const moved = await admin.client.patch(
      `/api/events/${event.id}`,
      eventBody({ date: new Date(Date.now() + DAY / 3).toISOString() }),
    );
    expect(moved.status).toBe(200);
    await app.worker().drain();
    expect(reminders()).toHaveLength(2);
    await app.worker().drain();
    expect(reminders()).toHaveLength(2);
  });

  it('When an event is deleted before its notifications go out, then they are not sent and the outbox says why', async () => {
    const event = await createEvent();
    expect((await admin.client.delete(`/api/events/${event.id}`)).status).toBe(204);
    expect(await app.worker().drain()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.messages).toEqual([]);
    expect(smsApi.requests).toEqual([]);
    expect(botApi.callsOf('sendMessage')).toEqual([]);
    // Deleted before its fan-out: the job is closed with the reason, and no outbox row is made.
    expect(await app.outboxRows()).toEqual([]);
    const [job] = await app.deps.prisma.notificationJob.findMany({ where: { eventId: event.id } });
    expect(job).toMatchObject({ status: 'failed', lastError: 'Not sent: the event was deleted before delivery' });
  });

  it('When an event is deleted after its fan-out but before delivery, then its queued rows fail with the reason', async () => {
    const event = await createEvent();
    await expandAll();
    expect(await app.outboxRows()).toHaveLength(4);
    expect((await admin.client.delete(`/api/events/${event.id}`)).status).toBe(204);
    expect(await app.worker().drain()).toEqual({ sent: 0, retried: 0, failed: 4 });
    expect(smtp.messages).toEqual([]);
    const rows = await app.outboxRows();
    expect(rows.map((row) => row.lastError)).toEqual(Array(4).fill('Not sent: the event was deleted before delivery'));
  });

  it('When a private event is edited or due, then attendees who were uninvited hear nothing about it', async () => {
    const event = await createEvent({ isPublic: false, date: new Date(Date.now() + 3 * DAY).toISOString() });
    const invite = (userIds: number[]) => admin.client.post(`/api/events/${event.id}/invitations`, { userIds });
    expect((await invite([people.alice.user.id, people.bob.user.id])).status).toBe(200);
    expect((await people.alice.client.post(`/api/events/${event.id}/attend`, { status: 'attending' })).status).toBe(
      200,
    );
    expect((await people.bob.client.post(`/api/events/${event.id}/attend`, { status: 'attending' })).status).toBe(200);
    // Bob loses access: his old RSVP stays in the table, but the event is no longer his to see.
    expect((await invite([people.alice.user.id])).status).toBe(200);
    await app.worker().drain();
    smtp.messages.length = 0;
    smsApi.requests.length = 0;
    botApi.calls.length = 0;

    const moved = await admin.client.patch(
      `/api/events/${event.id}`,
      eventBody({ isPublic: false, location: 'Secret Cove', date: new Date(Date.now() + DAY / 2).toISOString() }),
    );
    expect(moved.status).toBe(200);
    await app.worker().drain();

    const rows = await app.outboxRows();
    const told = rows.filter((row) => row.kind === 'event_updated' || row.kind === 'reminder');
    expect(new Set(told.map((row) => row.userId))).toEqual(new Set([people.alice.user.id]));
    expect(smsApi.requests).toEqual([]);
    expect(botApi.callsOf('sendMessage')).toEqual([]);
    expect(smtp.messages.map((mail) => mail.subject).sort()).toEqual([
      'Event updated: Summer Camp',
      'Reminder: Summer Camp',
    ]);
  });

  it('When a public event is made private, then attendees who are not invited are not sent its new details', async () => {
    const event = await createEvent();
    expect((await people.alice.client.post(`/api/events/${event.id}/attend`, { status: 'attending' })).status).toBe(
      200,
    );
    expect((await people.bob.client.post(`/api/events/${event.id}/attend`, { status: 'attending' })).status).toBe(200);
    expect(
      (await admin.client.post(`/api/events/${event.id}/invitations`, { userIds: [people.bob.user.id] })).status,
    ).toBe(200);
    await expandAll();
    await app.deps.prisma.outboxMessage.deleteMany();

    const hidden = await admin.client.patch(`/api/events/${event.id}`, eventBody({ isPublic: false }));
    expect(hidden.status).toBe(200);
    await expandAll();
    const rows = await app.outboxRows();
    expect(new Set(rows.map((row) => row.userId))).toEqual(new Set([people.bob.user.id]));
  });

  it("When an admin's SMS template is longer than Telegram allows, then the Telegram message is shortened and still sent", async () => {
    const long = `{{eventName}} at {{eventLocation}}. ${'Bring water and a hat. '.repeat(210)}`.slice(0, 5000);
    const saved = await admin.client.post('/api/notification-templates', {
      type: 'event_created',
      channel: 'sms',
      template: long,
    });
    expect(saved.status).toBe(201);
    await createEvent();
    expect(await app.worker().drain()).toMatchObject({ failed: 0 });

    const [sent] = botApi.callsOf('sendMessage');
    const text = sent!.params.text as string;
    expect(text.length).toBeLessThanOrEqual(TELEGRAM_TEXT_LIMIT);
    expect(text).toMatch(/^Summer Camp at Lakeside Camp\. Bring water/);
    expect(text.endsWith('…')).toBe(true);
    expect(sent!.result).toBeDefined();
    // The SMS provider splits long texts itself: it gets the whole message.
    expect(smsApi.requests[0]!.body.text.length).toBeGreaterThan(TELEGRAM_TEXT_LIMIT);
  });

  it('When the update trigger for a date change fires twice, then each recipient is still told once', async () => {
    const event = await createEvent();
    expect((await people.alice.client.post(`/api/events/${event.id}/attend`, { status: 'attending' })).status).toBe(
      200,
    );
    const moved = await admin.client.patch(`/api/events/${event.id}`, eventBody({ date: '2031-07-06T17:30:00.000Z' }));
    expect(moved.status).toBe(200);
    await app.outbox.eventUpdated(event.id, ['date'], app.deps.prisma);
    await app.worker().drain();
    const updates = (await app.outboxRows()).filter((row) => row.kind === 'event_updated');
    expect(updates.map((row) => `${row.userId}:${row.channel}`)).toEqual([`${people.alice.user.id}:email`]);
  });

  it("When an admin's email template is HTML, then the plain-text part keeps its paragraphs and reads its entities", async () => {
    const saved = await admin.client.post('/api/notification-templates', {
      type: 'event_created',
      channel: 'email',
      template:
        '<h1>{{eventName}}</h1><p>Where: {{eventLocation}}</p><p>Fish &amp; chips&nbsp;served<br>Bring a mug</p>',
    });
    expect(saved.status).toBe(201);
    await createEvent({ name: 'Fish & Chips <Night>' });
    await app.worker().drain();

    const [mail] = emailsTo(people.alice.user.googleEmail!);
    expect(mail!.text).toContain('Fish & Chips <Night>\nWhere: Lakeside Camp\nFish & chips served\nBring a mug');
    expect(mail!.html).toContain('<h1>Fish &amp; Chips &lt;Night&gt;</h1>');
  });

  it('When a new-event template uses {{updateType}} or an unknown placeholder, then nothing is invented for them', async () => {
    const saved = await admin.client.post('/api/notification-templates', {
      type: 'event_created',
      channel: 'sms',
      template: 'New event {{eventName}}{{updateType}} at {{eventLocation}} {{organiser}}',
    });
    expect(saved.status).toBe(201);
    await createEvent();
    await app.worker().drain();
    expect(smsApi.requests.map((request) => request.body.text)).toEqual([
      'New event Summer Camp at Lakeside Camp {{organiser}}',
    ]);
  });
});
