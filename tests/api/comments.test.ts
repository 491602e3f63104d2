// The discussion of an event over HTTP: reading and posting comments, and what is refused.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../shared/constants';
import { DATABASE_KINDS } from '../support/databases';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

const eventBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Pottery workshop',
  description: 'Bring an apron',
  date: '2030-09-12T15:00:00.000Z',
  location: 'Studio 3',
  imageUrl: '/images/events/workshop.svg',
  isPublic: true,
  ...overrides,
});

describe.each(DATABASE_KINDS)('comments API on %s', (kind) => {
  let app: TestApp;
  let admin: { user: User; client: TestClient };

  beforeAll(async () => {
    app = await startTestApp(kind);
    admin = await app.signedIn({ isAdmin: true, name: 'Ada Admin', googleEmail: `ada-${kind}@example.org` });
  });
  afterAll(() => app.stop());

  async function createEvent(overrides: Record<string, unknown> = {}): Promise<number> {
    const res = await admin.client.post('/api/events', eventBody(overrides));
    expect(res.status).toBe(201);
    return res.body.id as number;
  }

  const storedComments = (eventId: number) =>
    app.deps.prisma.comment.findMany({ where: { eventId }, orderBy: { id: 'asc' } });

  it('When an event has no comments, then the list is empty', async () => {
    const eventId = await createEvent();
    const { client } = await app.signedIn();
    const res = await client.get(`/api/events/${eventId}/comments`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('When a member posts a comment, then it is 201 with the trimmed text, the time and the author', async () => {
    const eventId = await createEvent();
    const { client, user } = await app.signedIn({ name: 'Mia' });
    const before = Date.now();

    const res = await client.post(`/api/events/${eventId}/comments`, { content: '  Can I bring a friend?  \n' });

    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      content: 'Can I bring a friend?',
      createdAt: expect.any(String),
      editedAt: null,
      user: { id: user.id, name: 'Mia', avatarUrl: null },
    });
    expect(Date.parse(res.body.createdAt)).toBeGreaterThanOrEqual(before - 5000);
    const stored = await storedComments(eventId);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ userId: user.id, content: 'Can I bring a friend?' });
  });

  it('When several people comment, then everyone reads them oldest first, without anyone’s email', async () => {
    const eventId = await createEvent();
    const mia = await app.signedIn({
      name: 'Mia',
      googleEmail: `mia-${kind}@example.org`,
      avatarUrl: 'https://lh3.googleusercontent.com/a/mia',
    });
    const leo = await app.signedIn({ name: 'Leo', linkedEmail: `leo-${kind}@example.org`, linkedEmailConfirmed: true });
    for (const [author, content] of [
      [mia, 'First!'],
      [leo, 'Second'],
      [admin, 'Welcome both'],
      [mia, 'Thanks'],
    ] as const) {
      expect((await author.client.post(`/api/events/${eventId}/comments`, { content })).status).toBe(201);
    }

    const res = await leo.client.get(`/api/events/${eventId}/comments`);

    expect(res.status).toBe(200);
    expect(res.body.map((comment: { content: string }) => comment.content)).toEqual([
      'First!',
      'Second',
      'Welcome both',
      'Thanks',
    ]);
    expect(res.body.map((comment: { user: { name: string } }) => comment.user.name)).toEqual([
      'Mia',
      'Leo',
      'Ada Admin',
      'Mia',
    ]);
    expect(res.text).not.toContain('@example.org');
    expect(res.body[0].user).toEqual({
      id: mia.user.id,
      name: 'Mia',
      avatarUrl: 'https://lh3.googleusercontent.com/a/mia',
    });
  });

  it('When a comment is exactly the longest allowed, then it is accepted', async () => {
    const eventId = await createEvent();
    const res = await admin.client.post(`/api/events/${eventId}/comments`, { content: 'y'.repeat(LIMITS.comment) });
    expect(res.status).toBe(201);
    expect(res.body.content).toHaveLength(LIMITS.comment);
  });

  const badBodies: Array<[string, unknown, string]> = [
    ['the comment is only whitespace', { content: ' \n\t  ' }, 'Comment cannot be empty'],
    ['the comment is empty', { content: '' }, 'Comment cannot be empty'],
    ['the content is missing', {}, 'Comment cannot be empty'],
    ['the content is a number', { content: 42 }, 'Comment cannot be empty'],
    ['the content is null', { content: null }, 'Comment cannot be empty'],
    ['the comment is too long', { content: 'x'.repeat(LIMITS.comment + 1) }, 'Comment must be at most 2000 characters'],
    ['the comment holds a NUL character', { content: 'hi\u0000there' }, 'characters that are not allowed'],
    ['the body is a list', [{ content: 'hi' }], 'expected object'],
  ];

  it.each(badBodies)(
    'When %s, then posting is 400 with a clear message and nothing is stored',
    async (_case, body, message) => {
      const eventId = await createEvent();
      const { client } = await app.signedIn();
      const res = await client.post(`/api/events/${eventId}/comments`, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toContain(message);
      expect(await storedComments(eventId)).toEqual([]);
    },
  );

  it('When the comment JSON is malformed, then it is 400 and nothing is stored', async () => {
    const eventId = await createEvent();
    const res = await admin.client.post(`/api/events/${eventId}/comments`, undefined, { rawBody: '{"content": "hi"' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: expect.any(String), error: 'Malformed JSON in request body' });
    expect(await storedComments(eventId)).toEqual([]);
  });

  it('When the event does not exist, then reading and posting comments are 404', async () => {
    const { client } = await app.signedIn();
    const read = await client.get('/api/events/987654/comments');
    const post = await client.post('/api/events/987654/comments', { content: 'Hello?' });
    for (const res of [read, post]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: expect.any(String), error: 'Event not found' });
    }
    expect(await app.deps.prisma.comment.count({ where: { eventId: 987654 } })).toBe(0);
  });

  it('When not signed in, then posting is 401 with the SPEC message and nothing is stored', async () => {
    const eventId = await createEvent();
    const res = await app.anonymous().post(`/api/events/${eventId}/comments`, { content: 'Anonymous hello' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: expect.any(String), error: 'You need to be logged in to perform this action.' });
    expect(await storedComments(eventId)).toEqual([]);
  });

  it('When an invited member comments on a private event, then it is accepted and other invitees read it', async () => {
    const eventId = await createEvent({ isPublic: false });
    const guest = await app.signedIn({ name: 'Guest' });
    const other = await app.signedIn();
    await admin.client.post(`/api/events/${eventId}/invitations`, { userIds: [guest.user.id, other.user.id] });

    expect((await guest.client.post(`/api/events/${eventId}/comments`, { content: 'Count me in' })).status).toBe(201);

    const res = await other.client.get(`/api/events/${eventId}/comments`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({ content: 'Count me in', user: { id: guest.user.id, name: 'Guest', avatarUrl: null } }),
    ]);
  });
});
