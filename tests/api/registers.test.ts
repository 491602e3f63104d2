// Registers over HTTP: a section's leaders (and admins) mark who came to a meeting, a scanned pass marks the
// member present, and the section's attendance adds the registers up, in JSON and as the funders' CSV by age
// band. A leader of another section and the section's own members are refused.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttendanceMember } from '../../shared/types/registers';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody } from '../support/events';
import type { TestClient } from '../support/http-client';
import { clearAsLeader } from '../support/leaders';
import { startTestApp, type TestApp } from '../support/test-app';

type Who = { user: User; client: TestClient };
const BEFORE = new Date('2030-04-01T10:00:00.000Z');
const AFTER = new Date('2030-04-20T10:00:00.000Z');
const born = (day: string) => new Date(`${day}T00:00:00.000Z`);

describe.each(DATABASE_KINDS)('registers and section attendance on %s', (kind) => {
  let app: TestApp;
  let admin: Who;
  let lena: Who;
  let sid: Who;
  let amy: Who;
  let ben: Who;
  let cat: Who;
  let dan: Who;
  let sam: Who;
  let cubs: number;
  let scouts: number;
  let first: number;
  let second: number;
  let scoutMeeting: number;

  beforeAll(async () => {
    app = await startTestApp(kind);
    app.setNow(BEFORE);
    admin = await app.signedIn({ name: 'Ada Admin', isAdmin: true, role: 'admin' });
    lena = await app.signedIn({ name: 'Lena Leader', birthDate: born('1990-02-02') });
    sid = await app.signedIn({ name: 'Sid Scoutleader', birthDate: born('1985-07-07') });
    // Ages on 10 April 2030: Amy 9, Ben 12, Cat 16; Dan gave no birth date.
    amy = await app.signedIn({ name: 'Amy Archer', birthDate: born('2020-06-01') });
    ben = await app.signedIn({ name: 'Ben Baker', birthDate: born('2018-01-15') });
    cat = await app.signedIn({ name: 'Cat Cooper', birthDate: born('2014-03-01') });
    dan = await app.signedIn({ name: 'Dan Dyer', birthDate: null });
    sam = await app.signedIn({ name: 'Sam Scout' });
    const section = async (name: string, leader: Who, members: Who[]) => {
      const made = await admin.client.post('/api/sections', { name });
      expect(made.status, made.text).toBe(201);
      const id = made.body.id as number;
      expect((await admin.client.put(`/api/sections/${id}/leaders`, { userIds: [leader.user.id] })).status).toBe(200);
      const add = members.map((who) => who.user.id);
      expect((await admin.client.put(`/api/sections/${id}/members`, { add })).status).toBe(200);
      return id;
    };
    cubs = await section('Cubs', lena, [amy, ben, cat, dan]);
    scouts = await section('Scouts', sid, [sam]);
    const meeting = async (who: Who, name: string, date: string, sectionId: number) => {
      const res = await who.client.post('/api/events', eventBody({ name, date, sectionId }));
      expect(res.status, res.text).toBe(201);
      return res.body.id as number;
    };
    first = await meeting(lena, 'Cub meeting: knots', '2030-04-10T17:00:00.000Z', cubs);
    second = await meeting(lena, '=Campfire meeting', '2030-04-17T17:00:00.000Z', cubs);
    scoutMeeting = await meeting(sid, 'Scout meeting', '2030-04-11T17:00:00.000Z', scouts);
    // Dan says he is coming to the first meeting and is checked in at the door.
    expect((await dan.client.post(`/api/events/${first}/attend`, { status: 'attending' })).status).toBe(200);
  });
  afterAll(() => app.stop());

  const register = (who: Who, eventId: number, entries: Array<{ userId: number; status: string }>) =>
    who.client.put(`/api/events/${eventId}/register`, { entries });

  it('When a leader takes a register, then marks and a check-in add up, and only the audience can be marked', async () => {
    app.setNow(new Date('2030-04-10T17:05:00.000Z'));
    const checkIn = await lena.client.post(`/api/events/${first}/check-in`, { userId: dan.user.id });
    expect(checkIn.status, checkIn.text).toBe(200);

    const taken = await register(lena, first, [
      { userId: amy.user.id, status: 'present' },
      { userId: ben.user.id, status: 'late' },
      { userId: cat.user.id, status: 'excused' },
      { userId: lena.user.id, status: 'present' },
    ]);
    expect(taken.status, taken.text).toBe(200);
    expect(taken.body.totals).toEqual({ present: 3, late: 1, excused: 1, absent: 0, unmarked: 0 });
    expect(
      taken.body.lines.map((line: { user: { name: string }; status: string; role: string }) => [
        line.user.name,
        line.role,
        line.status,
      ]),
    ).toEqual([
      ['Lena Leader', 'leader', 'present'],
      ['Amy Archer', 'member', 'present'],
      ['Ben Baker', 'member', 'late'],
      ['Cat Cooper', 'member', 'excused'],
      ['Dan Dyer', 'member', 'present'],
    ]);
    const danLine = taken.body.lines.find((line: { user: { id: number } }) => line.user.id === dan.user.id);
    expect(danLine).toMatchObject({ reply: 'attending', checkedIn: true, minor: false });
    expect((await lena.client.get(`/api/events/${first}/register`)).body).toEqual(taken.body);
    // The live ratio counts who is there: Amy and Ben (Cat is excused; Dan gave no age), and no cleared leader yet.
    expect(taken.body.ratio).toEqual({ leaders: 0, minors: 2, required: 2, ok: false });
    expect(taken.body.rule).toEqual({ minLeadersPerEvent: 2, youthPerLeader: 8 });
    await clearAsLeader(admin.client, lena.user.id);
    const cleared = (await lena.client.get(`/api/events/${first}/register`)).body;
    expect(cleared.ratio).toEqual({ leaders: 1, minors: 2, required: 2, ok: false });
    const flags = (line: { user: { name: string }; minor: boolean; clearedLeader: boolean }) => [
      line.user.name,
      line.minor,
      line.clearedLeader,
    ];
    expect(cleared.lines.map(flags).slice(0, 2)).toEqual([
      ['Lena Leader', false, true],
      ['Amy Archer', true, false],
    ]);

    // Undoing the check-in takes back the mark it wrote; scanning again restores it.
    expect((await lena.client.delete(`/api/events/${first}/check-in/${dan.user.id}`)).status).toBe(200);
    expect((await lena.client.get(`/api/events/${first}/register`)).body.totals.unmarked).toBe(1);
    expect((await lena.client.post(`/api/events/${first}/check-in`, { userId: dan.user.id })).status).toBe(200);
    expect((await lena.client.get(`/api/events/${first}/register`)).body.totals.present).toBe(3);

    // A Scout cannot be put on the Cubs' register; bad marks and doubles are 400s with their reason.
    const outsider = await register(lena, first, [{ userId: sam.user.id, status: 'present' }]);
    expect(outsider.status).toBe(400);
    expect(outsider.body.error).toBe(
      `Only members who may come to this event can be on its register; these cannot: ${sam.user.id}`,
    );
    const badMark = await register(lena, first, [{ userId: amy.user.id, status: 'here' }]);
    expect(badMark.status).toBe(400);
    expect(badMark.body.error).toBe('A register mark is present, late, excused or absent.');
    const twice = await register(lena, first, [
      { userId: amy.user.id, status: 'present' },
      { userId: amy.user.id, status: 'absent' },
    ]);
    expect(twice.body.error).toBe('Each member can appear only once on the register.');
    expect((await register(lena, first, [])).status).toBe(400);
    expect((await lena.client.put(`/api/events/${first}/register`, { entries: 'all' })).status).toBe(400);

    // Only the meeting's managers: a Cub is refused, the Scouts' leader does not even see the Cubs' meeting.
    expect((await register(amy, first, [{ userId: amy.user.id, status: 'present' }])).status).toBe(403);
    expect((await amy.client.get(`/api/events/${first}/register`)).status).toBe(403);
    expect((await register(sid, first, [{ userId: amy.user.id, status: 'present' }])).status).toBe(404);
    expect((await lena.client.get(`/api/events/${scoutMeeting}/register`)).status).toBe(404);
    expect((await app.anonymous().get(`/api/events/${first}/register`)).status).toBe(401);

    const saved = await app.deps.prisma.auditEntry.findMany({ where: { action: 'register.saved' } });
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ actorId: lena.user.id, subjectType: 'event', subjectId: String(first) });
    expect(saved[0]!.details).toMatchObject({ entries: 4, present: 2, late: 1, excused: 1, absent: 0 });
  });

  it('When the registers are in, then the section’s attendance and CSV count each member and meeting', async () => {
    app.setNow(AFTER);
    const taken = await register(admin, second, [
      { userId: amy.user.id, status: 'absent' },
      { userId: ben.user.id, status: 'present' },
      { userId: dan.user.id, status: 'present' },
    ]);
    expect(taken.status, taken.text).toBe(200);

    const report = await lena.client.get(`/api/sections/${cubs}/attendance?from=2030-04-01&to=2030-04-30`);
    expect(report.status, report.text).toBe(200);
    expect(report.body.from).toBe('2030-04-01');
    expect(report.body.to).toBe('2030-04-30');
    expect(report.body.events).toEqual([
      { id: first, name: 'Cub meeting: knots', date: '2030-04-10T17:00:00.000Z', present: 4, minors: 2, leaders: 1 },
      { id: second, name: '=Campfire meeting', date: '2030-04-17T17:00:00.000Z', present: 2, minors: 1, leaders: 0 },
    ]);
    const line = (name: string, events: number, counts: [number, number, number, number], rate: number | null) => ({
      name,
      events,
      present: counts[0],
      late: counts[1],
      excused: counts[2],
      absent: counts[3],
      rate,
    });
    expect(
      report.body.members.map((member: AttendanceMember) =>
        line(
          member.user.name,
          member.events,
          [member.present, member.late, member.excused, member.absent],
          member.rate,
        ),
      ),
    ).toEqual([
      // Lena was not marked at the second meeting: unmarked on a register taken is absent.
      line('Lena Leader', 2, [1, 0, 0, 1], 0.5),
      line('Amy Archer', 2, [1, 0, 0, 1], 0.5),
      line('Ben Baker', 2, [1, 1, 0, 0], 1),
      // Excused meetings do not count against the rate.
      line('Cat Cooper', 2, [0, 0, 1, 1], 0),
      line('Dan Dyer', 2, [2, 0, 0, 0], 1),
    ]);
    // A range without the meetings has none; the default range (90 days to today) has both.
    const may = await lena.client.get(`/api/sections/${cubs}/attendance?from=2030-04-18&to=2030-04-30`);
    expect(may.body.events).toEqual([]);
    expect(may.body.members.every((member: { events: number }) => member.events === 0)).toBe(true);
    expect((await admin.client.get(`/api/sections/${cubs}/attendance`)).body.events).toHaveLength(2);

    const csv = await lena.client.get(`/api/sections/${cubs}/attendance.csv?from=2030-04-01&to=2030-04-30`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(
      `attachment; filename="attendance-section-${cubs}-2030-04-01-to-2030-04-30.csv"`,
    );
    // (The byte-order mark in front is read away by the decoder, as spreadsheets do.)
    expect(csv.text.split('\r\n')).toEqual([
      '"Date","Meeting","Register taken","Present","Under 11","11-13","14-17","18 and over","Age unknown","Minors","Leaders","Of them late","Excused","Absent"',
      '"2030-04-10","Cub meeting: knots","Yes","4","1","1","0","1","1","2","1","1","1","0"',
      // A meeting named like a formula stays text in a spreadsheet.
      `"2030-04-17","'=Campfire meeting","Yes","2","0","1","0","0","1","1","0","0","0","3"`,
      '',
    ]);
  });

  it('When someone other than the section’s leaders or an admin asks for its attendance, then it is refused', async () => {
    expect((await sid.client.get(`/api/sections/${cubs}/attendance`)).status).toBe(403);
    expect((await sid.client.get(`/api/sections/${cubs}/attendance.csv`)).status).toBe(403);
    expect((await lena.client.get(`/api/sections/${scouts}/attendance`)).status).toBe(403);
    const member = await amy.client.get(`/api/sections/${cubs}/attendance`);
    expect(member.status).toBe(403);
    expect(member.body.error).toBe('Only the section’s leaders and administrators can do that.');
    expect((await sid.client.get(`/api/sections/${scouts}/attendance`)).status).toBe(200);
    expect((await admin.client.get('/api/sections/999999/attendance')).status).toBe(404);
    const backwards = await lena.client.get(`/api/sections/${cubs}/attendance?from=2030-04-30&to=2030-04-01`);
    expect(backwards.status).toBe(400);
    expect(backwards.body.error).toBe(
      'Give from and to as dates (YYYY-MM-DD), from not after to, at most two years apart.',
    );
    expect((await lena.client.get(`/api/sections/${cubs}/attendance?from=2030-02-30`)).status).toBe(400);
    expect((await lena.client.get(`/api/sections/${cubs}/attendance?from=2020-01-01&to=2030-01-01`)).status).toBe(400);
  });

  it('When a manager names a cleared leader, then that leader takes the register and nothing more, until taken off', async () => {
    app.setNow(BEFORE);
    // Nia is a cleared adult and a Cub member: not the meeting's creator, not a leader of its section.
    const nia = await app.signedIn({ name: 'Nia Helper', birthDate: born('1988-08-08') });
    await clearAsLeader(admin.client, nia.user.id);
    expect((await admin.client.put(`/api/sections/${cubs}/members`, { add: [nia.user.id] })).status).toBe(200);
    const hikeBody = eventBody({ name: 'Cub meeting: hike', date: '2030-05-01T17:00:00.000Z', sectionId: cubs });
    const made = await lena.client.post('/api/events', hikeBody);
    expect(made.status, made.text).toBe(201);
    const hike = made.body.id as number;
    const mark = [{ userId: amy.user.id, status: 'present' }];
    const details = async () => (await nia.client.get(`/api/events/${hike}`)).body.mayTakeRegister as boolean;

    // Not named yet: a member of the section sees the meeting but not its register.
    expect(await details()).toBe(false);
    expect((await lena.client.get(`/api/events/${hike}`)).body.mayTakeRegister).toBe(true);
    expect((await nia.client.get(`/api/events/${hike}/register`)).status).toBe(403);
    expect((await register(nia, hike, mark)).status).toBe(403);

    const named = await lena.client.put(`/api/events/${hike}/leaders`, { userIds: [nia.user.id] });
    expect(named.status, named.text).toBe(200);
    expect(await details()).toBe(true);
    const taken = await register(nia, hike, mark);
    expect(taken.status, taken.text).toBe(200);
    expect(taken.body.totals.present).toBe(1);
    const read = await nia.client.get(`/api/events/${hike}/register`);
    expect(read.status, read.text).toBe(200);
    expect(read.body.lines.find((line: { user: { id: number } }) => line.user.id === amy.user.id).status).toBe(
      'present',
    );
    const saved = await app.deps.prisma.auditEntry.findMany({
      where: { action: 'register.saved', subjectId: String(hike) },
    });
    expect(saved.map((entry) => entry.actorId)).toEqual([nia.user.id]);

    // The register only: editing, nudging, the attendees' CSV and the leaders stay the managers'.
    const moved = await nia.client.patch(`/api/events/${hike}`, { ...hikeBody, name: 'Hike (moved)' });
    expect(moved.status, moved.text).toBe(403);
    expect((await nia.client.post(`/api/events/${hike}/nudge`, {})).status).toBe(403);
    expect((await nia.client.get(`/api/events/${hike}/attendees.csv`)).status).toBe(403);
    expect((await nia.client.get(`/api/events/${hike}/leaders`)).status).toBe(403);
    expect((await nia.client.put(`/api/events/${hike}/leaders`, { userIds: [] })).status).toBe(403);
    expect((await nia.client.get(`/api/events/${hike}`)).body.name).toBe('Cub meeting: hike');

    // Taken off the event, she loses the register at once (and the details say so, past a kept ETag).
    const tag = (await nia.client.get(`/api/events/${hike}`)).headers.get('etag');
    expect(tag).toMatch(/^W\//);
    expect((await lena.client.put(`/api/events/${hike}/leaders`, { userIds: [] })).status).toBe(200);
    const again = await nia.client.get(`/api/events/${hike}`, { headers: { 'If-None-Match': tag ?? '' } });
    expect(again.status).toBe(200);
    expect(again.body.mayTakeRegister).toBe(false);
    expect((await nia.client.get(`/api/events/${hike}/register`)).status).toBe(403);
    expect((await register(nia, hike, mark)).status).toBe(403);

    // A private meeting she was not invited to: named by a manager, she sees it and takes its register.
    const walkBody = eventBody({ name: 'Leaders’ night walk', date: '2030-05-02T19:00:00.000Z', isPublic: false });
    const secret = await admin.client.post('/api/events', walkBody);
    expect(secret.status, secret.text).toBe(201);
    const walk = secret.body.id as number;
    expect((await nia.client.get(`/api/events/${walk}/register`)).status).toBe(404);
    expect((await admin.client.put(`/api/events/${walk}/leaders`, { userIds: [nia.user.id] })).status).toBe(200);
    const walkRegister = await nia.client.get(`/api/events/${walk}/register`);
    expect(walkRegister.status, walkRegister.text).toBe(200);
    expect(walkRegister.body.eventId).toBe(walk);
    expect((await nia.client.patch(`/api/events/${walk}`, { ...walkBody, name: 'Night walk' })).status).toBe(403);
    const walkPage = await nia.client.get(`/api/events/${walk}`);
    expect(walkPage.status, walkPage.text).toBe(200);
    expect(walkPage.body).toMatchObject({ name: 'Leaders’ night walk', mayTakeRegister: true });
  });
});
