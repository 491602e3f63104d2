// RSVP with a capacity under load: 200 members at once, then 10 leaving at once, on PostgreSQL and
// PGlite; promotions told through the outbox exactly once; the database itself refusing over-booking.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases';
import { createSystem } from '../../api/src/system/create-system';
import { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

const eventBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Sold-out concert',
  description: 'The band everyone wants to see',
  date: '2031-03-10T19:00:00.000Z',
  location: 'Town hall',
  imageUrl: '/images/events/concert.svg',
  isPublic: true,
  ...overrides,
});

type Member = { user: User; client: TestClient; guests: number };

/** The guests of the i-th member: most come alone, some bring one or two friends. */
const guestsOf = (index: number) => (index % 10 === 3 ? 2 : index % 5 === 1 ? 1 : 0);

describe.each(DATABASE_KINDS)('RSVP with capacity under concurrency on %s', (kind) => {
  let app: TestApp;
  let admin: { user: User; client: TestClient };

  beforeAll(async () => {
    app = await startTestApp(kind);
    admin = await app.signedIn({ isAdmin: true });
  });
  const stopAlso: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const stop of stopAlso) await stop();
    await app.stop();
  });

  async function createEvent(overrides: Record<string, unknown> = {}): Promise<number> {
    const res = await admin.client.post('/api/events', eventBody(overrides));
    expect(res.status).toBe(201);
    return res.body.id as number;
  }

  const rows = (eventId: number) =>
    app.deps.prisma.attendance.findMany({ where: { eventId }, orderBy: [{ waitlistedAt: 'asc' }, { id: 'asc' }] });
  const attendingPeople = async (eventId: number) =>
    (await app.deps.prisma.event.findUniqueOrThrow({ where: { id: eventId } })).attendingPeople;

  /** Another instance of the app on the same database, stopped with the test app. */
  async function secondInstance() {
    const system = await createSystem(app.config, { logger: app.deps.logger, startBot: false });
    const web = await system.start({ host: '127.0.0.1', port: 0 });
    stopAlso.push(() => system.stop());
    return {
      clientFor(client: TestClient) {
        const other = new TestClient(web.url);
        for (const [name, value] of client.cookies) other.cookies.set(name, value);
        return other;
      },
    };
  }

  /** Runs every fan-out job to the end: the promotions' outbox rows are then all written. */
  async function expandAllJobs() {
    while (await app.system.outbox.expandNext(app.deps.now(), 500));
  }

  it('When 200 members RSVP at once to 50 places and then 10 leave at once, then exactly 50 attend, the rest wait in order, and the first parties that fit are promoted and told once', async () => {
    const eventId = await createEvent({ capacity: 50, guestsAllowed: 2 });
    // On PostgreSQL a second instance of the app serves half the members: the database's lock discipline, not
    // one process's queue, is what keeps them apart.
    const second = kind === 'postgres' ? await secondInstance() : null;
    const members: Member[] = [];
    for (let index = 0; index < 200; index += 1) {
      const signed = await app.signedIn({
        googleEmail: `rsvp-${kind}-${index}@example.org`,
        notificationPrefs: ['email'],
      });
      const client = second && index % 2 ? second.clientFor(signed.client) : signed.client;
      members.push({ ...signed, client, guests: guestsOf(index) });
    }

    const answers = await Promise.all(
      members.map(({ client, guests }) =>
        client.post(`/api/events/${eventId}/attend`, { status: 'attending', guests }),
      ),
    );

    for (const res of answers) expect(res.status).toBe(200);
    const attending = members.filter((_m, index) => answers[index]!.body.status === 'attending');
    const waiting = members.filter((_m, index) => answers[index]!.body.status === 'waitlisted');
    expect(attending.length + waiting.length).toBe(200);
    // Guests count: 50 people, whatever the number of members among them; the kept count agrees with the rows.
    expect(attending.reduce((sum, member) => sum + 1 + member.guests, 0)).toBe(50);
    expect(await attendingPeople(eventId)).toBe(50);
    // Each waitlisted member was told a place: 1..N, no gaps, no duplicates, and the same place when asked again.
    const told = waiting.map((member) => answers[members.indexOf(member)]!.body.waitlistPosition as number);
    expect([...told].sort((a, b) => a - b)).toEqual(waiting.map((_m, index) => index + 1));
    for (const member of waiting.slice(0, 20)) {
      const res = await member.client.get(`/api/events/${eventId}/attendance`);
      expect(res.body).toMatchObject({ status: 'waitlisted', guests: member.guests });
      expect(res.body.waitlistPosition).toBe(told[waiting.indexOf(member)]);
    }
    const details = await admin.client.get(`/api/events/${eventId}`);
    expect(details.body).toMatchObject({
      attendingCount: 50,
      capacity: 50,
      spotsLeft: 0,
      waitlistCount: waiting.length,
    });
    await expandAllJobs();
    expect(await app.deps.prisma.outboxMessage.count({ where: { kind: 'promoted' } })).toBe(0);

    // 10 attending members who came alone leave at once: each frees one place, whatever the order.
    const leavers = attending.filter((member) => member.guests === 0).slice(0, 10);
    const queue = (await rows(eventId)).filter((row) => row.status === 'waitlisted');
    const expected: number[] = [];
    let free = 0;
    for (let left = 0; left < leavers.length; left += 1) {
      free += 1;
      for (const row of queue) {
        if (expected.includes(row.userId) || 1 + row.guests > free) continue;
        expected.push(row.userId);
        free -= 1 + row.guests;
      }
    }

    const leaving = await Promise.all(
      leavers.map(({ client }) => client.post(`/api/events/${eventId}/attend`, { status: 'not_attending' })),
    );

    for (const res of leaving) expect(res.status).toBe(200);
    const after = await rows(eventId);
    const promoted = after.filter((row) => row.status === 'attending' && queue.some((q) => q.userId === row.userId));
    expect(promoted.map((row) => row.userId).sort()).toEqual([...expected].sort());
    expect(await attendingPeople(eventId)).toBe(50 - free);
    const stillWaiting = after.filter((row) => row.status === 'waitlisted');
    expect(stillWaiting.map((row) => row.userId)).toEqual(
      queue.filter((row) => !expected.includes(row.userId)).map((row) => row.userId),
    );
    const positions = await Promise.all(
      stillWaiting.slice(0, 15).map(async (row) => {
        const member = members.find((m) => m.user.id === row.userId)!;
        return (await member.client.get(`/api/events/${eventId}/attendance`)).body.waitlistPosition as number;
      }),
    );
    expect(positions).toEqual(positions.map((_p, index) => index + 1));

    // Told exactly once each, on their channel (email here), and nobody else.
    await expandAllJobs();
    const told2 = await app.deps.prisma.outboxMessage.findMany({ where: { kind: 'promoted' } });
    expect(told2.map((row) => row.userId).sort()).toEqual([...expected].sort());
    expect(told2.every((row) => row.channel === 'email' && /now attending/.test(row.body))).toBe(true);
  }, 180_000); // 200 members and 410 requests: minutes on a busy shared machine, seconds on a quiet one

  it('When code tries to over-book behind the API, then the database refuses and the count stays right', async () => {
    const eventId = await createEvent({ capacity: 1 });
    const first = await app.signedIn();
    const second = await app.signedIn();
    await first.client.post(`/api/events/${eventId}/attend`, { status: 'attending' });
    const res = await second.client.post(`/api/events/${eventId}/attend`, { status: 'attending' });
    expect(res.body).toMatchObject({ status: 'waitlisted', waitlistPosition: 1, spotsLeft: 0 });

    await expect(
      app.deps.prisma.attendance.update({
        where: { eventId_userId: { eventId, userId: second.user.id } },
        data: { status: 'attending' },
      }),
    ).rejects.toThrow(/full|capacity|check/i);
    await expect(
      app.deps.prisma.attendance.update({
        where: { eventId_userId: { eventId, userId: first.user.id } },
        data: { guests: 1 },
      }),
    ).rejects.toThrow(/full|capacity|check/i);
    expect(await attendingPeople(eventId)).toBe(1);
    expect((await rows(eventId)).map((row) => row.status)).toEqual(['waitlisted', 'attending']);
  });

  it('When the capacity is lowered, nobody attending is removed; when it is raised, the waitlist moves up in order', async () => {
    const eventId = await createEvent({ capacity: 3, guestsAllowed: 1 });
    const people = await Promise.all([1, 2, 3, 4, 5].map(() => app.signedIn()));
    for (const person of people) await person.client.post(`/api/events/${eventId}/attend`, { status: 'attending' });
    expect(await attendingPeople(eventId)).toBe(3);

    const lowered = await admin.client.patch(`/api/events/${eventId}`, eventBody({ capacity: 1 }));
    expect(lowered.status).toBe(200);
    expect(lowered.body).toMatchObject({ capacity: 1, attendingCount: 3, spotsLeft: 0, waitlistCount: 2 });
    // One leaving frees nothing: still above the new capacity.
    await people[0]!.client.post(`/api/events/${eventId}/attend`, { status: 'not_attending' });
    expect((await people[3]!.client.get(`/api/events/${eventId}/attendance`)).body.status).toBe('waitlisted');

    const raised = await admin.client.patch(`/api/events/${eventId}`, eventBody({ capacity: 3 }));
    expect(raised.body).toMatchObject({ attendingCount: 3, spotsLeft: 0, waitlistCount: 1 });
    expect((await people[3]!.client.get(`/api/events/${eventId}/attendance`)).body.status).toBe('attending');
    expect((await people[4]!.client.get(`/api/events/${eventId}/attendance`)).body).toMatchObject({
      status: 'waitlisted',
      waitlistPosition: 1,
    });
    // Without a limit everyone waiting gets in.
    const unlimited = await admin.client.patch(`/api/events/${eventId}`, eventBody({ capacity: null }));
    expect(unlimited.body).toMatchObject({ capacity: null, spotsLeft: null, attendingCount: 4, waitlistCount: 0 });
  });

  it('When a party is bigger than the spots left, then the whole party waits, and smaller parties behind it may go first', async () => {
    const eventId = await createEvent({ capacity: 4, guestsAllowed: 3 });
    const [a, big, single] = await Promise.all([1, 2, 3].map(() => app.signedIn()));
    expect(
      (await a!.client.post(`/api/events/${eventId}/attend`, { status: 'attending', guests: 2 })).body.status,
    ).toBe('attending');
    const bigAnswer = await big!.client.post(`/api/events/${eventId}/attend`, { status: 'attending', guests: 3 });
    expect(bigAnswer.body).toMatchObject({ status: 'waitlisted', guests: 3, waitlistPosition: 1, spotsLeft: 1 });
    expect((await single!.client.post(`/api/events/${eventId}/attend`, { status: 'attending' })).body.status).toBe(
      'attending',
    );
    // An attending member asking for more guests than fit keeps their spot as it was.
    const more = await a!.client.post(`/api/events/${eventId}/attend`, { status: 'attending', guests: 3 });
    expect(more.status).toBe(409);
    expect(more.body.error).toBe('There are no spots left for more guests');
    expect((await a!.client.get(`/api/events/${eventId}/attendance`)).body).toMatchObject({
      status: 'attending',
      guests: 2,
    });
    // Fewer guests free spots; the waiting party of 4 fits once the first party leaves.
    await a!.client.post(`/api/events/${eventId}/attend`, { status: 'not_attending' });
    expect((await big!.client.get(`/api/events/${eventId}/attendance`)).body.status).toBe('waitlisted');
    await single!.client.post(`/api/events/${eventId}/attend`, { status: 'maybe' });
    expect((await big!.client.get(`/api/events/${eventId}/attendance`)).body).toMatchObject({
      status: 'attending',
      guests: 3,
    });
    const details = await admin.client.get(`/api/events/${eventId}`);
    expect(details.body).toMatchObject({ attendingCount: 4, maybeCount: 1, waitlistCount: 0 });
  });

  it('When a member’s account is deleted, then their spot is released and the next RSVP change fills it from the waitlist', async () => {
    const eventId = await createEvent({ capacity: 1 });
    const [gone, next] = await Promise.all([app.signedIn(), app.signedIn()]);
    await gone.client.post(`/api/events/${eventId}/attend`, { status: 'attending' });
    await next.client.post(`/api/events/${eventId}/attend`, { status: 'attending' });
    await app.deps.prisma.user.delete({ where: { id: gone.user.id } });
    expect(await attendingPeople(eventId)).toBe(0);

    // The delivery worker runs this scan every half minute; any RSVP change of the event does it too.
    const promoted = await app.system.services.rsvp.promoteFreedSpots();
    expect(promoted).toBe(1);
    expect((await next.client.get(`/api/events/${eventId}/attendance`)).body.status).toBe('attending');
    expect(await attendingPeople(eventId)).toBe(1);
  });
});
