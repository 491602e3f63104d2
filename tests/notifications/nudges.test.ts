// Nudging the undecided: a section's leader reminds those of the meeting's audience who have not replied, each
// in their own language, a child's guardian in copy; nobody is nudged twice within a day, a press that would
// reach nobody new is a 429, and only the meeting's managers may nudge.
import type { User } from '@prisma/client';
import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody } from '../support/events';
import { deliverySuite } from './delivery-suite';

const CHILD_BIRTH_DATE = new Date('2018-05-02T00:00:00.000Z');
const DAY_MS = 86_400_000;

describe.each(DATABASE_KINDS)('nudges on %s', (kind) => {
  const suite = deliverySuite(kind, { clear: ['guardianship'] });

  it('When a leader nudges a meeting, then only those who have not replied are reminded, once a day', async () => {
    const { prisma } = suite.app.deps;
    const person = (name: string, data: Partial<User> = {}) =>
      prisma.user.create({
        data: { name, googleEmail: suite.email(name.toLowerCase()), notificationPrefs: ['email'], ...data },
      });
    const maria = await person('Maria Cub', { birthDate: CHILD_BIRTH_DATE });
    const kai = await person('Kai Cub', { language: 'de' });
    const tom = await person('Tom Cub');
    const leo = await person('Leo Leader');
    const gustav = await person('Gustav Guardian', { role: 'guardian' });
    const sam = await person('Sam Scout');
    await prisma.guardianship.create({ data: { guardianId: gustav.id, childId: maria.id } });
    const cubs = await suite.admin.client.post('/api/sections', { name: `Cubs ${suite.email('n')}`.slice(0, 60) });
    expect(cubs.status, cubs.text).toBe(201);
    const section = cubs.body.id as number;
    const add = [maria.id, kai.id, tom.id];
    expect((await suite.admin.client.put(`/api/sections/${section}/members`, { add })).status).toBe(200);
    expect((await suite.admin.client.put(`/api/sections/${section}/leaders`, { userIds: [leo.id] })).status).toBe(200);
    const leoClient = await suite.app.clientFor(leo);
    const tomClient = await suite.app.clientFor(tom);

    const start = suite.app.deps.now();
    const created = await leoClient.post(
      '/api/events',
      eventBody({
        name: 'Cub meeting',
        date: new Date(start.getTime() + 7 * DAY_MS).toISOString(),
        sectionId: section,
      }),
    );
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as number;
    expect((await tomClient.post(`/api/events/${id}/attend`, { status: 'attending' })).status).toBe(200);
    await suite.expandAll();

    // Only the meeting's managers nudge.
    const refused = await tomClient.post(`/api/events/${id}/nudge`, {});
    expect(refused.status).toBe(403);

    const nudged = await leoClient.post(`/api/events/${id}/nudge`, {});
    expect(nudged.status, nudged.text).toBe(202);
    // Maria and Kai: Tom replied, Leo nudged, the Scouts' Sam is not in the audience.
    expect(nudged.body).toEqual({ count: 2 });
    await suite.expandAll();
    const reminders = () => suite.app.outboxRows().then((rows) => rows.filter((row) => row.kind === 'nudge'));
    const sent = await reminders();
    const own = (user: User) =>
      sent.filter((row) => row.userId === user.id && !row.idempotencyKey.includes('guardian-'));
    expect(own(maria)).toHaveLength(1);
    expect(own(kai)).toHaveLength(1);
    expect(own(kai)[0]!.subject).toBe('Kommst du? Cub meeting');
    expect(own(maria)[0]!.subject).toBe('Will you come? Cub meeting');
    expect(own(maria)[0]!.body).toContain('You have not replied yet.');
    // Maria's guardian gets a copy about her.
    const copies = sent.filter((row) => row.userId === gustav.id);
    expect(copies).toHaveLength(1);
    expect(copies[0]!.idempotencyKey).toContain(`guardian-${gustav.id}`);
    for (const user of [tom, leo, sam]) expect(sent.filter((row) => row.userId === user.id)).toEqual([]);

    // Within the day: nobody new to remind is a 429 that says when to try again.
    const again = await leoClient.post(`/api/events/${id}/nudge`, {});
    expect(again.status).toBe(429);
    expect(again.body.error).toBe('Everyone who has not replied was reminded in the last 24 hours. Try again later.');
    expect(Number(again.headers.get('retry-after'))).toBe(24 * 60 * 60);
    // A member who joins meanwhile is nudged alone; the others are not reminded twice.
    const nina = await person('Nina Cub');
    expect((await suite.admin.client.put(`/api/sections/${section}/members`, { add: [nina.id] })).status).toBe(200);
    suite.app.setNow(new Date(start.getTime() + 60 * 60_000));
    const newcomer = await suite.admin.client.post(`/api/events/${id}/nudge`, {});
    expect(newcomer.status).toBe(202);
    expect(newcomer.body).toEqual({ count: 1 });
    await suite.expandAll();
    expect((await reminders()).filter((row) => row.userId === nina.id)).toHaveLength(1);
    expect((await reminders()).filter((row) => row.userId === kai.id)).toHaveLength(1);
    const tooSoon = await leoClient.post(`/api/events/${id}/nudge`, {});
    expect(tooSoon.status).toBe(429);
    expect(Number(tooSoon.headers.get('retry-after'))).toBe(23 * 60 * 60);

    // A day after the first nudge Maria and Kai may be reminded again (Nina, nudged an hour later, not yet); once
    // everyone replied there is nobody to remind (202, count 0).
    suite.app.setNow(new Date(start.getTime() + DAY_MS + 1000));
    const nextDay = await leoClient.post(`/api/events/${id}/nudge`, {});
    expect(nextDay.status).toBe(202);
    expect(nextDay.body).toEqual({ count: 2 });
    await suite.expandAll();
    expect((await reminders()).filter((row) => row.userId === kai.id)).toHaveLength(2);
    for (const user of [kai, nina]) {
      const client = await suite.app.clientFor(user);
      expect((await client.post(`/api/events/${id}/attend`, { status: 'not_attending' })).status).toBe(200);
    }
    await prisma.attendance.create({ data: { eventId: id, userId: maria.id, status: 'maybe' } });
    suite.app.setNow(new Date(start.getTime() + 2 * DAY_MS + 2000));
    expect((await leoClient.post(`/api/events/${id}/nudge`, {})).body).toEqual({ count: 0 });

    const audit = await prisma.auditEntry.findMany({ where: { action: 'event.nudged' }, orderBy: { id: 'asc' } });
    expect(audit.map((entry) => (entry.details as { recipients: number }).recipients)).toEqual([2, 1, 2]);

    // A meeting that has started is past nudging.
    suite.app.setNow(new Date(start.getTime() + 8 * DAY_MS));
    const late = await suite.admin.client.post(`/api/events/${id}/nudge`, {});
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('This event has already started: there is nobody left to remind.');
  });
});
