// The organiser's tools over HTTP: the attendee CSV, check-in by id or pass, the member's pass,
// messages to attendees through the outbox and the opt-in RSVP digest. Creator or admin only.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

const eventBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Summer camp',
  description: 'A weekend by the lake',
  date: '2031-07-01T10:00:00.000Z',
  location: 'Lake camp',
  imageUrl: '/images/events/campfire.svg',
  isPublic: true,
  ...overrides,
});

let mails = 0;

describe.each(DATABASE_KINDS)('organiser tools on %s', (kind) => {
  let app: TestApp;
  let organiser: { user: User; client: TestClient };

  beforeAll(async () => {
    app = await startTestApp(kind);
    organiser = await app.signedIn({
      isAdmin: true,
      name: 'Olivia Organiser',
      googleEmail: `org-${kind}@example.org`,
      notificationPrefs: ['email'],
    });
  });
  afterAll(() => app.stop());

  async function createEvent(overrides: Record<string, unknown> = {}): Promise<number> {
    const res = await organiser.client.post('/api/events', eventBody(overrides));
    expect(res.status).toBe(201);
    return res.body.id as number;
  }
  const member = (data: Partial<User> = {}) =>
    app.signedIn({ googleEmail: `m${++mails}-${kind}@example.org`, notificationPrefs: ['email'], ...data });
  const attend = (client: TestClient, eventId: number, body: object = { status: 'attending' }) =>
    client.post(`/api/events/${eventId}/attend`, body);
  async function expandAllJobs() {
    while (await app.system.outbox.expandNext(app.deps.now(), 500));
  }

  it('When the organiser downloads the attendee CSV, then it lists everyone with formulas neutralised', async () => {
    const id = await createEvent({ guestsAllowed: 2 });
    const names = ['=HYPERLINK("http://evil.example")', '+SUM(A1)', '-2+3', '@cmd', '\tTabby', 'Quote "Q" Person'];
    for (const name of names) {
      const person = await member({ name, hideFromAttendees: name === '@cmd' });
      await attend(person.client, id, { status: 'attending', guests: name === '+SUM(A1)' ? 2 : 0 });
    }

    const res = await organiser.client.get(`/api/events/${id}/attendees.csv`);

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="attendees-event-${id}.csv"`);
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"Name","Status","Guests","Checked in","RSVP time","Minor","Guardian consent","Permission slip","Photos"',
    );
    const cells = lines.slice(1).map((line) => line.split('","')[0]!.slice(1));
    expect(cells.sort()).toEqual(
      [`'=HYPERLINK(""http://evil.example"")`, "'+SUM(A1)", "'-2+3", "'@cmd", "'\tTabby", 'Quote ""Q"" Person'].sort(),
    );
    expect(lines.find((line) => line.startsWith(`"'+SUM(A1)"`))).toContain('"Attending","2"');
    expect(res.text).not.toContain('@example.org');
  });

  it('When someone else asks for the CSV, check-in or a message, then it is 403 (401 signed out) and nothing changes', async () => {
    const id = await createEvent();
    const guest = await member();
    await attend(guest.client, id);
    const outsider = await member();
    for (const res of [
      await outsider.client.get(`/api/events/${id}/attendees.csv`),
      await outsider.client.post(`/api/events/${id}/check-in`, { userId: guest.user.id }),
      await outsider.client.delete(`/api/events/${id}/check-in/${guest.user.id}`),
      await outsider.client.post(`/api/events/${id}/messages`, { audience: 'attending', text: 'Hi all' }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: expect.any(String), error: 'Only the event’s creator or an admin can do this' });
    }
    expect((await app.anonymous().get(`/api/events/${id}/attendees.csv`)).status).toBe(401);
    expect((await guest.client.get(`/api/events/${id}/attendance`)).body.checkedIn).toBe(false);
    expect(await app.deps.prisma.notificationJob.count({ where: { eventId: id, kind: 'event_message' } })).toBe(0);
  });

  it('When the organiser scans a member’s pass, then the member is checked in once; undo takes it back', async () => {
    const id = await createEvent();
    const guest = await member({ name: 'Gina Guest' });
    await attend(guest.client, id);

    const pass = await guest.client.get(`/api/events/${id}/pass`);
    expect(pass.status).toBe(200);
    expect(pass.body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(Buffer.from(pass.body.token, 'base64url').toString('latin1')).not.toContain(String(guest.user.id));
    expect(pass.body.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    const scan = await organiser.client.post(`/api/events/${id}/check-in`, { pass: pass.body.token });
    expect(scan.status).toBe(200);
    expect(scan.body).toMatchObject({ userId: guest.user.id, name: 'Gina Guest', guests: 0, checkedIn: true });
    expect(scan.body.alreadyCheckedIn).toBeUndefined();
    const again = await organiser.client.post(`/api/events/${id}/check-in`, { userId: guest.user.id });
    expect(again.body).toMatchObject({ checkedIn: true, checkedInAt: scan.body.checkedInAt, alreadyCheckedIn: true });
    expect((await guest.client.get(`/api/events/${id}/attendance`)).body.checkedIn).toBe(true);
    const listed = await organiser.client.get(`/api/events/${id}/attendees`);
    expect(listed.body[0]).toMatchObject({ id: guest.user.id, checkedIn: true });

    const undo = await organiser.client.delete(`/api/events/${id}/check-in/${guest.user.id}`);
    expect(undo.body).toMatchObject({ userId: guest.user.id, checkedIn: false, checkedInAt: null });
    expect((await guest.client.get(`/api/events/${id}/attendance`)).body.checkedIn).toBe(false);
  });

  it('When a pass is forged, altered, or for another event, or the member is not attending, then check-in is refused', async () => {
    const id = await createEvent();
    const other = await createEvent({ name: 'Another event' });
    const guest = await member();
    const absent = await member();
    await attend(guest.client, id);
    await attend(guest.client, other);
    await attend(absent.client, id, { status: 'not_attending' });
    const token = (await guest.client.get(`/api/events/${other}/pass`)).body.token as string;
    const altered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');

    for (const [body, status, error] of [
      [{ pass: token }, 400, 'This pass is not valid for this event'],
      [{ pass: altered }, 400, 'This pass is not valid for this event'],
      [{ pass: 'x'.repeat(60) }, 400, 'This pass is not valid for this event'],
      [{ pass: 'not a pass!' }, 400, 'This pass is not valid for this event'],
      [{ userId: absent.user.id }, 409, 'Only members who are attending can be checked in'],
      [{ userId: 987654 }, 409, 'Only members who are attending can be checked in'],
      [{}, 400, 'Send the userId or the pass of the member to check in'],
      [{ userId: -1 }, 400, 'Send the userId or the pass of the member to check in'],
    ] as const) {
      const res = await organiser.client.post(`/api/events/${id}/check-in`, body);
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ code: expect.any(String), error });
    }
    const absentPass = await absent.client.get(`/api/events/${id}/pass`);
    expect(absentPass.status).toBe(409);
    expect(absentPass.body).toEqual({
      code: expect.any(String),
      error: 'Only members who are attending have an event pass',
    });
    expect(await app.deps.prisma.attendance.count({ where: { eventId: id, checkedInAt: { not: null } } })).toBe(0);
  });

  it('When the organiser messages those attending, then exactly they are told on their channels through the outbox', async () => {
    const id = await createEvent({ capacity: 1 });
    const [coming, waiting, unsure, out] = [await member(), await member(), await member(), await member()];
    await attend(coming.client, id);
    await attend(waiting.client, id);
    await attend(unsure.client, id, { status: 'maybe' });
    await attend(out.client, id, { status: 'not_attending' });

    const sent = await organiser.client.post(`/api/events/${id}/messages`, {
      audience: 'attending',
      text: 'Bring <b>boots</b> & a torch!',
    });
    expect(sent.status).toBe(202);
    expect(sent.body).toEqual({ recipients: 1 });
    expect(
      (await organiser.client.post(`/api/events/${id}/messages`, { audience: 'waitlisted', text: 'Hang on' })).body,
    ).toEqual({ recipients: 1 });

    await expandAllJobs();
    const rows = await app.deps.prisma.outboxMessage.findMany({ where: { kind: 'event_message' } });
    const byUser = new Map(rows.map((row) => [row.userId, row]));
    expect([...byUser.keys()].sort()).toEqual([coming.user.id, waiting.user.id].sort());
    const mail = byUser.get(coming.user.id)!;
    expect(mail.channel).toBe('email');
    expect(mail.body).toContain('Bring <b>boots</b> & a torch!');
    expect(mail.html).toContain('Bring &lt;b&gt;boots&lt;/b&gt; &amp; a torch!');
    expect(mail.subject).toBe('Message about Summer camp');

    for (const body of [
      { audience: 'everyone', text: 'x' },
      { audience: 'maybe', text: '   ' },
      { audience: 'maybe' },
    ]) {
      expect((await organiser.client.post(`/api/events/${id}/messages`, body)).status).toBe(400);
    }
    const tooLong = await organiser.client.post(`/api/events/${id}/messages`, {
      audience: 'maybe',
      text: 'x'.repeat(2001),
    });
    expect(tooLong.status).toBe(400);
  });

  it('When the organiser opted in to the digest, then RSVPs bring at most one message an hour', async () => {
    const id = await createEvent({ rsvpDigest: true, capacity: 10 });
    const start = new Date(Date.now() + 60_000);
    app.setNow(start);
    try {
      for (const person of [await member(), await member()]) await attend(person.client, id);
      await expandAllJobs();
      const first = await app.deps.prisma.outboxMessage.findMany({ where: { kind: 'rsvp_digest' } });
      expect(first.map((row) => row.userId)).toEqual([organiser.user.id]);
      expect(first[0]!.body).toContain('2 people attending of 10 (8 spots left)');

      // Within the hour: the next digest waits for the hour to pass, and collects every RSVP meanwhile.
      for (const person of [await member(), await member()]) await attend(person.client, id);
      await expandAllJobs();
      expect(await app.deps.prisma.outboxMessage.count({ where: { kind: 'rsvp_digest' } })).toBe(1);
      expect(await app.deps.prisma.notificationJob.count({ where: { eventId: id, kind: 'rsvp_digest' } })).toBe(2);

      app.setNow(new Date(start.getTime() + 61 * 60_000));
      await expandAllJobs();
      const rows = await app.deps.prisma.outboxMessage.findMany({
        where: { kind: 'rsvp_digest' },
        orderBy: { id: 'asc' },
      });
      expect(rows).toHaveLength(2);
      expect(rows[1]!.body).toContain('4 people attending of 10');
    } finally {
      app.setNow(new Date());
    }
  });
});
