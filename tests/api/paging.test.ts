// The paged events list: GET /api/events?when=upcoming|past&limit=N&cursor=C answers
// { events, nextCursor }: upcoming soonest first, past newest first, keyset cursors, bounds and 400s; without
// when/limit/cursor the SPEC's plain array is still answered. On both engines: the list's statement goes past
// Prisma (a named prepared statement on PostgreSQL), so dates and cursors are checked on each.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventsPage, EventSummary } from '../../shared/types';
import { DATABASE_KINDS } from '../support/databases';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

const NOW = new Date('2031-03-01T12:00:00.000Z');
const HOUR = 3_600_000;

interface Seeded {
  id: number;
  date: Date;
  visible: boolean;
}

/** Ascending by (date, id): the upcoming order; the past is its reverse. */
const byKeyset = (a: Seeded, b: Seeded) => a.date.getTime() - b.date.getTime() || a.id - b.id;

describe.each(DATABASE_KINDS)('paged events list on %s', (kind) => {
  let app: TestApp;
  let member: { user: User; client: TestClient };
  let upcoming: number[];
  let past: number[];

  beforeAll(async () => {
    app = await startTestApp(kind);
    app.setNow(NOW);
    member = await app.signedIn({ name: 'Pia Pager' });
    const creator = await app.deps.prisma.user.create({ data: { name: 'Olga Organiser', isAdmin: true } });
    // 70 upcoming (one exactly now, pairs sharing a date so the id breaks ties) and 7 past; every fifth private.
    const dates = [
      ...Array.from({ length: 70 }, (_, index) => new Date(NOW.getTime() + Math.floor(index / 2) * HOUR)),
      ...Array.from({ length: 7 }, (_, index) => new Date(NOW.getTime() - (index + 1) * HOUR)),
    ];
    const created = await app.deps.prisma.event.createManyAndReturn({
      // Inserted in a shuffled order, so ids do not follow dates.
      data: dates
        .map((date, index) => ({ date, index }))
        .sort((a, b) => ((a.index * 37) % 77) - ((b.index * 37) % 77))
        .map(({ date, index }) => ({
          name: `Event ${index}`,
          description: 'Seeded for paging',
          date,
          location: 'Hall',
          imageUrl: 'https://example.com/event.png',
          isPublic: index % 5 !== 4,
          creatorId: creator.id,
        })),
      select: { id: true, date: true, isPublic: true },
    });
    const seeded: Seeded[] = created.map((row) => ({ id: row.id, date: row.date, visible: row.isPublic }));
    const visible = seeded.filter((event) => event.visible).sort(byKeyset);
    upcoming = visible.filter((event) => event.date >= NOW).map((event) => event.id);
    past = visible
      .filter((event) => event.date < NOW)
      .reverse()
      .map((event) => event.id);
  });
  afterAll(() => app.stop());

  /** Follows the cursors to the end; returns every event seen and how many pages it took. */
  async function walk(query: string, client = member.client): Promise<{ ids: number[]; pages: EventsPage[] }> {
    const pages: EventsPage[] = [];
    let cursor: string | null = null;
    do {
      const suffix: string = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
      const res = await client.get<EventsPage>(`/api/events?${query}${suffix}`);
      expect(res.status, res.text).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['events', 'nextCursor']);
      pages.push(res.body);
      cursor = res.body.nextCursor;
    } while (cursor !== null && pages.length < 100);
    return { ids: pages.flatMap((page) => page.events.map((event) => event.id)), pages };
  }

  it('When a member pages the upcoming events, then they come soonest first (ties by id), each once, from now on', async () => {
    const { ids, pages } = await walk('when=upcoming&limit=7');
    expect(ids).toEqual(upcoming);
    // 56 visible: the eighth page is full and says it is the last.
    expect(pages.map((page) => page.events.length)).toEqual([7, 7, 7, 7, 7, 7, 7, 7]);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    // The event at exactly now is upcoming.
    expect(new Date(pages[0]!.events[0]!.date).getTime()).toBe(NOW.getTime());
  });

  it('When a member pages the past events, then they come newest first and only those before now', async () => {
    const { ids } = await walk('when=past&limit=2');
    expect(ids).toEqual(past);
    expect(ids.length).toBe(6);
  });

  it('When no limit is given, then a page holds 50; limit=100 takes the rest in one page', async () => {
    const first = await member.client.get<EventsPage>('/api/events?when=upcoming');
    expect(first.body.events.map((event) => event.id)).toEqual(upcoming.slice(0, 50));
    expect(first.body.nextCursor).not.toBeNull();
    // `when` defaults to upcoming once any paging key is given.
    const all = await member.client.get<EventsPage>('/api/events?limit=100');
    expect(all.body.events.map((event) => event.id)).toEqual(upcoming);
    expect(all.body.nextCursor).toBeNull();
    // Each event carries what the plain list carries.
    const plain = await member.client.get<EventSummary[]>('/api/events');
    const sameEvent = plain.body.find((event) => event.id === upcoming[0]);
    expect(all.body.events[0]).toEqual(sameEvent);
  });

  it('When the event a cursor points after is deleted, then the next page still follows on from it', async () => {
    const first = await member.client.get<EventsPage>('/api/events?when=upcoming&limit=3');
    const removed = first.body.events[2]!.id;
    await app.deps.prisma.event.delete({ where: { id: removed } });
    upcoming = upcoming.filter((id) => id !== removed);
    const next = await member.client.get<EventsPage>(
      `/api/events?when=upcoming&limit=3&cursor=${first.body.nextCursor!}`,
    );
    expect(next.body.events.map((event) => event.id)).toEqual(upcoming.slice(2, 5));
  });

  it('When no paging key is given, then the SPEC list is a plain array of every visible event, oldest first', async () => {
    const res = await member.client.get<EventSummary[]>('/api/events');
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.map((event) => event.id)).toEqual([...past].reverse().concat(upcoming));
  });

  it.each([
    ['when=later', 'when must be upcoming or past'],
    ['when=', 'when must be upcoming or past'],
    ['limit=0', 'limit must be a whole number from 1 to 100'],
    ['limit=101', 'limit must be a whole number from 1 to 100'],
    ['limit=-1', 'limit must be a whole number from 1 to 100'],
    ['limit=2.5', 'limit must be a whole number from 1 to 100'],
    ['limit=ten', 'limit must be a whole number from 1 to 100'],
    ['limit=5&limit=6', 'limit must be a whole number from 1 to 100'],
    ['mine=yes', 'mine must be true or false'],
    ['mine=true&mine=true', 'mine must be true or false'],
    ['cursor=', 'Invalid cursor'],
    ['cursor=not-a-cursor', 'Invalid cursor'],
    [`cursor=${Buffer.from('u.1.0').toString('base64url')}`, 'Invalid cursor'],
    [`cursor=${'A'.repeat(101)}`, 'Invalid cursor'],
  ])('When the query is %s, then it answers 400: %s', async (query, message) => {
    const res = await member.client.get(`/api/events?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: expect.any(String), error: message });
  });

  it('When a member asks for their own next event (mine=true), then it is the soonest they go to, even the 6th soonest', async () => {
    const { client } = await app.signedIn({ name: 'Sasha Sixth' });
    const sixth = upcoming[5]!;
    // Declined the soonest, going to the 6th and to a past one: only the 6th is their next event.
    expect((await client.post(`/api/events/${upcoming[0]!}/attend`, { status: 'not_attending' })).status).toBe(200);
    expect((await client.post(`/api/events/${sixth}/attend`, { status: 'attending' })).status).toBe(200);
    expect((await client.post(`/api/events/${upcoming[9]!}/attend`, { status: 'maybe' })).status).toBe(200);
    await app.deps.prisma.attendance.create({
      data: { eventId: past[0]!, userId: (await client.get('/api/users/me')).body.id, status: 'attending' },
    });

    const next = await client.get<EventsPage>('/api/events?when=upcoming&limit=1&mine=true');
    expect(next.status, next.text).toBe(200);
    expect(next.body.events.map((event) => [event.id, event.myStatus])).toEqual([[sixth, 'attending']]);
    const all = await walk('when=upcoming&mine=true&limit=1', client);
    expect(all.ids).toEqual([sixth, upcoming[9]]);
    expect((await walk('when=past&mine=true', client)).ids).toEqual([past[0]]);
    // Someone going nowhere has no next event.
    const nowhere = (await app.signedIn({ name: 'Nora Nowhere' })).client;
    expect((await nowhere.get<EventsPage>('/api/events?mine=true')).body).toEqual({
      events: [],
      nextCursor: null,
    });
    // mine=false is the whole list.
    expect(
      (await client.get<EventsPage>('/api/events?when=upcoming&limit=6&mine=false')).body.events.map((e) => e.id),
    ).toEqual(upcoming.slice(0, 6));
  });

  it('When a cursor of the upcoming list is used for the past one, then it answers 400', async () => {
    const first = await member.client.get<EventsPage>('/api/events?when=upcoming&limit=1');
    const res = await member.client.get(`/api/events?when=past&cursor=${first.body.nextCursor!}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: expect.any(String), error: 'Invalid cursor' });
  });

  it('When nobody is signed in, then a page is 401', async () => {
    const res = await app.anonymous().get('/api/events?when=upcoming');
    expect(res.status).toBe(401);
  });
});
