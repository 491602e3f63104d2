// Lists of people are sorted by the names their viewer sees. A minor shows to other members as "Nia M.", so
// where she stands among adults named "Nia Ma…" and "Nia Mz…" must not depend on the rest of her surname: the
// order would otherwise give it away letter by letter. The organisers' member list also holds only active
// members: no account waiting for approval, suspended, erased or made for a guardian.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody } from '../support/events';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

const CHILD_BIRTH_DATE = new Date('2014-05-02T00:00:00.000Z');
const ADULT_BIRTH_DATE = new Date('1990-01-15T00:00:00.000Z');
/** Adults planted around the minor: two with her initial, one before and one after. */
const PLANTED = ['Nia Zeller', 'Nia Mzz', 'Nia Abbot', 'Nia Maa'];

type Named = { id: number | null; name: string | null };

describe.each(DATABASE_KINDS)('names in the order their viewer sees them on %s', (kind) => {
  let app: TestApp;
  let admin: { user: User; client: TestClient };
  let organiser: { user: User; client: TestClient };
  let member: { user: User; client: TestClient };
  let minor: User;
  let eventId: number;

  beforeAll(async () => {
    app = await startTestApp(kind);
    const { prisma } = app.deps;
    admin = await app.signedIn({ name: 'Ada Admin', isAdmin: true, role: 'admin', birthDate: ADULT_BIRTH_DATE });
    organiser = await app.signedIn({ name: 'Olga Organiser', role: 'organiser', birthDate: ADULT_BIRTH_DATE });
    member = await app.signedIn({ name: 'Mark Member', birthDate: ADULT_BIRTH_DATE });
    const adults = [];
    for (const name of PLANTED) {
      adults.push(await prisma.user.create({ data: { name, birthDate: ADULT_BIRTH_DATE } }));
    }
    minor = await prisma.user.create({ data: { name: 'Nia Moreno', birthDate: CHILD_BIRTH_DATE } });
    const created = await organiser.client.post('/api/events', eventBody({ name: 'Picnic' }));
    expect(created.status).toBe(201);
    eventId = created.body.id as number;
    await prisma.attendance.createMany({
      data: [...adults, minor].map((user) => ({ eventId, userId: user.id, status: 'attending' as const })),
    });
  });
  afterAll(() => app.stop());

  /** Moves the minor's surname; what others see of it ("Nia M.") stays the same. */
  const surname = (name: string) => app.deps.prisma.user.update({ where: { id: minor.id }, data: { name } });
  const nias = (list: Named[]) => list.filter((entry) => entry.name?.startsWith('Nia ')).map((entry) => entry.name);
  const minorsPlace = (list: Named[]) =>
    list.filter((entry) => entry.name?.startsWith('Nia ')).findIndex((entry) => entry.id === minor.id);

  it('When an organiser reads the member list, then the minor stands at the same place whatever her surname', async () => {
    const places = [];
    for (const name of ['Nia Moreno', 'Nia Mab', 'Nia Mzzz']) {
      await surname(name);
      const res = await organiser.client.get('/api/users');
      expect(res.status).toBe(200);
      expect(nias(res.body)).toEqual(['Nia Abbot', 'Nia M.', 'Nia Maa', 'Nia Mzz', 'Nia Zeller']);
      places.push(minorsPlace(res.body));
    }
    expect(places).toEqual([1, 1, 1]);
  });

  it('When a member reads an event’s attendees, then the minor stands at the same place whatever her surname', async () => {
    for (const name of ['Nia Moreno', 'Nia Mab', 'Nia Mzzz']) {
      await surname(name);
      const res = await member.client.get(`/api/events/${eventId}/attendees`);
      expect(res.status).toBe(200);
      expect(nias(res.body)).toEqual(['Nia Abbot', 'Nia M.', 'Nia Maa', 'Nia Mzz', 'Nia Zeller']);
    }
  });

  it('When an organiser or an admin reads the member list, then only active members are in it', async () => {
    const { prisma } = app.deps;
    const [pending, suspended, guardian, erased] = await Promise.all([
      prisma.user.create({ data: { name: 'Nia Pending', status: 'pending' } }),
      prisma.user.create({ data: { name: 'Nia Suspended', status: 'suspended' } }),
      prisma.user.create({ data: { name: 'Nia Guardian', role: 'guardian' } }),
      prisma.user.create({ data: { name: 'Nia Erased', deletedAt: new Date() } }),
    ]);
    const outside = new Set([pending.id, suspended.id, guardian.id, erased.id]);

    for (const client of [organiser.client, admin.client]) {
      const res = await client.get('/api/users');
      expect(res.status).toBe(200);
      const ids = (res.body as Named[]).map((entry) => entry.id);
      expect(ids.filter((id) => id !== null && outside.has(id))).toEqual([]);
      expect(ids).toEqual(expect.arrayContaining([admin.user.id, organiser.user.id, member.user.id, minor.id]));
    }
  });
});
