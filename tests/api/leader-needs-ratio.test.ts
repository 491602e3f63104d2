// "Needs you" counts the events short of leaders with one query: it must give, for every kind of leader and
// minor, the same answer as the ratio an event's managers see on the event itself (GET /api/events/{id}/leaders).
import type { User } from '@prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases';
import { eventRow } from '../support/events';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

const NOW = new Date('2030-03-01T12:00:00.000Z');
const HOUR = 3_600_000;
const ADULT = new Date('1988-02-03');
const CHILD = new Date('2018-06-07');

describe.each(DATABASE_KINDS)('events short of leaders on %s', (kind) => {
  let app: TestApp;
  let admin: TestClient;
  let organiser: { user: User; client: TestClient };
  let cubsLeader: TestClient;
  let scoutsLeader: TestClient;
  const events: Record<string, number> = {};

  beforeAll(async () => {
    app = await startTestApp(kind);
    app.setNow(NOW);
    const prisma = app.deps.prisma;
    admin = (await app.signedIn({ isAdmin: true, role: 'admin', name: 'Ada Admin' })).client;
    const adminId = (await prisma.user.findFirstOrThrow({ where: { role: 'admin' } })).id;
    organiser = await app.signedIn({ role: 'organiser', name: 'Olga Organiser' });
    const cubs = await prisma.section.create({ data: { name: 'Cubs' } });
    const scouts = await prisma.section.create({ data: { name: 'Scouts' } });
    // "Needs you" is for those who may create events: these section leaders are organisers too.
    const cubsLead = await app.signedIn({ name: 'Cara Cubs', birthDate: ADULT, role: 'organiser' });
    const scoutsLead = await app.signedIn({ name: 'Sam Scouts', birthDate: ADULT, role: 'organiser' });
    cubsLeader = cubsLead.client;
    scoutsLeader = scoutsLead.client;
    await prisma.sectionMember.createMany({
      data: [
        { sectionId: cubs.id, userId: cubsLead.user.id, role: 'leader' },
        { sectionId: scouts.id, userId: scoutsLead.user.id, role: 'leader' },
      ],
    });

    /** A member with both required checks running out on `expiresOn` (first aid too when asked). */
    async function leader(name: string, data: Partial<User>, expiresOn = '2031-01-01', firstAid = false) {
      const user = await prisma.user.create({ data: { name, birthDate: ADULT, ...data } });
      for (const checkKind of ['background_check', 'safeguarding_training', ...(firstAid ? ['first_aid'] : [])])
        await prisma.leaderCheck.create({
          data: {
            userId: user.id,
            kind: checkKind,
            completedOn: new Date('2029-01-01'),
            expiresOn: new Date(`${expiresOn}T00:00:00.000Z`),
          },
        });
      return user.id;
    }
    const cleared = [await leader('Lee One', {}, '2031-01-01', true), await leader('Lee Two', {})];
    const noBirthDate = await leader('Nat Nobirth', { birthDate: null });
    const lastDay = await leader('Tia Today', {}, '2030-03-01');
    const lapsed = await leader('Lars Lapsed', {}, '2030-02-28');
    const young = await leader('Yan Young', { birthDate: CHILD });
    const suspended = await leader('Sue Suspended', { status: 'suspended' });
    const erased = await leader('Eve Erased', { deletedAt: NOW });

    const kids: number[] = [];
    for (let index = 0; index < 17; index += 1)
      kids.push((await prisma.user.create({ data: { name: `Kid ${index}`, birthDate: CHILD } })).id);
    const erasedKid = (await prisma.user.create({ data: { name: 'Gone Kid', birthDate: CHILD, deletedAt: NOW } })).id;

    async function event(
      name: string,
      hours: number,
      shape: { kids: number[]; leaders: number[]; creatorId?: number; sectionId?: number; status?: 'maybe' },
    ) {
      const row = await prisma.event.create({
        data: eventRow(shape.creatorId ?? adminId, {
          name,
          date: new Date(NOW.getTime() + hours * HOUR),
          sectionId: shape.sectionId ?? null,
        }),
      });
      await prisma.attendance.createMany({
        data: shape.kids.map((userId) => ({ eventId: row.id, userId, status: shape.status ?? 'attending' })),
      });
      await prisma.eventLeader.createMany({ data: shape.leaders.map((userId) => ({ eventId: row.id, userId })) });
      events[name] = row.id;
    }
    // Listed out of date order: the soonest short event is found by date, not by id.
    await event('Two cleared for three kids', 5, { kids: kids.slice(0, 3), leaders: cleared });
    await event('Seventeen kids need three', 7, { kids, leaders: cleared });
    await event('A lapsed leader does not count', 6, {
      kids: kids.slice(0, 3),
      leaders: [cleared[0]!, lapsed],
      sectionId: cubs.id,
    });
    await event('No birth date is an adult', 8, { kids, leaders: [...cleared, noBirthDate] });
    await event('A minor leads', 9, {
      kids: kids.slice(0, 2),
      leaders: [lastDay, young],
      creatorId: organiser.user.id,
    });
    await event('Suspended and erased leaders', 10, {
      kids: kids.slice(0, 2),
      leaders: [lastDay, suspended, erased],
      sectionId: scouts.id,
    });
    await event('Only an erased kid', 11, { kids: [erasedKid], leaders: [] });
    await event('Kids who only said maybe', 12, { kids, leaders: [], status: 'maybe' });
    await event('Too far ahead', 50, { kids, leaders: [] });
    await event('Already started', -2, { kids, leaders: [] });
  });
  afterAll(() => app.stop());

  const needs = async (client: TestClient) => {
    const res = await client.get('/api/admin/needs');
    expect(res.status, res.text).toBe(200);
    return { count: res.body.shortOfLeaders as number, eventId: res.body.shortOfLeadersEventId as number | null };
  };

  /** What the event pages say: the events within 48 hours whose ratio is not ok, soonest first. */
  async function shortByEventPages(): Promise<number[]> {
    const rows = await app.deps.prisma.event.findMany({
      where: { date: { gt: NOW, lte: new Date(NOW.getTime() + 48 * HOUR) } },
      orderBy: [{ date: 'asc' }, { id: 'asc' }],
    });
    const short: number[] = [];
    for (const row of rows) {
      const res = await admin.get(`/api/events/${row.id}/leaders`);
      expect(res.status, res.text).toBe(200);
      if (!res.body.ratio.ok) short.push(row.id);
    }
    return short;
  }

  it('When leaders are lapsed, young, suspended or erased and minors outnumber the ratio, then the count matches each event’s own ratio', async () => {
    const expected = [
      events['A lapsed leader does not count'],
      events['Seventeen kids need three'],
      events['A minor leads'],
      events['Suspended and erased leaders'],
    ];
    expect(await shortByEventPages()).toEqual(expected);
    expect(await needs(admin)).toEqual({ count: 4, eventId: expected[0] });
  });

  it('When the worker scans, then each short event’s managers are told once, with the figures its page shows', async () => {
    const prisma = app.deps.prisma;
    const runners = await prisma.user.findMany({
      where: { name: { in: ['Ada Admin', 'Olga Organiser', 'Cara Cubs', 'Sam Scouts'] } },
    });
    for (const runner of runners)
      await prisma.user.update({
        where: { id: runner.id },
        data: { googleEmail: `${runner.id}-${kind}@example.org`, notificationPrefs: ['email'] },
      });
    const idOf = (name: string) => runners.find((runner) => runner.name === name)!.id;
    const scan = () => app.system.createWorker().drain();
    await scan();
    await scan();

    const noticed = await prisma.leaderShortfallNotice.findMany({ orderBy: { eventId: 'asc' } });
    expect(noticed.map((row) => row.eventId)).toEqual([...(await shortByEventPages())].sort((a, b) => a - b));
    const told = await prisma.outboxMessage.findMany({ where: { kind: 'leader_shortfall' } });
    const toldAbout = (name: string) =>
      told
        .filter((row) => row.subject === `Leaders needed: ${name}`)
        .map((row) => row.userId)
        .sort((a, b) => a! - b!);
    // Creators, and the leaders of the event's section beside them.
    expect(toldAbout('Seventeen kids need three')).toEqual([idOf('Ada Admin')]);
    expect(toldAbout('A lapsed leader does not count')).toEqual([idOf('Ada Admin'), idOf('Cara Cubs')].sort());
    expect(toldAbout('A minor leads')).toEqual([idOf('Olga Organiser')]);
    expect(toldAbout('Suspended and erased leaders')).toEqual([idOf('Ada Admin'), idOf('Sam Scouts')].sort());
    expect(told).toHaveLength(6);
    const seventeen = told.find((row) => row.subject === 'Leaders needed: Seventeen kids need three');
    expect(seventeen!.body).toContain('17 young members attending and 2 cleared leaders; it needs 3.');
  });

  it('When a creator or a section leader asks, then they count only the events they run', async () => {
    expect(await needs(organiser.client)).toEqual({ count: 1, eventId: events['A minor leads'] });
    expect(await needs(cubsLeader)).toEqual({ count: 1, eventId: events['A lapsed leader does not count'] });
    expect(await needs(scoutsLeader)).toEqual({ count: 1, eventId: events['Suspended and erased leaders'] });
  });

  it('When managers open the leaders picker, then it offers the cleared adults by name, and only to them', async () => {
    const path = `/api/events/${events['A lapsed leader does not count']}/leaders/candidates`;
    const offered = await cubsLeader.get(path);
    expect(offered.status, offered.text).toBe(200);
    // Lapsed, young, suspended and erased leaders are not offered; a check on its last day still holds.
    expect(offered.body.map((candidate: { name: string }) => candidate.name)).toEqual([
      'Lee One',
      'Lee Two',
      'Nat Nobirth',
      'Tia Today',
    ]);
    expect(Object.keys(offered.body[0]).sort()).toEqual(['id', 'name']);
    expect((await admin.get(path)).body).toEqual(offered.body);
    // Another section's event is not there for them; an event of everyone they do not run is refused.
    expect((await scoutsLeader.get(path)).status).toBe(404);
    expect((await organiser.client.get(path)).status).toBe(404);
    const others = `/api/events/${events['Seventeen kids need three']}/leaders/candidates`;
    expect((await organiser.client.get(others)).status).toBe(403);
    expect((await app.anonymous().get(path)).status).toBe(401);
  });

  it('When the organisation changes its leader rules, then the count follows them', async () => {
    const fewer = await admin.patch('/api/admin/organisation', { minLeadersPerEvent: 1 });
    expect(fewer.status, fewer.text).toBe(200);
    expect(await shortByEventPages()).toEqual([events['Seventeen kids need three']]);
    expect(await needs(admin)).toEqual({ count: 1, eventId: events['Seventeen kids need three'] });

    // Only Lee One holds first aid, and every two kids need a leader: all six events with minors fall short.
    const firstAid = await admin.patch('/api/admin/organisation', {
      requiredLeaderChecks: ['background_check', 'safeguarding_training', 'first_aid'],
      youthPerLeader: 2,
    });
    expect(firstAid.status, firstAid.text).toBe(200);
    const short = await shortByEventPages();
    expect(short).toHaveLength(6);
    const offered = await admin.get(`/api/events/${short[0]}/leaders/candidates`);
    expect(offered.body).toEqual([{ id: expect.any(Number), name: 'Lee One' }]);
    expect(await needs(admin)).toEqual({ count: 6, eventId: short[0] });
  });
});
