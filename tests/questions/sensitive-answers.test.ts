// The managers' view of registration answers: the answers list and the attendee CSV, sensitive answers only for
// the event's leaders and each read audited without the answers' words, and sensitive answers deleted
// SENSITIVE_ANSWERS_DAYS after the event by the worker's scan, once however many instances run it.
import type { User } from '@prisma/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_EVENT_DURATION_MS } from '../../shared/calendar';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody } from '../support/events';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

type Person = { user: User; client: TestClient };
const DAY = 24 * 60 * 60 * 1000;

describe.each(DATABASE_KINDS)('sensitive registration answers on %s', (kind) => {
  let app: TestApp;
  let organiser: Person;
  let admin: Person;

  beforeAll(async () => {
    app = await startTestApp(kind, { env: { SENSITIVE_ANSWERS_DAYS: '10' } });
    organiser = await app.signedIn({ role: 'organiser', name: 'Olga Organiser' });
    admin = await app.signedIn({ role: 'admin', isAdmin: true, name: 'Avery Admin' });
  });
  // A test that moved the clock leaves it at the present for the next.
  afterEach(() => app.setNow(new Date()));
  afterAll(() => app.stop());

  /** An event with a plain and a sensitive question, and two members who answered both. */
  async function answeredEvent(date = '2030-06-01T18:30:00.000Z') {
    const created = await organiser.client.post('/api/events', eventBody({ name: 'Lake camp', date }));
    const id = created.body.id as number;
    const put = await organiser.client.put(`/api/events/${id}/questions`, [
      { label: 'Bunk', kind: 'single', options: ['Top', 'Bottom'], required: true, sensitive: false },
      { label: 'Medication', kind: 'text', required: false, sensitive: true },
    ]);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const [bunk, medication] = (put.body as Array<{ id: number }>).map((question) => question.id) as [number, number];
    const members: Person[] = [];
    for (const [name, place, pills] of [
      ['Mia Member', 'Top', 'Inhaler'],
      ['Max Member', 'Bottom', 'Insulin'],
    ] as const) {
      const member = await app.signedIn({ name });
      const res = await member.client.post(`/api/events/${id}/attend`, {
        status: 'attending',
        answers: { [bunk]: place, [medication]: pills },
      });
      expect(res.status).toBe(200);
      members.push(member);
    }
    return { id, bunk, medication, members };
  }

  async function auditEntries(action: string, client = admin.client) {
    const res = await client.get(`/api/admin/audit?action=${action}`);
    expect(res.status).toBe(200);
    return res.body.entries as Array<{ actor: { id: number } | null; details: Record<string, unknown> }>;
  }

  it('When a leader reads the answers, then they get everyone’s, sensitive ones too, and the read is audited without the words', async () => {
    const { id, bunk, medication, members } = await answeredEvent();
    const before = (await auditEntries('answers.sensitive_viewed')).length;

    for (const leader of [organiser, admin]) {
      const res = await leader.client.get(`/api/events/${id}/answers`);
      expect(res.status).toBe(200);
      expect(res.body.questions.map((q: { label: string }) => q.label)).toEqual(['Bunk', 'Medication']);
      expect(res.body.attendees).toEqual(
        expect.arrayContaining([
          {
            user: { id: members[0]!.user.id, name: 'Mia Member' },
            status: 'attending',
            answers: { [bunk]: 'Top', [medication]: 'Inhaler' },
          },
          {
            user: { id: members[1]!.user.id, name: 'Max Member' },
            status: 'attending',
            answers: { [bunk]: 'Bottom', [medication]: 'Insulin' },
          },
        ]),
      );
    }

    const entries = await auditEntries('answers.sensitive_viewed');
    expect(entries.length).toBe(before + 2);
    expect(entries.slice(0, 2).map((entry) => entry.actor?.id)).toEqual([admin.user.id, organiser.user.id]);
    expect(entries[0]!.details).toEqual({ eventId: id, count: 2, via: 'answers' });
    expect(JSON.stringify(entries)).not.toMatch(/Inhaler|Insulin/);
  });

  it('When a member or an organiser of another event asks for the answers, then it is 403', async () => {
    const { id, members } = await answeredEvent();
    const otherOrganiser = await app.signedIn({ role: 'organiser' });
    await otherOrganiser.client.post('/api/events', eventBody({ name: 'Their own event' }));
    for (const person of [members[0]!, otherOrganiser]) {
      const res = await person.client.get(`/api/events/${id}/answers`);
      expect(res.status).toBe(403);
      expect(JSON.stringify(res.body)).not.toMatch(/Inhaler|Insulin/);
    }
  });

  it('When the organiser downloads the CSV, then it has a column per plain question, and sensitive ones only with ?sensitive=true, audited', async () => {
    const { id } = await answeredEvent();
    const rows = (text: string) =>
      text
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
    const before = (await auditEntries('answers.sensitive_viewed')).length;

    const plain = await organiser.client.get(`/api/events/${id}/attendees.csv`);
    expect(plain.status).toBe(200);
    expect(rows(plain.text)[0]).toMatch(/,"Photos","Bunk"$/);
    expect(plain.text).toContain('"Top"');
    expect(plain.text).not.toMatch(/Medication|Inhaler|Insulin/);
    expect(await auditEntries('answers.sensitive_viewed')).toHaveLength(before);

    const full = await organiser.client.get(`/api/events/${id}/attendees.csv?sensitive=true`);
    expect(full.status).toBe(200);
    const lines = rows(full.text);
    expect(lines[0]).toMatch(/,"Photos","Bunk","Medication"$/);
    expect(lines.find((line) => line.startsWith('"Mia Member"'))).toMatch(/,"Top","Inhaler"$/);
    const [entry] = await auditEntries('answers.sensitive_viewed');
    expect(entry!.details).toEqual({ eventId: id, count: 2, via: 'csv' });
    expect(JSON.stringify(entry)).not.toMatch(/Inhaler|Insulin/);
  });

  it('When SENSITIVE_ANSWERS_DAYS have passed since the event ended, then the workers delete its sensitive answers once, audited with counts only', async () => {
    // Before every other event of this file, so only its answers fall due.
    const start = '2029-03-01T10:00:00.000Z';
    const { id, bunk, medication } = await answeredEvent(start);
    const due = Date.parse(start) + DEFAULT_EVENT_DURATION_MS + 10 * DAY;

    // A minute early, the scan leaves them.
    app.setNow(new Date(due - 60_000));
    expect(await app.system.services.questions.purgeDue()).toBe(0);

    app.setNow(new Date(due + 1000));
    // Sessions from today have expired by then: fresh ones.
    const [later, leader] = [await app.clientFor(admin.user), await app.clientFor(organiser.user)];
    const workers = [0, 1].map(() => app.system.createWorker({ pollIntervalMs: 50 }));
    for (const worker of workers) worker.start();
    try {
      await expect.poll(async () => (await auditEntries('answers.purged', later)).length, { timeout: 15_000 }).toBe(1);
      // Both instances scanned again meanwhile: still one entry.
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      for (const worker of workers) await worker.stop();
    }
    const purged = await auditEntries('answers.purged', later);
    expect(purged).toHaveLength(1);
    expect(purged[0]!.actor).toBeNull();
    expect(purged[0]!.details).toEqual({ answers: 2, events: 1, days: 10 });

    const left = await leader.get(`/api/events/${id}/answers`);
    for (const attendee of left.body.attendees as Array<{ answers: Record<string, string> }>) {
      expect(attendee.answers[medication]).toBeUndefined();
      expect(attendee.answers[bunk]).toBeDefined();
    }
    const csv = await leader.get(`/api/events/${id}/attendees.csv?sensitive=true`);
    expect(csv.text).not.toMatch(/Inhaler|Insulin/);
    expect(await app.deps.prisma.registrationAnswer.count({ where: { questionId: medication } })).toBe(0);
  });

  it('When the event is deleted, then every answer goes with it', async () => {
    const { id, bunk } = await answeredEvent();
    expect((await organiser.client.delete(`/api/events/${id}`)).status).toBe(204);
    expect(await app.deps.prisma.registrationAnswer.count({ where: { questionId: bunk } })).toBe(0);
    expect(await app.deps.prisma.registrationAnswer.count({ where: { eventId: id } })).toBe(0);
  });
});
