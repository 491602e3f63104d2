// The trip sheet as an event's leaders (its creator while an organiser, and admins) meet it over HTTP: who is on
// it and with what, who else is refused, the window that closes CARE_VISIBLE_DAYS after the event, the audit
// entries every download writes, and the CSV that keeps formulas as text — on PGlite and PostgreSQL.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/src/config';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody } from '../support/events';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

type Signed = { user: User; client: TestClient };

const NOW = new Date('2030-03-01T10:00:00.000Z');
const EVENT_DATE = '2030-06-01T09:00:00.000Z';
/** The event ends two hours after it starts (as in calendars); cards stay readable 7 days (the default) after. */
const VISIBLE_UNTIL = new Date(Date.parse(EVENT_DATE) + 2 * 3600_000 + 7 * 86_400_000);
const DAY = 86_400_000;
const CHILD_BIRTH = new Date('2016-06-02T00:00:00.000Z');
const ADULT_BIRTH = new Date('1990-01-15T00:00:00.000Z');
const ALLERGY = 'Peanuts: carries an EpiPen';
const CLOSED = 'The trip sheet is closed: care details are shown only until 7 days after the event.';

describe.each(DATABASE_KINDS)('the trip sheet on %s', (kind) => {
  let app: TestApp;
  let admin: Signed;
  let people = 0;

  beforeAll(async () => {
    // Sessions outlive the clock's moves from the replies to a week after the trip.
    app = await startTestApp(kind, { env: { SESSION_TTL_DAYS: '365' } });
    app.setNow(NOW);
    admin = await app.signedIn({ name: 'Ada Admin', isAdmin: true, role: 'admin', birthDate: ADULT_BIRTH });
  });
  afterAll(() => app.stop());
  beforeEach(() => app.setNow(NOW));

  const person = (name: string, data: Partial<User> = {}) =>
    app.signedIn({ name, googleEmail: `trip-${++people}-${kind}@example.org`, birthDate: ADULT_BIRTH, ...data });

  async function reply(who: Signed, eventId: number, status = 'attending') {
    const res = await who.client.post(`/api/events/${eventId}/attend`, { status });
    expect(res.status).toBe(200);
    return res.body.status as string;
  }

  /**
   * A trip of its own organiser's for 3 people that needs a guardian's approval: an adult attending with a
   * card and checked in, a minor awaiting a guardian (whose guardian keeps the card), another adult attending,
   * one waitlisted and one who said maybe.
   */
  async function trip() {
    const organiser = await person('Olga Organiser', { role: 'organiser' });
    const created = await organiser.client.post(
      '/api/events',
      eventBody({ name: 'Canoe trip', date: EVENT_DATE, capacity: 3, requiresGuardianApproval: true }),
    );
    expect(created.status).toBe(201);
    const eventId = created.body.id as number;

    const anna = await person('Anna Adult');
    expect(
      (await anna.client.put('/api/users/me/care', { allergies: ALLERGY, dietary: { needs: ['vegan'] } })).status,
    ).toBe(200);
    expect(await reply(anna, eventId)).toBe('attending');
    expect((await organiser.client.post(`/api/events/${eventId}/check-in`, { userId: anna.user.id })).status).toBe(200);

    const mia = await person('Mia Minor', { birthDate: CHILD_BIRTH, photoConsent: 'internal' });
    const gina = await person('Gina Guardian', { role: 'guardian', phoneNumber: '+4915112345678' });
    await app.deps.prisma.guardianship.create({ data: { guardianId: gina.user.id, childId: mia.user.id } });
    await app.deps.prisma.guardianConsent.create({
      data: { childId: mia.user.id, guardianId: gina.user.id, method: 'email_link', textVersion: 0 },
    });
    const contacts = [{ name: 'Gina Guardian', relation: 'Mother', phone: '+4915112345678' }];
    expect(
      (
        await gina.client.put(`/api/guardian/children/${mia.user.id}/care`, {
          medications: 'Inhaler',
          emergencyContacts: contacts,
        })
      ).status,
    ).toBe(200);
    expect(await reply(mia, eventId)).toBe('awaiting_guardian');

    const ben = await person('Ben Bare');
    expect(await reply(ben, eventId)).toBe('attending');
    const wes = await person('Wes Waiting');
    expect(await reply(wes, eventId)).toBe('waitlisted');
    const max = await person('Max Maybe');
    expect((await max.client.put('/api/users/me/care', { allergies: 'Wasps' })).status).toBe(200);
    expect(await reply(max, eventId, 'maybe')).toBe('maybe');
    return { organiser, eventId, anna, mia, gina, ben, wes, max };
  }

  async function audit(action: string, actorId: number) {
    const res = await admin.client.get(`/api/admin/audit?action=${action}&actorId=${actorId}`);
    expect(res.status).toBe(200);
    return res.body.entries as Array<{ subject: { type: string; id: string }; details: Record<string, unknown> }>;
  }

  it('When the organiser opens the trip sheet, then it lists those attending, awaiting a guardian or waitlisted, with card, age, check-in, guardians and photo consent, and not those who said maybe', async () => {
    const { organiser, eventId, anna, mia, ben, wes } = await trip();
    const res = await organiser.client.get(`/api/events/${eventId}/trip-sheet`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.event).toEqual({
      id: eventId,
      name: 'Canoe trip',
      date: EVENT_DATE,
      location: 'Lakeside camp',
      timeZone: 'UTC',
      careVisibleUntil: VISIBLE_UNTIL.toISOString(),
    });
    const empty = {
      allergies: null,
      medications: null,
      medicalNotes: null,
      dietary: { needs: [], notes: null },
      emergencyContacts: [],
    };
    const at = expect.any(String);
    expect(res.body.attendees).toEqual([
      {
        user: { id: anna.user.id, name: 'Anna Adult' },
        age: 40,
        status: 'attending',
        checkedIn: true,
        care: { ...empty, allergies: ALLERGY, dietary: { needs: ['vegan'], notes: null }, updatedAt: at },
        guardians: [],
        photoConsent: 'none',
        sensitiveAnswers: [],
      },
      {
        user: { id: ben.user.id, name: 'Ben Bare' },
        age: 40,
        status: 'attending',
        checkedIn: false,
        care: { ...empty, updatedAt: null },
        guardians: [],
        photoConsent: 'none',
        sensitiveAnswers: [],
      },
      {
        // Born 2016-06-02: still 13 on the day of the trip.
        user: { id: mia.user.id, name: 'Mia Minor' },
        age: 13,
        status: 'awaiting_guardian',
        checkedIn: false,
        care: {
          ...empty,
          medications: 'Inhaler',
          emergencyContacts: [{ name: 'Gina Guardian', relation: 'Mother', phone: '+4915112345678' }],
          updatedAt: at,
        },
        guardians: [{ name: 'Gina Guardian', phone: '+4915112345678', email: expect.stringMatching(/@example\.org$/) }],
        photoConsent: 'internal',
        sensitiveAnswers: [],
      },
      {
        user: { id: wes.user.id, name: 'Wes Waiting' },
        age: 40,
        status: 'waitlisted',
        checkedIn: false,
        care: { ...empty, updatedAt: null },
        guardians: [],
        photoConsent: 'none',
        sensitiveAnswers: [],
      },
    ]);
  });

  it('When the trip sheet is downloaded, then one trip_sheet.viewed entry and one care.viewed entry per saved card are written', async () => {
    const { organiser, eventId, anna, mia } = await trip();
    expect((await organiser.client.get(`/api/events/${eventId}/trip-sheet`)).status).toBe(200);
    expect((await organiser.client.get(`/api/events/${eventId}/trip-sheet.csv`)).status).toBe(200);

    const downloads = await audit('trip_sheet.viewed', organiser.user.id);
    expect(downloads.map((entry) => [entry.subject, entry.details])).toEqual([
      [
        { type: 'event', id: String(eventId) },
        { format: 'csv', rows: 4, cards: 2 },
      ],
      [
        { type: 'event', id: String(eventId) },
        { format: 'json', rows: 4, cards: 2 },
      ],
    ]);
    const cards = await audit('care.viewed', organiser.user.id);
    expect(cards.map((entry) => entry.subject.id).sort()).toEqual(
      [anna.user.id, mia.user.id, anna.user.id, mia.user.id].map(String).sort(),
    );
    for (const entry of cards) expect(entry.details).toEqual({ eventId, via: 'trip_sheet' });
  });

  it('When the event asks a sensitive question, then the sheet and its CSV carry each answer as text, the read is audited, and an erased member leaves none', async () => {
    const { organiser, eventId, anna } = await trip();
    const questions = await organiser.client.put(`/api/events/${eventId}/questions`, [
      { label: 'Medication to give on the trip', kind: 'text', required: false, sensitive: true },
      { label: 'T-shirt size', kind: 'single', options: ['S', 'M', 'L'], required: false, sensitive: false },
    ]);
    expect(questions.status).toBe(200);
    const [medication, shirt] = questions.body as Array<{ id: number }>;
    const answered = await anna.client.put(`/api/events/${eventId}/answers`, {
      answers: { [medication!.id]: 'Antihistamine at 8 pm', [shirt!.id]: 'M' },
    });
    expect(answered.status).toBe(200);

    const sheet = await organiser.client.get(`/api/events/${eventId}/trip-sheet`);
    expect(sheet.status).toBe(200);
    const rows = sheet.body.attendees as Array<{ user: { id: number }; sensitiveAnswers: unknown[] }>;
    expect(rows.find((row) => row.user.id === anna.user.id)!.sensitiveAnswers).toEqual([
      { question: 'Medication to give on the trip', answer: 'Antihistamine at 8 pm' },
    ]);
    expect(rows.filter((row) => row.user.id !== anna.user.id).every((row) => row.sensitiveAnswers.length === 0)).toBe(
      true,
    );
    const csv = await organiser.client.get(`/api/events/${eventId}/trip-sheet.csv`);
    expect(csv.text).toContain('Medication to give on the trip: Antihistamine at 8 pm');
    expect(csv.text).not.toContain('T-shirt');
    const reads = await audit('answers.sensitive_viewed', organiser.user.id);
    expect(reads.map((entry) => entry.details)).toEqual([
      { eventId, count: 1, via: 'care' },
      { eventId, count: 1, via: 'care' },
    ]);

    expect((await anna.client.request('DELETE', '/api/users/me', { confirm: true })).status).toBe(204);
    expect(await app.deps.prisma.registrationAnswer.count({ where: { userId: anna.user.id } })).toBe(0);
  });

  it('When a member who leads nothing, the organiser of another event, or the organiser after losing the role asks, then 403 and no card is read', async () => {
    const { organiser, eventId, anna } = await trip();
    const plain = anna;
    const other = await person('Otto Other', { role: 'organiser' });
    expect((await other.client.post('/api/events', eventBody({ name: 'Other trip' }))).status).toBe(201);
    const refused = async (who: Signed) => {
      for (const path of [`/api/events/${eventId}/trip-sheet`, `/api/events/${eventId}/trip-sheet.csv`]) {
        const res = await who.client.get(path);
        expect(res.status, path).toBe(403);
        expect(res.text).not.toContain('EpiPen');
      }
      expect(await audit('care.viewed', who.user.id)).toEqual([]);
      expect(await audit('trip_sheet.viewed', who.user.id)).toEqual([]);
    };
    await refused(plain);
    await refused(other);
    await app.deps.prisma.user.update({ where: { id: organiser.user.id }, data: { role: 'member' } });
    await refused(organiser);
  });

  it('When an admin opens the trip sheet of an event they did not create, then they get it', async () => {
    const { eventId, anna } = await trip();
    const res = await admin.client.get(`/api/events/${eventId}/trip-sheet`);
    expect(res.status).toBe(200);
    expect(res.body.attendees[0]).toMatchObject({ user: { id: anna.user.id }, care: { allergies: ALLERGY } });
  });

  it('When the event ended CARE_VISIBLE_DAYS ago, then the sheet still opens at that moment and a day later it is refused 403 for the organiser and admins', async () => {
    const { organiser, eventId } = await trip();
    app.setNow(VISIBLE_UNTIL);
    expect((await organiser.client.get(`/api/events/${eventId}/trip-sheet`)).status).toBe(200);
    app.setNow(new Date(VISIBLE_UNTIL.getTime() + DAY));
    for (const who of [organiser, admin]) {
      for (const path of [`/api/events/${eventId}/trip-sheet`, `/api/events/${eventId}/trip-sheet.csv`]) {
        const res = await who.client.get(path);
        expect(res.status, path).toBe(403);
        expect(res.body).toEqual({ code: 'trip_sheet_closed', error: CLOSED });
      }
    }
  });

  it('When the trip sheet is downloaded as CSV, then a card written as a formula stays text', async () => {
    const { organiser, eventId, ben } = await trip();
    const formula = '=HYPERLINK("https://evil.example","Click")';
    expect((await ben.client.put('/api/users/me/care', { allergies: formula, medicalNotes: '+1 cmd' })).status).toBe(
      200,
    );
    const res = await organiser.client.get(`/api/events/${eventId}/trip-sheet.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="trip-sheet-event-${eventId}.csv"`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const lines = res.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toMatch(/^"Name","Age","Status","Checked in","Allergies","Medications","Medical notes"/);
    const benLine = lines.find((line) => line.startsWith('"Ben Bare"'));
    expect(benLine).toContain(`"'=HYPERLINK(""https://evil.example"",""Click"")"`);
    expect(benLine).toContain(`"'+1 cmd"`);
    const miaLine = lines.find((line) => line.startsWith('"Mia Minor"'));
    expect(miaLine).toContain('"Gina Guardian (Mother) +4915112345678"');
    expect(miaLine).toContain('"Photos for organisers only"');
  });

  it('When the organiser reads the attendee list, the event and the attendee CSV, then no care detail is in them', async () => {
    const { organiser, eventId } = await trip();
    for (const path of [
      `/api/events/${eventId}`,
      `/api/events/${eventId}/attendees`,
      `/api/events/${eventId}/attendees.csv`,
    ]) {
      const res = await organiser.client.get(path);
      expect(res.status, path).toBe(200);
      expect(res.text, path).not.toContain('EpiPen');
      expect(res.text, path).not.toContain('Inhaler');
    }
  });
});

describe('CARE_VISIBLE_DAYS', () => {
  it('When it is set, then the trip sheet window follows it; left out it is 7 days; a value out of range stops start-up', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).careVisibleDays).toBe(7);
    expect(loadConfig({ NODE_ENV: 'test', CARE_VISIBLE_DAYS: '3' }).careVisibleDays).toBe(3);
    for (const value of ['-1', '366', '2.5', 'week']) {
      expect(() => loadConfig({ NODE_ENV: 'test', CARE_VISIBLE_DAYS: value })).toThrow(/CARE_VISIBLE_DAYS/);
    }
  });
});
