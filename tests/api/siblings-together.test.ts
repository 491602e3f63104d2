// A guardian replying for several children at once (forUserIds) and "together" (all of them or none): over
// HTTP on PGlite and PostgreSQL — who may, the answers each child gets, the block on the waitlist promoted whole,
// and 20 guardians racing for a nearly full event (on PostgreSQL through two instances of the app).
import type { User } from '@prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSystem } from '../../api/src/system/create-system';
import { MSG } from '../../shared/messages';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody } from '../support/events';
import { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

type Person = { user: User; client: TestClient };
type Family = Person & { children: User[] };

describe.each(DATABASE_KINDS)('siblings replying together on %s', (kind) => {
  let app: TestApp;
  let admin: Person;
  let familyCount = 0;
  const stopAlso: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    app = await startTestApp(kind);
    await app.deps.prisma.organisationSettings.updateMany({ data: { requireBirthDate: false } });
    admin = await app.signedIn({ name: 'Ada Admin', isAdmin: true, role: 'admin' });
  });
  afterAll(async () => {
    for (const stop of stopAlso) await stop();
    await app.stop();
  });

  /** A guardian account with `count` children, each with the guardian's consent. */
  async function family(count: number): Promise<Family> {
    familyCount += 1;
    const { prisma } = app.deps;
    const guardian = await app.signedIn({ name: `Parent ${familyCount}`, role: 'guardian' });
    const children: User[] = [];
    for (let index = 0; index < count; index += 1) {
      const child = await prisma.user.create({
        data: { name: `Child ${familyCount}-${index} Family${familyCount}`, birthDate: new Date('2015-04-01') },
      });
      await prisma.guardianship.create({ data: { guardianId: guardian.user.id, childId: child.id } });
      await prisma.guardianConsent.create({
        data: { childId: child.id, guardianId: guardian.user.id, method: 'email_link', textVersion: 0 },
      });
      children.push(child);
    }
    return { ...guardian, children };
  }

  async function createEvent(capacity: number | undefined, filled = 0): Promise<number> {
    const res = await admin.client.post('/api/events', eventBody({ ...(capacity ? { capacity } : {}) }));
    expect(res.status).toBe(201);
    const id = res.body.id as number;
    for (let index = 0; index < filled; index += 1) {
      const member = await app.signedIn();
      expect((await member.client.post(`/api/events/${id}/attend`, { status: 'attending' })).body.status).toBe(
        'attending',
      );
    }
    return id;
  }

  const rowsOf = (eventId: number) =>
    app.deps.prisma.attendance.findMany({ where: { eventId }, orderBy: [{ waitlistedAt: 'asc' }, { id: 'asc' }] });
  const attendingPeople = async (eventId: number) =>
    (await app.deps.prisma.event.findUniqueOrThrow({ where: { id: eventId } })).attendingPeople;
  const ids = (people: User[]) => people.map((person) => person.id);

  it('When a guardian names a child who is not theirs, or themself, then it is 403 and no child gets a reply', async () => {
    const eventId = await createEvent(10);
    const mine = await family(2);
    const other = await family(1);
    for (const forUserIds of [
      [...ids(mine.children), other.children[0]!.id],
      [mine.children[0]!.id, mine.user.id],
    ]) {
      const res = await mine.client.post(`/api/events/${eventId}/attend`, { status: 'attending', forUserIds });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: MSG.notGuardianOf, code: 'not_guardian_of' });
    }
    // A member who is nobody's guardian is refused the same way.
    const stranger = await app.signedIn();
    const res = await stranger.client.post(`/api/events/${eventId}/attend`, {
      status: 'attending',
      forUserIds: ids(mine.children),
      together: true,
    });
    expect(res.status).toBe(403);
    expect(await rowsOf(eventId)).toEqual([]);
  });

  it('When the siblings fields are malformed, then each is a clear 400', async () => {
    const eventId = await createEvent(10);
    const mine = await family(2);
    const [first, second] = ids(mine.children);
    const bodies = [
      { status: 'attending', forUserIds: [] },
      { status: 'attending', forUserIds: [first, first] },
      { status: 'attending', forUserIds: [first], forUserId: second },
      { status: 'attending', forUserIds: ['x'] },
      { status: 'attending', together: true },
      { status: 'attending', forUserIds: Array.from({ length: 11 }, (_v, index) => index + 1) },
    ];
    for (const body of bodies) {
      const res = await mine.client.post(`/api/events/${eventId}/attend`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 'for_user_ids_invalid', error: MSG.forUserIdsInvalid });
    }
    const answersFor = await mine.client.post(`/api/events/${eventId}/attend`, {
      status: 'attending',
      forUserIds: [first],
      answersFor: { [String(second)]: {} },
    });
    expect(answersFor.status).toBe(400);
    expect(answersFor.body).toMatchObject({ code: 'answers_for_invalid' });
    const together = await mine.client.post(`/api/events/${eventId}/attend`, {
      status: 'attending',
      forUserIds: [first],
      together: 'yes',
    });
    expect(together.status).toBe(400);
    expect(together.body.error).toBe('together must be true or false');
    expect(await rowsOf(eventId)).toEqual([]);
  });

  it('When three siblings ask together for two free places, then all three wait as one block, a single member behind them still gets a freed place, and the block is promoted whole once three are free', async () => {
    const eventId = await createEvent(5, 3);
    const siblings = await family(3);
    const res = await siblings.client.post(`/api/events/${eventId}/attend`, {
      status: 'attending',
      forUserIds: ids(siblings.children),
      together: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      replies: siblings.children.map((child, index) => ({
        userId: child.id,
        status: 'waitlisted',
        guests: 0,
        waitlistPosition: index + 1,
      })),
      together: true,
      attendingCount: 3,
      spotsLeft: 2,
      waitlistCount: 3,
    });
    const blockRows = (await rowsOf(eventId)).filter((row) => row.status === 'waitlisted');
    expect(new Set(blockRows.map((row) => row.togetherBlock)).size).toBe(1);
    expect(blockRows[0]!.togetherBlock).not.toBeNull();
    expect(new Set(blockRows.map((row) => row.waitlistedAt?.toISOString())).size).toBe(1);

    // Asked again, the block keeps its place.
    const again = await siblings.client.post(`/api/events/${eventId}/attend`, {
      status: 'attending',
      forUserIds: ids(siblings.children),
      together: true,
    });
    expect(again.body.replies.map((reply: { waitlistPosition: number }) => reply.waitlistPosition)).toEqual([1, 2, 3]);

    // A single member behind the block takes a free place: the block does not hold up those it does not fit.
    const single = await app.signedIn();
    const singleReply = await single.client.post(`/api/events/${eventId}/attend`, { status: 'attending' });
    expect(singleReply.body).toMatchObject({ status: 'attending', attendingCount: 4 });
    const late = await app.signedIn();
    expect((await late.client.post(`/api/events/${eventId}/attend`, { status: 'attending' })).body.status).toBe(
      'attending',
    );
    const lateWaiter = await app.signedIn();
    expect((await lateWaiter.client.post(`/api/events/${eventId}/attend`, { status: 'attending' })).body).toMatchObject(
      { status: 'waitlisted', waitlistPosition: 4 },
    );

    // One place frees: the next single (behind the block) gets it, never one sibling alone.
    await single.client.post(`/api/events/${eventId}/attend`, { status: 'not_attending' });
    let rows = await rowsOf(eventId);
    expect(rows.filter((row) => ids(siblings.children).includes(row.userId)).map((row) => row.status)).toEqual([
      'waitlisted',
      'waitlisted',
      'waitlisted',
    ]);
    expect(rows.find((row) => row.userId === lateWaiter.user.id)?.status).toBe('attending');

    // Three places free: the block goes in whole, in one transaction.
    await late.client.post(`/api/events/${eventId}/attend`, { status: 'not_attending' });
    await lateWaiter.client.post(`/api/events/${eventId}/attend`, { status: 'not_attending' });
    rows = await rowsOf(eventId);
    expect(rows.filter((row) => ids(siblings.children).includes(row.userId)).map((row) => row.status)).toEqual([
      'waitlisted',
      'waitlisted',
      'waitlisted',
    ]);
    const oneMore = (await rowsOf(eventId)).find((row) => row.status === 'attending')!;
    await (
      await app.clientFor(await app.deps.prisma.user.findUniqueOrThrow({ where: { id: oneMore.userId } }))
    ).post(`/api/events/${eventId}/attend`, { status: 'not_attending' });
    rows = await rowsOf(eventId);
    const promoted = rows.filter((row) => ids(siblings.children).includes(row.userId));
    expect(promoted.map((row) => row.status)).toEqual(['attending', 'attending', 'attending']);
    expect(promoted.map((row) => row.togetherBlock)).toEqual([null, null, null]);
    expect(await attendingPeople(eventId)).toBe(5);
    const view = await siblings.client.post(`/api/events/${eventId}/attend`, {
      status: 'attending',
      forUserIds: ids(siblings.children),
    });
    expect(view.body.replies.map((reply: { status: string }) => reply.status)).toEqual([
      'attending',
      'attending',
      'attending',
    ]);
  });

  it('When siblings reply without together, then each takes a place while one lasts and the rest wait apart', async () => {
    const eventId = await createEvent(4, 2);
    const siblings = await family(3);
    const res = await siblings.client.post(`/api/events/${eventId}/attend`, {
      status: 'attending',
      forUserIds: ids(siblings.children),
    });
    expect(res.status).toBe(200);
    expect(res.body.together).toBe(false);
    expect(res.body.replies.map((reply: { status: string }) => reply.status)).toEqual([
      'attending',
      'attending',
      'waitlisted',
    ]);
    expect((await rowsOf(eventId)).every((row) => row.togetherBlock === null)).toBe(true);
  });

  it('When siblings reply together to an event that asks questions, then `answers` go to each child, `answersFor` over them, and a missing required answer refuses them all', async () => {
    const eventId = await createEvent(10);
    const put = await admin.client.put(`/api/events/${eventId}/questions`, [
      { label: 'T-shirt size', kind: 'single', options: ['S', 'M', 'L'], required: true, sensitive: false },
      { label: 'Can swim 25 m', kind: 'checkbox', required: false, sensitive: false },
    ]);
    const [size, swim] = (put.body as Array<{ id: number }>).map((question) => question.id);
    const siblings = await family(2);
    const [first, second] = ids(siblings.children) as [number, number];

    const missing = await siblings.client.post(`/api/events/${eventId}/attend`, {
      status: 'attending',
      forUserIds: [first, second],
      together: true,
      answersFor: { [String(first)]: { [size!]: 'S' } },
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'answers_required', missing: [size] });
    expect(await rowsOf(eventId)).toEqual([]);

    const res = await siblings.client.post(`/api/events/${eventId}/attend`, {
      status: 'attending',
      forUserIds: [first, second],
      together: true,
      answers: { [size!]: 'M', [swim!]: true },
      answersFor: { [String(first)]: { [size!]: 'S' } },
    });
    expect(res.status).toBe(200);
    const table = await admin.client.get(`/api/events/${eventId}/answers`);
    const byUser = new Map(
      (table.body.attendees as Array<{ user: { id: number }; answers: Record<string, unknown> }>).map((row) => [
        row.user.id,
        row.answers,
      ]),
    );
    expect(byUser.get(first)).toEqual({ [size!]: 'S', [swim!]: true });
    expect(byUser.get(second)).toEqual({ [size!]: 'M', [swim!]: true });
  });

  it('When places free behind the RSVP path (erased accounts), then the worker’s scan promotes a waiting block only once it fits whole', async () => {
    const eventId = await createEvent(3);
    const members = [await app.signedIn(), await app.signedIn(), await app.signedIn()];
    for (const member of members) await member.client.post(`/api/events/${eventId}/attend`, { status: 'attending' });
    const siblings = await family(2);
    await siblings.client.post(`/api/events/${eventId}/attend`, {
      status: 'attending',
      forUserIds: ids(siblings.children),
      together: true,
    });
    const statuses = async () =>
      (await rowsOf(eventId)).filter((row) => ids(siblings.children).includes(row.userId)).map((row) => row.status);

    await app.deps.prisma.user.delete({ where: { id: members[0]!.user.id } });
    expect(await app.system.services.rsvp.promoteFreedSpots()).toBe(0);
    expect(await statuses()).toEqual(['waitlisted', 'waitlisted']);

    await app.deps.prisma.user.delete({ where: { id: members[1]!.user.id } });
    expect(await app.system.services.rsvp.promoteFreedSpots()).toBe(2);
    expect(await statuses()).toEqual(['attending', 'attending']);
    expect(await attendingPeople(eventId)).toBe(3);
  });

  it('When 20 guardians with 2 or 3 children each race together for a nearly full event, then it is never over capacity, every family is all in or all waiting as one block, and blocks are promoted whole as places free', async () => {
    const capacity = 30;
    const eventId = await createEvent(capacity, 22);
    const families: Family[] = [];
    for (let index = 0; index < 20; index += 1) families.push(await family(2 + (index % 2)));
    // On PostgreSQL a second instance of the app serves half the guardians: the database's lock, not one
    // process's queue, keeps them apart.
    let other: string | null = null;
    if (kind === 'postgres') {
      const system = await createSystem(app.config, { logger: app.deps.logger, startBot: false });
      other = (await system.start({ host: '127.0.0.1', port: 0 })).url;
      stopAlso.push(() => system.stop());
    }
    const clientOf = (person: Person, index: number) => {
      if (!other || index % 2 === 0) return person.client;
      const client = new TestClient(other);
      for (const [name, value] of person.client.cookies) client.cookies.set(name, value);
      return client;
    };

    const answers = await Promise.all(
      families.map((member, index) =>
        clientOf(member, index).post(`/api/events/${eventId}/attend`, {
          status: 'attending',
          forUserIds: ids(member.children),
          together: true,
        }),
      ),
    );
    for (const res of answers) expect(res.status).toBe(200);

    /** Every family is in whole or waits whole, in one block; the count never passes the capacity. */
    async function checkBlocks() {
      const rows = await rowsOf(eventId);
      const people = await attendingPeople(eventId);
      expect(people).toBeLessThanOrEqual(capacity);
      expect(rows.filter((row) => row.status === 'attending').length).toBe(people);
      const waiting: Array<{ size: number }> = [];
      for (const member of families) {
        const own = rows.filter((row) => ids(member.children).includes(row.userId));
        if (!own.length) continue;
        const statuses = new Set(own.map((row) => row.status));
        expect(statuses.size, `family of ${member.user.name}`).toBe(1);
        if (statuses.has('waitlisted')) {
          expect(new Set(own.map((row) => row.togetherBlock)).size).toBe(1);
          expect(own[0]!.togetherBlock).not.toBeNull();
          waiting.push({ size: own.length });
        }
      }
      // Promoted as soon as it fits: no waiting block would fit in the places left.
      for (const block of waiting) expect(block.size).toBeGreaterThan(capacity - people);
      return { rows, people, waiting };
    }

    const first = await checkBlocks();
    // 8 places for 2- and 3-child families: at least two get in, and the rest wait.
    expect(first.people).toBeGreaterThanOrEqual(capacity - 2);
    expect(first.waiting.length).toBeGreaterThan(0);
    const told = answers.map((res) => new Set(res.body.replies.map((reply: { status: string }) => reply.status)));
    for (const statuses of told) expect(statuses.size).toBe(1);

    // The families that got in all leave at once: the places go to whole blocks, in waitlist order.
    const inside = families.filter((member) =>
      first.rows.some((row) => row.userId === member.children[0]!.id && row.status === 'attending'),
    );
    const leaving = await Promise.all(
      inside.map((member, index) =>
        clientOf(member, index).post(`/api/events/${eventId}/attend`, {
          status: 'not_attending',
          forUserIds: ids(member.children),
        }),
      ),
    );
    for (const res of leaving) expect(res.status).toBe(200);
    const second = await checkBlocks();
    const promotedFamilies = families.filter(
      (member) =>
        !inside.includes(member) &&
        second.rows.some((row) => row.userId === member.children[0]!.id && row.status === 'attending'),
    );
    expect(promotedFamilies.length).toBeGreaterThan(0);
    for (const member of promotedFamilies) {
      const own = second.rows.filter((row) => ids(member.children).includes(row.userId));
      expect(own.every((row) => row.status === 'attending' && row.togetherBlock === null)).toBe(true);
    }
  }, 180_000);
});
