// A change and the notifications it causes commit together or not at all (DESIGN §5). The request's process
// being killed mid-transaction is the same to PostgreSQL as the transaction failing after the change was
// written: here a database trigger refuses the notification job (or outbox row), and nothing of the change
// may remain.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

const eventBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Harbour Walk',
  description: 'Along the old docks.',
  date: '2031-05-01T10:00:00.000Z',
  location: 'Harbour Gate',
  imageUrl: '/images/events/hike.svg',
  isPublic: true,
  ...overrides,
});

describe.each(DATABASE_KINDS)('notifications commit with their change on %s', (kind) => {
  let app: TestApp;
  let admin: { user: User; client: TestClient };
  let member: { user: User; client: TestClient };

  beforeAll(async () => {
    app = await startTestApp(kind);
    admin = await app.signedIn({ name: 'Ada', isAdmin: true, googleEmail: `ada-${kind}@example.org` });
    member = await app.signedIn({ name: 'Max', googleEmail: `max-${kind}@example.org`, notificationPrefs: ['email'] });
    await app.deps.prisma.$executeRawUnsafe(`
      CREATE FUNCTION refuse_notifications() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'notifications refused (test)'; END $$`);
  });
  afterAll(() => app.stop());

  /** While `table` refuses inserts, as a transaction cut short after the change would leave it. */
  async function whileRefusing<T>(table: 'notification_jobs' | 'outbox_messages', run: () => Promise<T>) {
    await app.deps.prisma.$executeRawUnsafe(
      `CREATE TRIGGER refuse BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION refuse_notifications()`,
    );
    try {
      return await run();
    } finally {
      await app.deps.prisma.$executeRawUnsafe(`DROP TRIGGER refuse ON ${table}`);
    }
  }

  const counts = async () => ({
    events: await app.deps.prisma.event.count(),
    jobs: await app.deps.prisma.notificationJob.count(),
    invitations: await app.deps.prisma.invitation.count(),
  });

  it('When the notification job cannot be written, then the event is not created either', async () => {
    const before = await counts();
    const res = await whileRefusing('notification_jobs', () => admin.client.post('/api/events', eventBody()));
    expect(res.status).toBe(500);
    expect(await counts()).toEqual(before);
  });

  it('When the notification job of an edit cannot be written, then the edit is undone', async () => {
    const created = await admin.client.post('/api/events', eventBody());
    expect(created.status).toBe(201);
    const before = await counts();
    const res = await whileRefusing('notification_jobs', () =>
      admin.client.patch(`/api/events/${created.body.id}`, eventBody({ location: 'Lighthouse' })),
    );
    expect(res.status).toBe(500);
    expect(await counts()).toEqual(before);
    const stored = await app.deps.prisma.event.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(stored.location).toBe('Harbour Gate');
  });

  it('When the notification job of an invitation cannot be written, then nobody is invited', async () => {
    const created = await admin.client.post('/api/events', eventBody({ isPublic: false }));
    expect(created.status).toBe(201);
    const before = await counts();
    const res = await whileRefusing('notification_jobs', () =>
      admin.client.post(`/api/events/${created.body.id}/invitations`, { userIds: [member.user.id] }),
    );
    expect(res.status).toBe(500);
    expect(await counts()).toEqual(before);
  });

  it('When the confirmation email cannot be queued, then no email link is requested', async () => {
    const res = await whileRefusing('outbox_messages', () =>
      member.client.post('/api/auth/link-accounts', { email: 'max.other@example.org' }),
    );
    expect(res.status).toBe(500);
    expect(await app.deps.prisma.emailLinkRequest.count({ where: { userId: member.user.id } })).toBe(0);
    const stored = await app.deps.prisma.user.findUniqueOrThrow({ where: { id: member.user.id } });
    expect(stored.linkedEmail).toBeNull();
  });

  it('When events are created, edited and invited to side by side, then each change has exactly one job', async () => {
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        admin.client.post('/api/events', eventBody({ name: `Walk ${index}`, isPublic: index % 2 === 0 })),
      ),
    );
    expect(created.map((res) => res.status)).toEqual(Array(12).fill(201));
    const ids = created.map((res) => res.body.id as number);
    await Promise.all(
      ids.map((id, index) =>
        index % 2 === 0
          ? admin.client.patch(`/api/events/${id}`, eventBody({ name: `Walk ${index}`, location: 'Pier 4' }))
          : admin.client.post(`/api/events/${id}/invitations`, { userIds: [member.user.id] }),
      ),
    );
    const jobs = await app.deps.prisma.notificationJob.findMany({ where: { eventId: { in: ids } } });
    for (const [index, id] of ids.entries()) {
      const kinds = jobs
        .filter((job) => job.eventId === id)
        .map((job) => job.kind)
        .sort();
      expect(kinds).toEqual(index % 2 === 0 ? ['event_created', 'event_updated'] : ['event_created', 'invited']);
    }
    // Not one outbox row yet: the requests wrote one job each, whatever the number of members.
    expect(await app.deps.prisma.outboxMessage.count({ where: { kind: { not: 'email_link' } } })).toBe(0);
  });
});
