// A guardian answering an event's questions for their child on the family home: they read the questions of an
// event the child may see (a private one the child is invited to, which the guardian's own account may not see),
// read and change the child's answers (GET …/answers?forUserId), and page through the child's events. Anyone
// else gets what they got before: 404 for an event none of theirs may see, 403 for someone else's child. On
// PGlite and PostgreSQL.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages';
import type { EventsPage } from '../../shared/types';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody } from '../support/events';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

type Person = { user: User; client: TestClient };

const QUESTIONS = [
  { label: 'T-shirt size', kind: 'single', options: ['S', 'M', 'L'], required: true, sensitive: false },
  { label: 'Allergies', kind: 'long_text', required: false, sensitive: true },
];

describe.each(DATABASE_KINDS)('a guardian answering for a child on %s', (kind) => {
  let app: TestApp;
  let organiser: Person;

  beforeAll(async () => {
    app = await startTestApp(kind);
    organiser = await app.signedIn({ role: 'organiser', name: 'Olga Organiser' });
  });
  afterAll(() => app.stop());

  /** A minor with a linked, consenting guardian account (which sees no private event of its own). */
  async function family(): Promise<{ child: Person; guardian: Person }> {
    const guardian = await app.signedIn({ name: 'Gina Parent', role: 'guardian', birthDate: null });
    const child = await app.signedIn({ name: 'Tilly Child', birthDate: new Date('2016-05-01') });
    await app.deps.prisma.guardianship.create({ data: { guardianId: guardian.user.id, childId: child.user.id } });
    await app.deps.prisma.guardianConsent.create({
      data: { childId: child.user.id, guardianId: guardian.user.id, method: 'email_link', textVersion: 0 },
    });
    return { child, guardian };
  }

  /** A private event with questions, the child invited to it. */
  async function privateTrip(invited: number[]) {
    const created = await organiser.client.post('/api/events', eventBody({ name: 'Camp', isPublic: false }));
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect((await organiser.client.post(`/api/events/${id}/invitations`, { userIds: invited })).status).toBe(200);
    const put = await organiser.client.put(`/api/events/${id}/questions`, QUESTIONS);
    expect(put.status).toBe(200);
    const [size, allergies] = (put.body as Array<{ id: number }>).map((question) => question.id);
    return { id, size: size!, allergies: allergies! };
  }

  it('When a guardian reads the questions of a private event their child is invited to, then they get them, and anyone whose family is not invited gets 404', async () => {
    const { child, guardian } = await family();
    const trip = await privateTrip([child.user.id]);

    const read = await guardian.client.get(`/api/events/${trip.id}/questions`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject([
      { id: trip.size, label: 'T-shirt size' },
      { id: trip.allergies, sensitive: true },
    ]);
    // The guardian account still sees nothing else of the event.
    expect((await guardian.client.get(`/api/events/${trip.id}`)).status).toBe(403);

    const otherFamily = await family();
    const stranger = await app.signedIn();
    for (const client of [otherFamily.guardian.client, stranger.client]) {
      const refused = await client.get(`/api/events/${trip.id}/questions`);
      expect(refused.status).toBe(404);
      expect(refused.body.error).toBe(MSG.eventNotFound);
    }
    // Nor once the child is no longer invited.
    expect(
      (await organiser.client.post(`/api/events/${trip.id}/invitations`, { userIds: [stranger.user.id] })).status,
    ).toBe(200);
    expect((await guardian.client.get(`/api/events/${trip.id}/questions`)).status).toBe(404);
  });

  it('When a guardian replies with answers and reads them back for the child, then they see every answer, and no one else may read them that way', async () => {
    const { child, guardian } = await family();
    const trip = await privateTrip([child.user.id]);
    const reply = await guardian.client.post(`/api/events/${trip.id}/attend`, {
      status: 'attending',
      forUserId: child.user.id,
      answers: { [trip.size]: 'S', [trip.allergies]: 'Wasps' },
    });
    expect(reply.status).toBe(200);

    const read = await guardian.client.get(`/api/events/${trip.id}/answers?forUserId=${child.user.id}`);
    expect(read.status).toBe(200);
    expect(read.headers.get('cache-control')).toBe('no-store');
    expect(read.body).toEqual({ answers: { [trip.size]: 'S', [trip.allergies]: 'Wasps' } });
    const changed = await guardian.client.put(`/api/events/${trip.id}/answers`, {
      forUserId: child.user.id,
      answers: { [trip.size]: 'L' },
    });
    expect(changed.status).toBe(200);
    expect((await guardian.client.get(`/api/events/${trip.id}/answers?forUserId=${child.user.id}`)).body).toEqual({
      answers: { [trip.size]: 'L', [trip.allergies]: 'Wasps' },
    });
    // The child reads their own the same way.
    expect((await child.client.get(`/api/events/${trip.id}/answers?forUserId=${child.user.id}`)).body).toEqual({
      answers: { [trip.size]: 'L', [trip.allergies]: 'Wasps' },
    });

    const otherFamily = await family();
    for (const client of [otherFamily.guardian.client, organiser.client]) {
      const refused = await client.get(`/api/events/${trip.id}/answers?forUserId=${child.user.id}`);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe(MSG.notGuardianOf);
    }
    const malformed = await guardian.client.get(`/api/events/${trip.id}/answers?forUserId=abc`);
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe(MSG.forUserIdInvalid);
    // Without forUserId it is still the managers' table: the guardian may not even see this event.
    expect((await guardian.client.get(`/api/events/${trip.id}/answers`)).status).toBe(404);
    const table = await organiser.client.get(`/api/events/${trip.id}/answers`);
    expect(table.status).toBe(200);
    expect(table.body.attendees).toEqual([
      expect.objectContaining({ status: 'attending', answers: { [trip.size]: 'L', [trip.allergies]: 'Wasps' } }),
    ]);
  });

  it('When a guardian pages through a child’s events, then each page follows the last without gaps or repeats', async () => {
    const { child, guardian } = await family();
    const ids: number[] = [];
    for (let day = 1; day <= 5; day++) {
      const date = new Date(Date.now() + (40 + day) * 86_400_000).toISOString();
      const created = await organiser.client.post(
        '/api/events',
        eventBody({ name: `Hike ${day}`, date, isPublic: false }),
      );
      expect(created.status).toBe(201);
      ids.push(created.body.id as number);
    }
    for (const id of ids) {
      expect((await organiser.client.post(`/api/events/${id}/invitations`, { userIds: [child.user.id] })).status).toBe(
        200,
      );
    }

    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : '?limit=2';
      const res = await guardian.client.get(`/api/guardian/children/${child.user.id}/events${query}`);
      expect(res.status).toBe(200);
      const page = res.body as EventsPage;
      expect(page.events.length).toBeLessThanOrEqual(2);
      seen.push(...page.events.map((event) => event.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 20);

    // Only the invited events are private to this child; public events of other tests may come too.
    const ours = seen.filter((id) => ids.includes(id));
    expect(ours).toEqual(ids);
    expect(new Set(seen).size).toBe(seen.length);
    expect(pages).toBeGreaterThanOrEqual(3);
    const bad = await guardian.client.get(`/api/guardian/children/${child.user.id}/events?cursor=nonsense`);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(MSG.cursorInvalid);
  });
});
