// Leaving with your data: the export (everything about the member, no secret) and the erasure (sessions end,
// RSVPs released with the waitlist promoted, comments kept under "Deleted member", a new account on the next
// sign-in, and none of the old personal values left in any column of any table).
import type { User } from '@prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases';
import type { TestClient } from '../support/http-client';
import { startFakeGoogle, type FakeGoogle } from '../support/signing';
import { startTestApp, type TestApp } from '../support/test-app';

const eventBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Canoe weekend',
  description: 'Two days on the river',
  date: '2031-06-10T08:00:00.000Z',
  location: 'Boathouse',
  imageUrl: '/images/events/concert.svg',
  isPublic: true,
  ...overrides,
});

describe.each(DATABASE_KINDS)('leaving with your data on %s', (kind) => {
  let google: FakeGoogle;
  let app: TestApp;
  let admin: { user: User; client: TestClient };
  let counter = 0;

  beforeAll(async () => {
    google = await startFakeGoogle();
    app = await startTestApp(kind, {
      // Open membership: these members act at once, without waiting for approval.
      env: { GOOGLE_CLIENT_ID: google.clientId, GOOGLE_JWKS_URL: google.jwksUrl, MEMBERSHIP_MODE: 'open' },
    });
    admin = await app.signedIn({ isAdmin: true });
  });
  afterAll(async () => {
    await app.stop();
    await google.close();
  });

  /**
   * A member signed in with Google whose personal values are unique to this call, with something stored in every
   * place a member leaves a trace: contact details, Telegram, an RSVP, a comment, an invitation, a calendar feed,
   * a pending phone code, a pending email link, a sign-in state, a Telegram login request, a shared card, a
   * message in the outbox.
   */
  async function richMember() {
    counter += 1;
    const tag = `${kind}${counter}`.toLowerCase();
    const values = {
      name: `Zebedee Quuxworth ${tag}`,
      email: `zebedee.${tag}@example.org`,
      linkedEmail: `zeb.linked.${tag}@example.net`,
      pendingEmail: `zeb.pending.${tag}@example.net`,
      phone: `+4915199${String(counter).padStart(6, '7')}`,
      telegramId: `77${String(counter).padStart(8, '3')}`,
      telegramUsername: `zebedee_q_${tag}`,
      avatarUrl: `https://example.org/avatars/zebedee-${tag}.png`,
    };
    const client = app.anonymous();
    const signIn = await client.post('/api/auth/login', {
      credential: await google.idToken(values.email, { claims: { name: values.name, picture: values.avatarUrl } }),
    });
    expect(signIn.status).toBe(200);
    const id = signIn.body.id as number;
    const { prisma } = app.deps;
    await prisma.user.update({
      where: { id },
      data: {
        avatarUrl: values.avatarUrl,
        phoneNumber: values.phone,
        phoneVerifiedAt: new Date(),
        telegramId: values.telegramId,
        telegramUsername: values.telegramUsername,
        linkedEmail: values.linkedEmail,
        linkedEmailConfirmed: true,
        notificationPrefs: ['email', 'sms', 'telegram'],
      },
    });
    const eventId = (await admin.client.post('/api/events', eventBody({ isPublic: false }))).body.id as number;
    expect((await admin.client.post(`/api/events/${eventId}/invitations`, { userIds: [id] })).status).toBeLessThan(300);
    expect((await client.post(`/api/events/${eventId}/attend`, { status: 'attending' })).status).toBe(200);
    expect((await client.post(`/api/events/${eventId}/comments`, { content: 'See you at the river!' })).status).toBe(
      201,
    );
    expect((await client.get('/api/users/me/calendar-feed')).status).toBe(200);
    const later = new Date(Date.now() + 3_600_000);
    await prisma.phoneVerification.create({
      data: { userId: id, phoneNumber: values.phone, codeHash: 'f'.repeat(64), sentAt: new Date(), expiresAt: later },
    });
    await prisma.emailLinkRequest.create({
      data: { userId: id, email: values.pendingEmail, tokenHash: `hash-${tag}`, expiresAt: later },
    });
    await prisma.authState.create({
      data: { id: `state-${tag}`, browserHash: 'b'.repeat(64), purpose: 'link', userId: id, expiresAt: later },
    });
    await prisma.telegramLoginRequest.create({
      data: {
        id: `login-${tag}`,
        browserTokenHash: 'c'.repeat(64),
        status: 'complete',
        telegramId: values.telegramId,
        telegramUsername: values.telegramUsername,
        telegramName: values.name,
        expiresAt: later,
      },
    });
    await prisma.preparedShare.create({
      data: { tokenHash: `prepared-${tag}`, telegramUserId: values.telegramId, eventId, expiresAt: later },
    });
    await prisma.sharedCard.create({
      data: { inlineMessageId: `card-${tag}`, eventId, sharedByTelegramId: values.telegramId },
    });
    await prisma.outboxMessage.create({
      data: {
        idempotencyKey: `leaving-${tag}`,
        kind: 'test',
        channel: 'email',
        userId: id,
        recipient: values.email,
        subject: `Hello ${values.name}`,
        body: `Hello ${values.name}, your phone ${values.phone}`,
      },
    });
    return { id, client, values, eventId };
  }

  /** Every text, JSON and array column of every table, as "table.column" where `needle` occurs. */
  async function columnsHolding(needle: string): Promise<string[]> {
    const columns = await app.deps.prisma.$queryRaw<Array<{ table_name: string; column_name: string }>>`
      SELECT c.table_name, c.column_name
        FROM information_schema.columns c
        JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
       WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
         AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')`;
    expect(columns.length).toBeGreaterThan(20);
    const found: string[] = [];
    for (const { table_name: table, column_name: column } of columns) {
      const [row] = await app.deps.prisma.$queryRawUnsafe<Array<{ n: number }>>(
        `SELECT count(*)::int AS n FROM "${table}" WHERE strpos(lower("${column}"::text), lower($1)) > 0`,
        needle,
      );
      if (row!.n > 0) found.push(`${table}.${column}`);
    }
    return found;
  }

  describe('GET /api/users/me/export', () => {
    it('When a member asks for their data, then a JSON download holds all of it and no secret', async () => {
      const { id, client, values, eventId } = await richMember();
      // What leaders record of a member: a register mark, a nudge to reply, a section and a leader check.
      const marked = await admin.client.put(`/api/events/${eventId}/register`, {
        entries: [{ userId: id, status: 'late' }],
      });
      expect(marked.status, marked.text).toBe(200);
      const meeting = await admin.client.post('/api/events', eventBody({ name: 'Knots evening' }));
      expect((await admin.client.post(`/api/events/${meeting.body.id}/nudge`)).status).toBe(202);
      const section = await admin.client.post('/api/sections', { name: `Otters ${kind} ${counter}` });
      expect(section.status, section.text).toBe(201);
      expect((await admin.client.put(`/api/sections/${section.body.id}/members`, { add: [id] })).status).toBe(200);
      const check = { kind: 'first_aid', reference: 'FA-2291', completedOn: '2029-01-01', expiresOn: '2032-01-01' };
      expect((await admin.client.post(`/api/admin/members/${id}/checks`, check)).status).toBe(201);

      const res = await client.get('/api/users/me/export');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="?my-data-\d+\.json"?$/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const data = res.body;
      expect(data.profile).toMatchObject({ id, name: values.name, email: values.email, phoneNumber: values.phone });
      expect(data.identities.google).toMatchObject({ email: values.email });
      expect(data.identities.telegram).toMatchObject({ id: values.telegramId, username: values.telegramUsername });
      expect(data.identities.linkedEmail).toEqual({ email: values.linkedEmail, confirmed: true });
      expect(data.identities.pendingEmails).toEqual([expect.objectContaining({ email: values.pendingEmail })]);
      expect(data.notificationPreferences).toEqual(['email', 'sms', 'telegram']);
      expect(data.rsvps).toEqual([
        expect.objectContaining({ status: 'attending', event: expect.objectContaining({ id: eventId }) }),
      ]);
      expect(data.comments).toEqual([expect.objectContaining({ content: 'See you at the river!' })]);
      expect(data.invitations).toEqual([expect.objectContaining({ event: expect.objectContaining({ id: eventId }) })]);
      expect(data.calendarFeed).toMatchObject({ exists: true, allEvents: false });
      expect(data.phoneVerification.verifiedAt).not.toBeNull();
      expect(data.phoneVerification.pendingCode).toMatchObject({ phoneNumber: values.phone });
      expect(data.eventsCreated).toEqual([]);
      expect(data.uploadedImages).toEqual([]);
      expect(data.registers).toEqual([
        {
          event: { id: eventId, name: 'Canoe weekend', date: '2031-06-10T08:00:00.000Z' },
          status: 'late',
          source: 'register',
          markedAt: expect.any(String),
        },
      ]);
      expect(data.nudges).toEqual([
        {
          event: expect.objectContaining({ id: meeting.body.id, name: 'Knots evening' }),
          nudgedAt: expect.any(String),
        },
      ]);
      expect(data.sections).toEqual([
        { section: { id: section.body.id, name: section.body.name }, role: 'member', since: expect.any(String) },
      ]);
      expect(data.leaderChecks).toEqual([{ ...check, recordedAt: expect.any(String) }]);

      // No secret: not the session, the feed's token or its hash, the code hash, nor any token hash.
      const feed = await app.deps.prisma.calendarFeed.findUniqueOrThrow({ where: { userId: id } });
      const sessions = await app.deps.prisma.session.findMany({ where: { userId: id } });
      const secrets = [feed.tokenHash, feed.tokenSealed, 'f'.repeat(64), 'hash-', client.cookies.get('sid')!];
      for (const session of sessions) secrets.push(session.id);
      for (const secret of secrets) expect(res.text).not.toContain(secret);
      expect(res.text).not.toMatch(/token|hash|session/i);

      const audit = await app.deps.prisma.auditEntry.findMany({ where: { action: 'account.exported', actorId: id } });
      expect(audit).toHaveLength(1);
      expect(audit[0]!.details).toEqual({});
    });

    it('When nobody is signed in, then the export answers 401', async () => {
      expect((await app.anonymous().get('/api/users/me/export')).status).toBe(401);
    });
  });

  describe('DELETE /api/users/me', () => {
    it.each([[undefined], [{}], [{ confirm: false }], [{ confirm: 'true' }], [{ confirm: 1 }]])(
      'When the body is %j instead of {"confirm": true}, then it answers 400 and erases nothing',
      async (body) => {
        const { user, client } = await app.signedIn({ phoneNumber: '+4911111111' });
        const res = await client.request('DELETE', '/api/users/me', body);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ code: expect.any(String), error: expect.any(String) });
        expect((await client.get('/api/users/me')).body).toMatchObject({ id: user.id, name: user.name });
      },
    );

    it('When the only admin deletes their account, then it answers 409 and the organisation keeps its admin', async () => {
      // Another admin exists (the suite's), so make this one the only one for the moment of the request.
      const { user, client } = await app.signedIn({ isAdmin: true });
      await app.deps.prisma.user.update({ where: { id: admin.user.id }, data: { isAdmin: false } });
      try {
        const res = await client.request('DELETE', '/api/users/me', { confirm: true });
        expect(res.status).toBe(409);
        expect((await client.get('/api/users/me')).body).toMatchObject({ id: user.id, isAdmin: true });
      } finally {
        await app.deps.prisma.user.update({ where: { id: admin.user.id }, data: { isAdmin: true } });
        await app.deps.prisma.user.update({ where: { id: user.id }, data: { isAdmin: false } });
      }
    });

    it('When a member deletes their account, then their sessions end, their spot goes to the waitlist and their comment shows "Deleted member"', async () => {
      const leaver = await app.signedIn();
      const waiting = await app.signedIn();
      const reader = await app.signedIn();
      const eventId = (await admin.client.post('/api/events', eventBody({ capacity: 1 }))).body.id as number;
      expect((await leaver.client.post(`/api/events/${eventId}/attend`, { status: 'attending' })).body.status).toBe(
        'attending',
      );
      expect((await waiting.client.post(`/api/events/${eventId}/attend`, { status: 'attending' })).body.status).toBe(
        'waitlisted',
      );
      await leaver.client.post(`/api/events/${eventId}/comments`, { content: 'I will bring the paddles' });
      const secondSession = await app.clientFor(leaver.user);

      const res = await leaver.client.request('DELETE', '/api/users/me', { confirm: true });
      expect(res.status).toBe(204);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(leaver.client.cookies.has('sid')).toBe(false);

      expect((await secondSession.get('/api/users/me')).status).toBe(401);
      expect((await secondSession.get('/api/users/me/export')).status).toBe(401);
      expect((await waiting.client.get(`/api/events/${eventId}/attendance`)).body.status).toBe('attending');
      const job = await app.deps.prisma.notificationJob.findFirst({ where: { kind: 'promoted', eventId } });
      expect(job?.userIds).toEqual([waiting.user.id]);
      const event = (await reader.client.get(`/api/events/${eventId}`)).body;
      expect(event).toMatchObject({ attendingCount: 1 });

      const comments = (await reader.client.get(`/api/events/${eventId}/comments`)).body;
      expect(comments).toEqual([
        expect.objectContaining({
          content: 'I will bring the paddles',
          user: { id: leaver.user.id, name: 'Deleted member', avatarUrl: null },
        }),
      ]);
      const directory = (await admin.client.get('/api/users')).body as Array<{ id: number }>;
      expect(directory.map((entry) => entry.id)).not.toContain(leaver.user.id);

      const audit = await app.deps.prisma.auditEntry.findMany({
        where: { action: 'account.deleted', subjectId: String(leaver.user.id) },
      });
      expect(audit).toEqual([expect.objectContaining({ actorId: leaver.user.id, subjectType: 'user', details: {} })]);
    });

    it('When a member who created events deletes their account, then the events stay with the organisation', async () => {
      const organiser = await app.signedIn({ isAdmin: true });
      const created = await organiser.client.post('/api/events', eventBody({ name: 'Night hike' }));
      expect(created.status).toBe(201);
      expect((await organiser.client.request('DELETE', '/api/users/me', { confirm: true })).status).toBe(204);
      const event = await admin.client.get(`/api/events/${created.body.id}`);
      expect(event.status).toBe(200);
      expect(event.body.name).toBe('Night hike');
      // Only those who may manage the event read its attendee list: the admins, now that its creator is gone.
      expect((await admin.client.get(`/api/events/${created.body.id}/attendees.csv`)).status).toBe(200);
    });

    it('When a member deleted their account, then no table holds their name, emails, phone or Telegram details and the same Google account starts a new account', async () => {
      const { id, client, values } = await richMember();
      const before = await columnsHolding(values.email);
      expect(before.length).toBeGreaterThan(0);

      expect((await client.request('DELETE', '/api/users/me', { confirm: true })).status).toBe(204);

      for (const value of Object.values(values)) expect([value, await columnsHolding(value)]).toEqual([value, []]);
      const tombstone = await app.deps.prisma.user.findUniqueOrThrow({ where: { id } });
      expect(tombstone).toMatchObject({ name: 'Deleted member', googleSub: null, telegramId: null, role: 'member' });
      expect(tombstone.deletedAt).toBeInstanceOf(Date);

      const again = await app.anonymous().post('/api/auth/login', {
        credential: await google.idToken(values.email, { claims: { name: values.name } }),
      });
      expect(again.status).toBe(200);
      expect(again.body.id).not.toBe(id);
      expect(again.body).toMatchObject({ email: values.email, name: values.name });
    });
  });
});
