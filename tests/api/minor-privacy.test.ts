// Privacy by default for minors: other members see a minor by first name and last initial, with a picture only
// under photo consent "full"; the event's organisers and admins see the full name, the minor's consent, slip
// and photo state (attendee list and CSV); the member list organisers invite from names minors the short way.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody } from '../support/events';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

type Signed = { user: User; client: TestClient };
type Entry = { id: number | null; name: string; avatarUrl: string | null } & Record<string, unknown>;

const CHILD_BIRTH_DATE = new Date('2014-05-02T00:00:00.000Z');
const ADULT_BIRTH_DATE = new Date('1990-01-15T00:00:00.000Z');

let mails = 0;

describe.each(DATABASE_KINDS)('minors’ names and photos on %s', (kind) => {
  let app: TestApp;
  let admin: Signed;
  let organiser: Signed;
  let member: Signed;

  beforeAll(async () => {
    app = await startTestApp(kind);
    admin = await app.signedIn({ name: 'Ada Admin', isAdmin: true, googleEmail: `admin-${kind}@example.org` });
  });
  afterAll(() => app.stop());
  beforeEach(async () => {
    await app.deps.prisma.organisationSettings.updateMany({ data: { requireBirthDate: false } });
    organiser = await person({ name: 'Olga Organiser', role: 'organiser', birthDate: ADULT_BIRTH_DATE });
    member = await person({ name: 'Mark Member', birthDate: ADULT_BIRTH_DATE });
  });

  const person = (data: Partial<User> = {}) =>
    app.signedIn({ googleEmail: `p${++mails}-${kind}@example.org`, notificationPrefs: ['email'], ...data });

  /** A minor with a guardian's consent on record (given on paper), so they may reply and comment. */
  async function minor(data: Partial<User> = {}): Promise<Signed> {
    const child = await person({
      name: 'Maria Schmidt',
      birthDate: CHILD_BIRTH_DATE,
      avatarUrl: `https://pictures.example.org/child-${mails}.png`,
      ...data,
    });
    await app.deps.prisma.guardianConsent.create({
      data: { childId: child.user.id, method: 'paper', textVersion: 0, recordedBy: admin.user.id },
    });
    return child;
  }

  async function organisedEvent(): Promise<number> {
    const res = await organiser.client.post('/api/events', eventBody({ date: '2031-07-01T10:00:00.000Z' }));
    expect(res.status).toBe(201);
    return res.body.id as number;
  }
  async function attend(who: Signed, eventId: number) {
    const res = await who.client.post(`/api/events/${eventId}/attend`, { status: 'attending' });
    expect(res.status).toBe(200);
  }
  const attendees = async (who: Signed, eventId: number): Promise<Entry[]> => {
    const res = await who.client.get(`/api/events/${eventId}/attendees`);
    expect(res.status).toBe(200);
    return res.body as Entry[];
  };
  const entryOf = (list: Entry[], id: number) => list.find((entry) => entry.id === id);

  it('When a member looks at an event a minor attends and commented on, then the minor is "Maria S." without a picture', async () => {
    const id = await organisedEvent();
    const maria = await minor();
    await attend(maria, id);
    await attend(member, id);
    expect((await maria.client.post(`/api/events/${id}/comments`, { content: 'Can I bring my dog?' })).status).toBe(
      201,
    );

    const list = await attendees(member, id);
    expect(entryOf(list, maria.user.id)).toEqual({
      id: maria.user.id,
      name: 'Maria S.',
      avatarUrl: null,
      status: 'attending',
      guests: 0,
    });
    const comments = await member.client.get(`/api/events/${id}/comments`);
    expect(comments.body[0].user).toEqual({ id: maria.user.id, name: 'Maria S.', avatarUrl: null });
    for (const text of [JSON.stringify(list), comments.text]) {
      expect(text).not.toContain('Schmidt');
      expect(text).not.toContain('pictures.example.org');
    }

    // The minor sees themself as they are.
    expect(entryOf(await attendees(maria, id), maria.user.id)).toMatchObject({ name: 'Maria Schmidt' });
  });

  it('When names have several words or one, then the short name is the first name and the last initial', async () => {
    const id = await organisedEvent();
    const anna = await minor({ name: 'Anna Maria Schmidt' });
    const kim = await minor({ name: 'Kim' });
    const lena = await minor({ name: '  lena   van der berg ' });
    for (const child of [anna, kim, lena]) await attend(child, id);

    const list = await attendees(member, id);
    expect(entryOf(list, anna.user.id)?.name).toBe('Anna S.');
    expect(entryOf(list, kim.user.id)?.name).toBe('Kim');
    expect(entryOf(list, lena.user.id)?.name).toBe('lena B.');
  });

  it('When the event’s organiser or an admin looks, then they see full names and each attendee’s age, consent, slip and photo state', async () => {
    const id = await organisedEvent();
    const maria = await minor({ photoConsent: 'internal' });
    const noConsent = await person({ name: 'Nils Neu', birthDate: CHILD_BIRTH_DATE });
    await attend(maria, id);
    await attend(member, id);
    await app.deps.prisma.attendance.create({ data: { eventId: id, userId: noConsent.user.id, status: 'maybe' } });
    await app.deps.prisma.permissionSlip.create({
      data: { eventId: id, childId: maria.user.id, status: 'pending', expiresAt: new Date('2031-06-01T00:00:00Z') },
    });

    for (const viewer of [organiser, admin]) {
      const list = await attendees(viewer, id);
      expect(entryOf(list, maria.user.id)).toMatchObject({
        name: 'Maria Schmidt',
        avatarUrl: maria.user.avatarUrl,
        isMinor: true,
        guardianConsent: 'granted',
        permissionSlip: 'pending',
        photoConsent: 'internal',
        checkedIn: false,
      });
      expect(entryOf(list, noConsent.user.id)).toMatchObject({
        name: 'Nils Neu',
        isMinor: true,
        guardianConsent: 'required',
        permissionSlip: null,
        photoConsent: 'none',
      });
      expect(entryOf(list, member.user.id)).toMatchObject({
        name: 'Mark Member',
        isMinor: false,
        guardianConsent: 'not_needed',
        permissionSlip: null,
      });
    }
    // Other members never see these fields.
    const seen = await attendees(member, id);
    for (const entry of seen) {
      expect(entry).not.toHaveProperty('isMinor');
      expect(entry).not.toHaveProperty('guardianConsent');
      expect(entry).not.toHaveProperty('photoConsent');
      expect(entry).not.toHaveProperty('permissionSlip');
    }
  });

  it('When a guardian allows photos fully, for organisers only, or not at all, then each viewer sees the picture accordingly', async () => {
    const id = await organisedEvent();
    const full = await minor({ name: 'Frida Full', photoConsent: 'full' });
    const internal = await minor({ name: 'Ines Internal', photoConsent: 'internal' });
    const none = await minor({ name: 'Nora None', photoConsent: 'none' });
    for (const child of [full, internal, none]) await attend(child, id);
    for (const child of [full, internal, none]) {
      expect((await child.client.post(`/api/events/${id}/comments`, { content: 'Hello' })).status).toBe(201);
    }

    const byMember = await attendees(member, id);
    expect(entryOf(byMember, full.user.id)).toMatchObject({ name: 'Frida F.', avatarUrl: full.user.avatarUrl });
    expect(entryOf(byMember, internal.user.id)).toMatchObject({ name: 'Ines I.', avatarUrl: null });
    expect(entryOf(byMember, none.user.id)).toMatchObject({ name: 'Nora N.', avatarUrl: null });
    const memberComments = (await member.client.get(`/api/events/${id}/comments`)).body as Array<{ user: Entry }>;
    expect(memberComments.map((comment) => [comment.user.name, comment.user.avatarUrl])).toEqual([
      ['Frida F.', full.user.avatarUrl],
      ['Ines I.', null],
      ['Nora N.', null],
    ]);

    for (const viewer of [organiser, admin]) {
      const list = await attendees(viewer, id);
      expect(entryOf(list, full.user.id)).toMatchObject({ name: 'Frida Full', avatarUrl: full.user.avatarUrl });
      expect(entryOf(list, internal.user.id)).toMatchObject({
        name: 'Ines Internal',
        avatarUrl: internal.user.avatarUrl,
      });
      expect(entryOf(list, none.user.id)).toMatchObject({ name: 'Nora None', avatarUrl: null });
      const comments = (await viewer.client.get(`/api/events/${id}/comments`)).body as Array<{ user: Entry }>;
      expect(comments.map((comment) => comment.user.avatarUrl)).toEqual([
        full.user.avatarUrl,
        internal.user.avatarUrl,
        null,
      ]);
    }
  });

  it('When a guardian looks at an event their child attends, then they see their child’s full name', async () => {
    const id = await organisedEvent();
    const maria = await minor();
    const mother = await person({ name: 'Martha Schmidt', birthDate: ADULT_BIRTH_DATE });
    await app.deps.prisma.guardianship.create({ data: { guardianId: mother.user.id, childId: maria.user.id } });
    await attend(maria, id);

    expect(entryOf(await attendees(mother, id), maria.user.id)?.name).toBe('Maria Schmidt');
    expect(entryOf(await attendees(member, id), maria.user.id)?.name).toBe('Maria S.');
  });

  it('When an organiser opens the member list to invite people, then minors are there by short name; members get none', async () => {
    const maria = await minor({ photoConsent: 'internal' });

    const byOrganiser = await organiser.client.get('/api/users');
    expect(byOrganiser.status).toBe(200);
    const seen = (byOrganiser.body as Entry[]).find((entry) => entry.id === maria.user.id);
    expect(seen).toEqual({ id: maria.user.id, name: 'Maria S.', avatarUrl: null });
    expect(byOrganiser.text).not.toContain('Maria Schmidt');

    const byAdmin = await admin.client.get('/api/users');
    expect((byAdmin.body as Entry[]).find((entry) => entry.id === maria.user.id)).toMatchObject({
      name: 'Maria Schmidt',
    });

    // The admins' Members tab keeps minors, marked.
    const tab = await admin.client.get('/api/admin/members?limit=100');
    expect(tab.status).toBe(200);
    const listed = tab.body.members as Array<{ id: number; name: string; isMinor: boolean }>;
    expect(listed.find((entry) => entry.id === maria.user.id)).toMatchObject({ name: 'Maria Schmidt', isMinor: true });
    expect(listed.find((entry) => entry.id === member.user.id)).toMatchObject({ isMinor: false });

    const byMember = await member.client.get('/api/users');
    expect(byMember.status).toBe(403);
    expect(byMember.text).not.toContain('Maria');
    const byMinor = await maria.client.get('/api/users');
    expect(byMinor.status).toBe(403);
  });

  it('When the organisation requires birth dates, then a member who has not given one is shown like a minor until they do', async () => {
    const id = await organisedEvent();
    const unknown = await person({ name: 'Ulla Unknown', birthDate: null });
    await app.deps.prisma.attendance.create({ data: { eventId: id, userId: unknown.user.id, status: 'attending' } });

    expect(entryOf(await attendees(member, id), unknown.user.id)?.name).toBe('Ulla Unknown');
    const saved = await admin.client.patch('/api/admin/organisation', { requireBirthDate: true });
    expect(saved.status).toBe(200);
    expect(entryOf(await attendees(member, id), unknown.user.id)?.name).toBe('Ulla U.');
    // The organiser still sees who it is; an organiser without a birth date is no child.
    expect(entryOf(await attendees(organiser, id), unknown.user.id)).toMatchObject({
      name: 'Ulla Unknown',
      isMinor: false,
    });

    await app.deps.prisma.user.update({ where: { id: unknown.user.id }, data: { birthDate: ADULT_BIRTH_DATE } });
    expect(entryOf(await attendees(member, id), unknown.user.id)?.name).toBe('Ulla Unknown');
  });

  it('When the organiser exports the attendees, then the CSV has full names and the minor, consent, slip and photo columns in words', async () => {
    const id = await organisedEvent();
    const maria = await minor({ photoConsent: 'internal' });
    await attend(maria, id);
    await attend(member, id);
    await app.deps.prisma.permissionSlip.create({
      data: { eventId: id, childId: maria.user.id, status: 'approved', expiresAt: new Date('2031-06-01T00:00:00Z') },
    });

    const res = await organiser.client.get(`/api/events/${id}/attendees.csv`);
    expect(res.status).toBe(200);
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"Name","Status","Guests","Checked in","RSVP time","Minor","Guardian consent","Permission slip","Photos"',
    );
    const maryLine = lines.find((line) => line.startsWith('"Maria Schmidt"'));
    expect(maryLine).toMatch(/"Yes","Guardian consent given","Guardian approved","Photos for organisers only"$/);
    const markLine = lines.find((line) => line.startsWith('"Mark Member"'));
    expect(markLine).toMatch(/"No","Not needed","","No photos"$/);
  });
  it('When a minor organiser hosts an event, then its page names them "Maria S." without a picture to members and in full to admins', async () => {
    const maria = await minor({ role: 'organiser', photoConsent: 'internal' });
    const created = await maria.client.post('/api/events', eventBody({ date: '2031-07-02T10:00:00.000Z' }));
    expect(created.status).toBe(201);
    const id = created.body.id as number;

    const seenByMember = await member.client.get(`/api/events/${id}/host`);
    expect(seenByMember.status).toBe(200);
    expect(seenByMember.body).toEqual({ id: maria.user.id, name: 'Maria S.', avatarUrl: null });
    expect(seenByMember.text).not.toContain('Schmidt');

    // Admins organise every event: the full name, and the picture photo consent "internal" allows them.
    expect((await admin.client.get(`/api/events/${id}/host`)).body).toEqual({
      id: maria.user.id,
      name: 'Maria Schmidt',
      avatarUrl: maria.user.avatarUrl,
    });
    expect((await maria.client.get(`/api/events/${id}/host`)).body).toMatchObject({ name: 'Maria Schmidt' });
  });

  it('When an adult hosts, then every member sees their name and picture; a private event’s host is hidden like the event', async () => {
    const adult = await person({
      name: 'Olga Host',
      role: 'organiser',
      avatarUrl: 'https://pictures.example.org/olga.png',
    });
    const open = await adult.client.post('/api/events', eventBody({ date: '2031-07-03T10:00:00.000Z' }));
    const closed = await adult.client.post(
      '/api/events',
      eventBody({ date: '2031-07-04T10:00:00.000Z', isPublic: false }),
    );

    expect((await member.client.get(`/api/events/${open.body.id}/host`)).body).toEqual({
      id: adult.user.id,
      name: 'Olga Host',
      avatarUrl: 'https://pictures.example.org/olga.png',
    });
    const hidden = await member.client.get(`/api/events/${closed.body.id}/host`);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ code: 'event_not_found', error: MSG.eventNotFound });
  });
});
