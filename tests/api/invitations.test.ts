// Invitations to private events over HTTP: reading and replacing the invited set, who may do it, what it
// unlocks, which users are told, and what is refused.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NotificationTriggers } from '../../api/src/modules/notifications/triggers';
import { silentTriggers } from '../support/triggers';
import { DATABASE_KINDS } from '../support/databases';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

const eventBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Leaders retreat',
  description: 'Planning the year ahead',
  date: '2030-10-01T09:00:00.000Z',
  location: 'Mountain lodge',
  imageUrl: '/images/events/hike.svg',
  isPublic: false,
  ...overrides,
});

describe.each(DATABASE_KINDS)('invitations API on %s', (kind) => {
  let app: TestApp;
  const invited: Array<{ eventId: number; userIds: number[] }> = [];
  let admin: { user: User; client: TestClient };

  beforeAll(async () => {
    const notifications: NotificationTriggers = {
      ...silentTriggers,
      invited: async (eventId, userIds) => void invited.push({ eventId, userIds }),
    };
    app = await startTestApp(kind, { notifications });
    admin = await app.signedIn({ isAdmin: true });
  });
  afterAll(() => app.stop());
  beforeEach(() => {
    invited.length = 0;
  });

  /** A private event of its own creator (another admin): creators manage their own invitations. */
  async function eventOf(creator: User, overrides: Record<string, unknown> = {}): Promise<number> {
    const body = eventBody(overrides);
    const event = await app.deps.prisma.event.create({
      data: { ...body, date: new Date(String(body.date)), isPublic: Boolean(body.isPublic), creatorId: creator.id },
    });
    return event.id;
  }

  const storedInvitees = async (eventId: number) =>
    (await app.deps.prisma.invitation.findMany({ where: { eventId }, orderBy: { userId: 'asc' } })).map(
      (row) => row.userId,
    );

  it('When the creator invites people, then the list is replaced, returned, and only newcomers are told', async () => {
    const creator = await app.signedIn({ isAdmin: true });
    const eventId = await eventOf(creator.user);
    const [ann, ben, cat] = await Promise.all([app.signedIn(), app.signedIn(), app.signedIn()]);
    const byId = (a: number, b: number) => a - b;

    expect((await creator.client.get(`/api/events/${eventId}/invitations`)).body).toEqual([]);

    const first = await creator.client.post(`/api/events/${eventId}/invitations`, {
      userIds: [ann.user.id, null, ben.user.id, ann.user.id],
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual([ann.user.id, ben.user.id].sort(byId).map((userId) => ({ userId })));
    expect(invited).toEqual([{ eventId, userIds: [ann.user.id, ben.user.id] }]);

    invited.length = 0;
    const second = await creator.client.post(`/api/events/${eventId}/invitations`, {
      userIds: [ben.user.id, cat.user.id],
    });
    expect(second.status).toBe(200);
    expect(second.body).toEqual([ben.user.id, cat.user.id].sort(byId).map((userId) => ({ userId })));
    expect(invited).toEqual([{ eventId, userIds: [cat.user.id] }]);
    expect(await storedInvitees(eventId)).toEqual([ben.user.id, cat.user.id].sort(byId));
    expect((await creator.client.get(`/api/events/${eventId}/invitations`)).body).toEqual(second.body);

    // Access follows the invited set.
    expect((await ann.client.get(`/api/events/${eventId}`)).status).toBe(404);
    expect((await ben.client.get(`/api/events/${eventId}`)).status).toBe(200);
    expect((await cat.client.get(`/api/events/${eventId}`)).status).toBe(200);
  });

  it('When the same set is sent again, then nothing changes and nobody is told twice', async () => {
    const creator = await app.signedIn({ isAdmin: true });
    const eventId = await eventOf(creator.user);
    const guest = await app.signedIn();
    await creator.client.post(`/api/events/${eventId}/invitations`, { userIds: [guest.user.id] });
    invited.length = 0;

    const res = await creator.client.post(`/api/events/${eventId}/invitations`, { userIds: [guest.user.id] });

    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ userId: guest.user.id }]);
    expect(invited).toEqual([]);
  });

  it("When an admin manages invitations of someone else's event, then it is allowed", async () => {
    const creator = await app.signedIn({ isAdmin: true });
    const eventId = await eventOf(creator.user);
    const guest = await app.signedIn();
    const res = await admin.client.post(`/api/events/${eventId}/invitations`, { userIds: [guest.user.id] });
    expect(res.status).toBe(200);
    expect((await admin.client.get(`/api/events/${eventId}/invitations`)).body).toEqual([{ userId: guest.user.id }]);
  });

  it('When invitations are sent for a public event, then they are stored and take effect if it turns private', async () => {
    const creator = await app.signedIn({ isAdmin: true });
    const eventId = await eventOf(creator.user, { isPublic: true });
    const guest = await app.signedIn();
    const res = await creator.client.post(`/api/events/${eventId}/invitations`, { userIds: [guest.user.id] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ userId: guest.user.id }]);

    await creator.client.patch(`/api/events/${eventId}`, eventBody({ isPublic: false }));
    expect((await guest.client.get(`/api/events/${eventId}`)).status).toBe(200);
  });

  it('When an invited member asks for or changes the invitation list, then it is 403 and nothing changes', async () => {
    const creator = await app.signedIn({ isAdmin: true });
    const eventId = await eventOf(creator.user);
    const guest = await app.signedIn();
    await creator.client.post(`/api/events/${eventId}/invitations`, { userIds: [guest.user.id] });
    invited.length = 0;
    const friend = await app.signedIn();

    const read = await guest.client.get(`/api/events/${eventId}/invitations`);
    const write = await guest.client.post(`/api/events/${eventId}/invitations`, { userIds: [friend.user.id] });

    for (const res of [read, write]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        code: expect.any(String),
        error: "You can only manage invitations for events you've created",
      });
    }
    expect(await storedInvitees(eventId)).toEqual([guest.user.id]);
    expect(invited).toEqual([]);
  });

  it('When a member manages invitations of a public event they did not create, then it is 403', async () => {
    const creator = await app.signedIn({ isAdmin: true });
    const eventId = await eventOf(creator.user, { isPublic: true });
    const { client, user } = await app.signedIn();
    const res = await client.post(`/api/events/${eventId}/invitations`, { userIds: [user.id] });
    expect(res.status).toBe(403);
    expect(await storedInvitees(eventId)).toEqual([]);
  });

  const badBodies: Array<[string, unknown, string]> = [
    ['every id is null', { userIds: [null, null] }, 'No valid user IDs to invite'],
    ['the list is empty', { userIds: [] }, 'No valid user IDs to invite'],
    ['userIds is missing', {}, 'userIds must be a list of user IDs'],
    ['userIds is not a list', { userIds: 5 }, 'userIds must be a list of user IDs'],
    ['an id is a string', { userIds: ['7'] }, 'userIds must contain only user IDs'],
    ['an id is negative', { userIds: [-3] }, 'userIds must contain only user IDs'],
    ['an id is a fraction', { userIds: [1.5] }, 'userIds must contain only user IDs'],
    ['an id is beyond 32 bits', { userIds: [99999999999] }, 'userIds must contain only user IDs'],
    ['the list is huge', { userIds: Array.from({ length: 10_001 }, (_x, i) => i + 1) }, 'At most 10000 users'],
    ['the body is a list', [1, 2], 'expected object'],
  ];

  it.each(badBodies)(
    'When %s, then it is 400 with a clear message and the invited set is unchanged',
    async (_case, body, message) => {
      const creator = await app.signedIn({ isAdmin: true });
      const eventId = await eventOf(creator.user);
      const guest = await app.signedIn();
      await creator.client.post(`/api/events/${eventId}/invitations`, { userIds: [guest.user.id] });
      invited.length = 0;

      const res = await creator.client.post(`/api/events/${eventId}/invitations`, body);

      expect(res.status).toBe(400);
      expect(res.body.error).toContain(message);
      expect(await storedInvitees(eventId)).toEqual([guest.user.id]);
      expect(invited).toEqual([]);
    },
  );

  it('When some user ids do not exist, then it is 400 naming them and the invited set is unchanged', async () => {
    const creator = await app.signedIn({ isAdmin: true });
    const eventId = await eventOf(creator.user);
    const [guest, newcomer] = await Promise.all([app.signedIn(), app.signedIn()]);
    await creator.client.post(`/api/events/${eventId}/invitations`, { userIds: [guest.user.id] });
    invited.length = 0;
    const invitationsBefore = await app.deps.prisma.invitation.count();

    const res = await creator.client.post(`/api/events/${eventId}/invitations`, {
      userIds: [newcomer.user.id, 2_000_000_000],
    });

    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: expect.any(String),
      error: 'Some of the users to invite do not exist: 2000000000',
    });
    expect(await storedInvitees(eventId)).toEqual([guest.user.id]);
    expect(await app.deps.prisma.invitation.count()).toBe(invitationsBefore);
    expect(invited).toEqual([]);
  });

  it('When the creator invites a guardian account, a pending, a suspended or an erased one, then it is 400 naming them and nobody is told', async () => {
    const creator = await app.signedIn({ isAdmin: true });
    const eventId = await eventOf(creator.user);
    const [member, guardian, pending, suspended, erased] = await Promise.all([
      app.signedIn(),
      app.signedIn({ name: 'Gina Parent', role: 'guardian' }),
      app.signedIn({ status: 'pending' }),
      app.signedIn({ status: 'suspended' }),
      app.signedIn({ name: 'Deleted member', deletedAt: new Date() }),
    ]);
    const others = [guardian, pending, suspended, erased].map((who) => who.user.id);

    const res = await creator.client.post(`/api/events/${eventId}/invitations`, {
      userIds: [member.user.id, ...others],
    });
    const one = await creator.client.post(`/api/events/${eventId}/invitations`, { userIds: [guardian.user.id] });

    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'invitees_not_members',
      error: `Only active members can be invited; these accounts cannot be: ${others.join(', ')}`,
    });
    expect(one.status).toBe(400);
    expect(one.body.code).toBe('invitees_not_members');
    expect(await storedInvitees(eventId)).toEqual([]);
    expect(invited).toEqual([]);
    // The guardian account still cannot look at the event it was not invited to.
    expect((await guardian.client.get(`/api/events/${eventId}`)).status).toBe(403);
  });

  it('When the refusal is read in German, then it is in German', async () => {
    const creator = await app.signedIn({ isAdmin: true });
    const eventId = await eventOf(creator.user);
    const guardian = await app.signedIn({ role: 'guardian' });
    const res = await creator.client.post(
      `/api/events/${eventId}/invitations`,
      { userIds: [guardian.user.id] },
      { headers: { 'accept-language': 'de' } },
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(`Einladen kannst du nur aktive Mitglieder; diese Konten nicht: ${guardian.user.id}`);
  });

  it('When someone already invited is suspended and the dialog sends the set back with a newcomer, then it is saved and only the newcomer is told', async () => {
    const creator = await app.signedIn({ isAdmin: true });
    const eventId = await eventOf(creator.user);
    const [kept, newcomer] = await Promise.all([app.signedIn(), app.signedIn()]);
    expect((await creator.client.post(`/api/events/${eventId}/invitations`, { userIds: [kept.user.id] })).status).toBe(
      200,
    );
    await app.deps.prisma.user.update({ where: { id: kept.user.id }, data: { status: 'suspended' } });
    invited.length = 0;

    const res = await creator.client.post(`/api/events/${eventId}/invitations`, {
      userIds: [kept.user.id, newcomer.user.id],
    });
    const again = await creator.client.post(`/api/events/${eventId}/invitations`, { userIds: [newcomer.user.id] });
    const back = await creator.client.post(`/api/events/${eventId}/invitations`, {
      userIds: [kept.user.id, newcomer.user.id],
    });

    expect(res.status).toBe(200);
    expect(invited).toEqual([{ eventId, userIds: [newcomer.user.id] }]);
    // Once taken off the list, a suspended account cannot be put back on it.
    expect(again.status).toBe(200);
    expect(back.status).toBe(400);
    expect(back.body.code).toBe('invitees_not_members');
    expect(await storedInvitees(eventId)).toEqual([newcomer.user.id]);
  });

  it('When the invitation JSON is malformed, then it is 400 and nothing changes', async () => {
    const creator = await app.signedIn({ isAdmin: true });
    const eventId = await eventOf(creator.user);
    const res = await creator.client.post(`/api/events/${eventId}/invitations`, undefined, {
      rawBody: '{"userIds":[1,',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: expect.any(String), error: 'Malformed JSON in request body' });
    expect(await storedInvitees(eventId)).toEqual([]);
  });

  it('When the event does not exist, then reading and replacing invitations are 404', async () => {
    const { user } = await app.signedIn();
    const read = await admin.client.get('/api/events/987654/invitations');
    const write = await admin.client.post('/api/events/987654/invitations', { userIds: [user.id] });
    for (const res of [read, write]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: expect.any(String), error: 'Event not found' });
    }
    expect(invited).toEqual([]);
  });

  it('When two replacements race, then the result is one of the two sets and each newcomer is told once', async () => {
    const creator = await app.signedIn({ isAdmin: true });
    const eventId = await eventOf(creator.user);
    const people = await Promise.all(Array.from({ length: 6 }, () => app.signedIn()));
    const setA = people.slice(0, 4).map((p) => p.user.id);
    const setB = people.slice(2, 6).map((p) => p.user.id);

    const [a, b] = await Promise.all([
      creator.client.post(`/api/events/${eventId}/invitations`, { userIds: setA }),
      creator.client.post(`/api/events/${eventId}/invitations`, { userIds: setB }),
    ]);

    expect([a.status, b.status]).toEqual([200, 200]);
    const final = await storedInvitees(eventId);
    expect([[...setA].sort((x, y) => x - y), [...setB].sort((x, y) => x - y)]).toContainEqual(final);
    const told = invited.flatMap((call) => call.userIds);
    expect(new Set(told).size).toBe(told.length);
  });
});
