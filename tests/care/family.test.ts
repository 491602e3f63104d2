// What a family's screens read over HTTP besides the card: the care form's rules (how many days after an event its
// leaders read the card, whether a guardian keeps it) and, for a guardian, each child's upcoming events as the
// child sees them — with the child's reply and its state — so the guardian can reply for them; refused to anyone
// not the child's guardian. On PGlite and PostgreSQL.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages';
import type { EventsPage } from '../../shared/types';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody } from '../support/events';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

type Signed = { user: User; client: TestClient };

const NOW = new Date('2030-03-01T10:00:00.000Z');
const CHILD_BIRTH = new Date('2018-05-01T00:00:00.000Z');
const ADULT_BIRTH = new Date('1985-03-12T00:00:00.000Z');

describe.each(DATABASE_KINDS)('a family’s screens on %s', (kind) => {
  let app: TestApp;
  let people = 0;

  beforeAll(async () => {
    // Not the defaults (7 and 30): the rules say what this organisation chose.
    app = await startTestApp(kind, {
      env: { CARE_VISIBLE_DAYS: '3', SENSITIVE_ANSWERS_DAYS: '12', SESSION_TTL_DAYS: '365' },
    });
    app.setNow(NOW);
  });
  afterAll(() => app.stop());

  const person = (name: string, data: Partial<User> = {}) =>
    app.signedIn({ name, googleEmail: `family-${++people}-${kind}@example.org`, birthDate: ADULT_BIRTH, ...data });

  /** A minor with a linked, consenting guardian account. */
  async function family(): Promise<{ child: Signed; guardian: Signed }> {
    const child = await person('Lena Brandt', { birthDate: CHILD_BIRTH });
    const guardian = await person('Helga Brandt', { role: 'guardian', birthDate: null });
    await app.deps.prisma.guardianship.create({ data: { guardianId: guardian.user.id, childId: child.user.id } });
    await app.deps.prisma.guardianConsent.create({
      data: { childId: child.user.id, guardianId: guardian.user.id, method: 'email_link', textVersion: 0 },
    });
    return { child, guardian };
  }

  it('When a member reads the care rules, then they say the days leaders keep reading, the days sensitive answers are kept and, for a minor, that the guardian keeps the card', async () => {
    const adult = await person('Ada Adult');
    const own = await adult.client.get('/api/users/me/care/rules');
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ visibleDays: 3, keptByGuardian: false, sensitiveAnswersDays: 12 });

    const alone = await person('Olli Alone', { birthDate: CHILD_BIRTH });
    expect((await alone.client.get('/api/users/me/care/rules')).body).toEqual({
      visibleDays: 3,
      keptByGuardian: false,
      sensitiveAnswersDays: 12,
    });

    const { child, guardian } = await family();
    expect((await child.client.get('/api/users/me/care/rules')).body).toEqual({
      visibleDays: 3,
      keptByGuardian: true,
      sensitiveAnswersDays: 12,
    });
    // The rule the save itself keeps.
    const refused = await child.client.put('/api/users/me/care', { allergies: 'Wasps' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(MSG.careKeptByGuardian);

    const childs = await guardian.client.get(`/api/guardian/children/${child.user.id}/care/rules`);
    expect(childs.status).toBe(200);
    expect(childs.body).toEqual({ visibleDays: 3, keptByGuardian: false, sensitiveAnswersDays: 12 });
    expect((await app.anonymous().get('/api/users/me/care/rules')).status).toBe(401);
  });

  it('When someone other than the child’s guardian asks for the child’s rules or events, then it is 403 and says nothing of the child', async () => {
    const { child } = await family();
    const other = await family();
    const stranger = await person('Sam Stranger');
    for (const client of [other.guardian.client, stranger.client, child.client]) {
      for (const path of ['care/rules', 'events']) {
        const res = await client.get(`/api/guardian/children/${child.user.id}/${path}`);
        expect(res.status, path).toBe(403);
        expect(res.body.error).toBe(MSG.notYourChild);
      }
    }
    // An unknown id answers alike.
    const unknown = await other.guardian.client.get('/api/guardian/children/999999/events');
    expect(unknown.status).toBe(403);
    expect((await other.guardian.client.get('/api/guardian/children/abc/events')).status).toBe(400);
    expect(
      (await other.guardian.client.get(`/api/guardian/children/${other.child.user.id}/events?limit=0`)).status,
    ).toBe(400);
  });

  it('When a guardian reads a child’s events, then each upcoming event the child may see comes with the child’s reply and its state, and replying for the child shows there', async () => {
    const { child, guardian } = await family();
    const organiser = await person('Olga Organiser', { role: 'organiser' });
    const create = async (name: string, extra: Parameters<typeof eventBody>[0] = {}) => {
      const res = await organiser.client.post('/api/events', eventBody({ name, ...extra }));
      expect(res.status).toBe(201);
      return res.body.id as number;
    };
    const hike = await create('Hike', { date: '2030-04-01T09:00:00.000Z' });
    const full = await create('Full camp', { date: '2030-04-02T09:00:00.000Z', capacity: 1 });
    const trip = await create('Canoe trip', { date: '2030-04-03T09:00:00.000Z', requiresGuardianApproval: true });
    const secret = await create('Leaders only', { date: '2030-04-04T09:00:00.000Z', isPublic: false });
    const past = await create('Last winter', { date: '2030-02-01T09:00:00.000Z' });
    const filler = await person('Fay First');
    expect((await filler.client.post(`/api/events/${full}/attend`, { status: 'attending' })).status).toBe(200);
    expect((await child.client.post(`/api/events/${full}/attend`, { status: 'attending' })).body.status).toBe(
      'waitlisted',
    );
    expect((await child.client.post(`/api/events/${trip}/attend`, { status: 'attending' })).body.status).toBe(
      'awaiting_guardian',
    );

    const read = async () => {
      const res = await guardian.client.get(`/api/guardian/children/${child.user.id}/events`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      return res.body as EventsPage;
    };
    const listed = await read();
    const ids = listed.events.map((event) => event.id);
    expect(ids).toEqual(expect.arrayContaining([hike, full, trip]));
    expect(ids).not.toContain(secret);
    expect(ids).not.toContain(past);
    const byId = new Map(listed.events.map((event) => [event.id, event]));
    expect(byId.get(hike)).toMatchObject({ name: 'Hike', myStatus: 'not_responded', myWaitlistPosition: null });
    expect(byId.get(full)).toMatchObject({ myStatus: 'waitlisted', myWaitlistPosition: 1 });
    expect(byId.get(trip)).toMatchObject({ myStatus: 'awaiting_guardian', requiresGuardianApproval: true });

    // The guardian replies for the child (forUserId): the list shows the child's new reply.
    const replied = await guardian.client.post(`/api/events/${hike}/attend`, {
      status: 'attending',
      forUserId: child.user.id,
    });
    expect(replied.status).toBe(200);
    const after = await read();
    expect(after.events.find((event) => event.id === hike)).toMatchObject({ myStatus: 'attending' });
    // Only the child's own replies, when asked for those.
    const mine = await guardian.client.get(`/api/guardian/children/${child.user.id}/events?mine=true`);
    expect((mine.body as EventsPage).events.map((event) => event.id).sort()).toEqual([hike, full, trip].sort());
  });
});
