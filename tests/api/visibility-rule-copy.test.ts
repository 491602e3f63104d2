// Who may see an event is written twice: visibleToSql (every read of events) and its SQL copy calendar_may_see
// (the calendar triggers, which decide whose feed gets a cancellation). Both are asked of every pair of people
// and events in an organisation with sections, invitations, guardians and named leaders; a clause added to one
// and not the other fails here, instead of feeds keeping events their owners may no longer see.
import type { User } from '@prisma/client';
import { Prisma as PrismaTypes } from '@prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visibleToSql } from '../../api/src/modules/events/event-visibility-repository';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody } from '../support/events';
import { startTestApp, type TestApp } from '../support/test-app';

interface Answer {
  userId: number;
  eventId: number;
  copy: boolean;
  rule: boolean;
}

const PEOPLE = ['creator', 'invitee', 'named', 'cub', 'cubLeader', 'parent', 'scout', 'outsider'] as const;
type Person = 'admin' | (typeof PEOPLE)[number];

describe.each(DATABASE_KINDS)('the visibility rule and its SQL copy on %s', (kind) => {
  let app: TestApp;
  let people: Record<Person, User>;
  /** Each event's id by its name ("public all", "private cubs", …). */
  const events = new Map<string, number>();
  const eventId = (name: string) => events.get(name)!;

  beforeAll(async () => {
    app = await startTestApp(kind);
    const prisma = app.deps.prisma;
    const admin = await app.signedIn({ name: 'Ada Admin', isAdmin: true, role: 'admin' });
    const others: Array<[Person, User]> = [];
    for (const name of PEOPLE) others.push([name, (await app.signedIn({ name: `Pat ${name}` })).user]);
    people = Object.fromEntries([['admin', admin.user], ...others]) as Record<Person, User>;
    const cubs = await prisma.section.create({ data: { name: 'Cubs' } });
    const scouts = await prisma.section.create({ data: { name: 'Scouts' } });
    await prisma.sectionMember.createMany({
      data: [
        { sectionId: cubs.id, userId: people.cub.id },
        { sectionId: cubs.id, userId: people.cubLeader.id, role: 'leader' },
        { sectionId: scouts.id, userId: people.scout.id },
        { sectionId: scouts.id, userId: people.named.id, role: 'leader' },
      ],
    });
    await prisma.guardianship.create({ data: { guardianId: people.parent.id, childId: people.cub.id } });
    const sections = [
      [undefined, 'all'],
      [cubs.id, 'cubs'],
      [scouts.id, 'scouts'],
    ] as const;
    for (const [sectionId, where] of sections) {
      for (const isPublic of [true, false]) {
        const name = `${isPublic ? 'public' : 'private'} ${where}`;
        const made = await admin.client.post('/api/events', eventBody({ name, sectionId, isPublic }));
        expect(made.status, made.text).toBe(201);
        events.set(name, made.body.id as number);
      }
    }
    await prisma.event.updateMany({
      where: { id: { in: [...events.values()] } },
      data: { creatorId: people.creator.id },
    });
    // The invitee is invited to the private events of the organisation and of the Cubs; the Scout leader is named
    // on both Cubs events and on the organisation's private one.
    await prisma.invitation.createMany({
      data: ['private all', 'private cubs'].map((name) => ({ eventId: eventId(name), userId: people.invitee.id })),
    });
    await prisma.eventLeader.createMany({
      data: ['public cubs', 'private cubs', 'private all'].map((name) => ({
        eventId: eventId(name),
        userId: people.named.id,
      })),
    });
  });
  afterAll(() => app.stop());

  it('When each person is asked about each event, then the rule and the calendar triggers’ copy answer alike', async () => {
    const userIds = Object.values(people).map((user) => user.id);
    const eventIds = [...events.values()];
    for (const perRow of [false, true]) {
      const rule = visibleToSql(PrismaTypes.sql`u.id`, PrismaTypes.sql`u.is_admin`, perRow);
      // The rule says NULL (not false) where an event of no section meets a section leader's `IN`: reads use it
      // in WHERE and ON only, where NULL hides the row as false does.
      const answers = await app.deps.prisma.$queryRaw<Answer[]>`
        SELECT u.id AS "userId", e.id AS "eventId", calendar_may_see(e, u.id) AS copy, COALESCE(${rule}, false) AS rule
          FROM users u CROSS JOIN events e
         WHERE u.id IN (${PrismaTypes.join(userIds)}) AND e.id IN (${PrismaTypes.join(eventIds)})`;
      expect(answers).toHaveLength(userIds.length * eventIds.length);
      expect(answers.filter((answer) => answer.copy !== answer.rule)).toEqual([]);

      const sees = (who: Person) =>
        [...events]
          .filter(([, id]) => answers.some((row) => row.userId === people[who].id && row.eventId === id && row.rule))
          .map(([name]) => name)
          .sort();
      // The fixtures hold each clause: named leaders, invitations, sections, guardians, creators and admins.
      const everything = [...events.keys()].sort();
      expect(sees('named')).toEqual(everything);
      expect(sees('invitee')).toEqual(['private all', 'private cubs', 'public all']);
      expect(sees('scout')).toEqual(['public all', 'public scouts']);
      expect(sees('cub')).toEqual(['public all', 'public cubs']);
      expect(sees('parent')).toEqual(['public all', 'public cubs']);
      expect(sees('cubLeader')).toEqual(['private cubs', 'public all', 'public cubs']);
      expect(sees('outsider')).toEqual(['public all']);
      expect(sees('creator')).toEqual(everything);
      expect(sees('admin')).toEqual(everything);
    }
  });
});
