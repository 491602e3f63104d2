// Free text has limits the server keeps: a field over its limit is refused with a 400 that names the field and
// the limit (a 500-character name without spaces once made the details page 3,500 px wide), nothing is stored,
// and text exactly at the limit is accepted. On PGlite and (when configured) PostgreSQL.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../shared/constants';
import { DATABASE_KINDS } from '../support/databases';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { eventBody } from '../support/events';

const smtpForm = (overrides: Record<string, unknown> = {}) => ({
  host: 'smtp.example.org',
  port: 587,
  secure: false,
  auth_user: 'mailer',
  auth_pass: 'a-secret-password',
  from_email: 'events@example.org',
  from_name: 'Community Events',
  enabled: false,
  ...overrides,
});

/** One unbroken word: no space for a browser to wrap at. */
const word = (length: number) => 'W'.repeat(length);

describe.each(DATABASE_KINDS)('field limits on %s', (kind) => {
  let app: TestApp;
  let admin: { user: User; client: TestClient };
  let eventId: number;

  beforeAll(async () => {
    app = await startTestApp(kind);
    admin = await app.signedIn({ name: 'Ada Admin', isAdmin: true });
    const created = await admin.client.post('/api/events', eventBody());
    expect(created.status).toBe(201);
    eventId = created.body.id as number;
  });
  afterAll(() => app.stop());

  const storedEvents = async () =>
    app.deps.prisma.event.findMany({ orderBy: { id: 'asc' }, select: { id: true, name: true, location: true } });

  const eventFields: Array<[string, Record<string, unknown>, string]> = [
    ['a 500-character name without spaces', { name: word(500) }, 'Name must be at most 200 characters'],
    ['a name one over the limit', { name: word(LIMITS.eventName + 1) }, 'Name must be at most 200 characters'],
    ['a long location', { location: word(LIMITS.eventLocation + 1) }, 'Location must be at most 300 characters'],
    ['a long description', { description: 'word '.repeat(1001) }, 'Description must be at most 5000 characters'],
  ];

  it.each(eventFields)(
    'When an event is created with %s, then it is 400 naming the field and nothing is stored',
    async (_case, change, error) => {
      const before = await storedEvents();
      const res = await admin.client.post('/api/events', eventBody(change));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: expect.any(String), error });
      expect(await storedEvents()).toEqual(before);
    },
  );

  it.each(eventFields)(
    'When an event is edited to %s, then it is 400 naming the field and the event is unchanged',
    async (_case, change, error) => {
      const before = await storedEvents();
      const res = await admin.client.patch(`/api/events/${eventId}`, eventBody(change));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: expect.any(String), error });
      expect(await storedEvents()).toEqual(before);
    },
  );

  it('When every field is exactly at its limit, then the event is created and reads back whole', async () => {
    const body = eventBody({
      name: word(LIMITS.eventName),
      location: word(LIMITS.eventLocation),
      description: word(LIMITS.eventDescription),
    });
    const res = await admin.client.post('/api/events', body);
    expect(res.status).toBe(201);
    const read = await admin.client.get(`/api/events/${res.body.id}`);
    expect(read.body).toMatchObject({ name: body.name, location: body.location, description: body.description });
  });

  it('When surrounding spaces push a name past the limit, then they are trimmed and it is accepted', async () => {
    const res = await admin.client.post('/api/events', eventBody({ name: `  ${word(LIMITS.eventName)}  ` }));
    expect(res.status).toBe(201);
    expect(res.body.name).toBe(word(LIMITS.eventName));
  });

  it('When a comment is over its limit, then it is 400 naming the limit and nothing is stored', async () => {
    const res = await admin.client.post(`/api/events/${eventId}/comments`, { content: word(LIMITS.comment + 1) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: expect.any(String), error: 'Comment must be at most 2000 characters' });
    expect(await app.deps.prisma.comment.count({ where: { eventId } })).toBe(0);
  });

  it('When a notification template is over its limit, then it is 400 naming the limit and nothing is stored', async () => {
    const res = await admin.client.post('/api/notification-templates', {
      type: 'event_created',
      channel: 'email',
      template: word(LIMITS.template + 1),
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: expect.any(String), error: 'Template must be at most 5000 characters' });
    expect(await app.deps.prisma.notificationTemplate.count()).toBe(0);
  });

  const smtpFields: Array<[string, Record<string, unknown>, string]> = [
    ['host', { host: word(256) }, 'SMTP host must be at most 255 characters'],
    ['username', { auth_user: word(256) }, 'Username must be at most 255 characters'],
    ['password', { auth_pass: word(256) }, 'Password must be at most 255 characters'],
    ['from name', { from_name: word(256) }, 'From name must be at most 255 characters'],
  ];

  it.each(smtpFields)(
    'When the SMTP %s is over 255 characters, then it is 400 naming the field and nothing is stored',
    async (_field, change, error) => {
      const res = await admin.client.post('/api/smtp-settings', smtpForm(change));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: expect.any(String), error });
      expect(await app.deps.prisma.smtpSettings.count()).toBe(0);
    },
  );
});
