// The events list must not run a query per event: the number of SQL queries behind GET /api/events is
// counted at the database adapter and must be the same for 3 events as for 60.
import type { User } from '@prisma/client';
import { Agent } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/src/config';
import type { AppDeps } from '../../api/src/deps';
import { createSession, SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import type { RunningServer } from '../../api/src/server';
import { createSystem } from '../../api/src/system/create-system';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases';
import { rawGet, TestClient, type RawAnswer } from '../support/http-client';
import { TEST_SECRETS_KEY } from '../support/test-app';

/** Enough for the session lookup and the list with its counts, whatever else a careful list needs. */
const MAX_QUERIES_PER_LIST = 6;
const OTHER_MEMBERS = 12;

interface CountingApp {
  deps: AppDeps;
  /** SQL sent to the database while `work` runs. */
  queriesDuring(work: () => Promise<unknown>): Promise<string[]>;
  clientFor(user: User): Promise<TestClient>;
  stop(): Promise<void>;
}

/** The real app from the composition root, as tests/support/test-app.ts starts it, with every SQL query reported. */
async function startCountingApp(kind: (typeof DATABASE_KINDS)[number]): Promise<CountingApp> {
  const database: TestDatabase = await createTestDatabase(kind, { migrated: true });
  let recorded: string[] | null = null;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SECRETS_KEY: TEST_SECRETS_KEY,
    DEMO_MODE: 'off',
    NOTIFICATIONS_WORKER_ENABLED: 'false',
    ...(database.target.kind === 'postgres' ? { DATABASE_URL: database.target.url } : {}),
  });
  const system = await createSystem(config, { database: database.target, onQuery: (sql) => recorded?.push(sql) });
  const { deps } = system;
  const server: RunningServer = await system.start({ host: '127.0.0.1', port: 0 });
  return {
    deps,
    async queriesDuring(work) {
      recorded = [];
      try {
        await work();
        return recorded;
      } finally {
        recorded = null;
      }
    },
    async clientFor(user) {
      const client = new TestClient(server.url);
      client.cookies.set(SESSION_COOKIE, await createSession(deps, user.id));
      return client;
    },
    async stop() {
      await system.stop();
      await database.drop();
    },
  };
}

interface Seeded {
  publicIds: number[];
  /** Private events the viewer is invited to. */
  invitedIds: number[];
}

/**
 * `count` upcoming events by another member: every third one private, the viewer invited to half of
 * those; each event has RSVPs from the other members, and the viewer answers some.
 */
async function seedEvents(deps: AppDeps, viewer: User, others: User[], count: number): Promise<Seeded> {
  const creator = others[0]!;
  const start = Date.now() + 86_400_000;
  const seeded = [];
  for (let index = 0; index < count; index += 1) {
    seeded.push(
      await deps.prisma.event.create({
        data: {
          name: `Event ${index}`,
          description: 'Seeded to count queries',
          date: new Date(start + ((index * 7919) % count) * 3_600_000),
          location: 'Hall',
          imageUrl: 'https://example.com/event.png',
          isPublic: index % 3 !== 0,
          creatorId: creator.id,
        },
      }),
    );
  }
  const privateEvents = seeded.filter((event) => !event.isPublic);
  const invited = privateEvents.filter((_, index) => index % 2 === 0);
  await deps.prisma.invitation.createMany({
    data: [
      ...privateEvents.flatMap((event) => others.slice(1, 4).map((user) => ({ eventId: event.id, userId: user.id }))),
      ...invited.map((event) => ({ eventId: event.id, userId: viewer.id })),
    ],
  });
  type Rsvp = { eventId: number; userId: number; status: 'attending' | 'not_attending' };
  const rsvps: Rsvp[] = seeded.flatMap((event, index) =>
    others.map((user, position) => ({
      eventId: event.id,
      userId: user.id,
      status: (position + index) % 4 === 0 ? 'not_attending' : 'attending',
    })),
  );
  seeded.forEach((event, index) => {
    if (index % 2 === 0) {
      rsvps.push({ eventId: event.id, userId: viewer.id, status: index % 4 === 0 ? 'attending' : 'not_attending' });
    }
  });
  await deps.prisma.attendance.createMany({ data: rsvps });
  return {
    publicIds: seeded.filter((event) => event.isPublic).map((event) => event.id),
    invitedIds: invited.map((event) => event.id),
  };
}

async function createMembers(deps: AppDeps, prefix: string): Promise<{ viewer: User; others: User[] }> {
  const viewer = await deps.prisma.user.create({ data: { name: `${prefix} viewer` } });
  const others = await deps.prisma.user.createManyAndReturn({
    data: Array.from({ length: OTHER_MEMBERS }, (_, index) => ({ name: `${prefix} member ${index}` })),
  });
  return { viewer, others };
}

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

function idsOf(body: unknown): number[] {
  expect(Array.isArray(body), JSON.stringify(body)).toBe(true);
  return sorted((body as Array<{ id: number }>).map((event) => event.id));
}

describe.each(DATABASE_KINDS)('query bounds of the events list on %s', (kind) => {
  let app: CountingApp;
  beforeAll(async () => {
    app = await startCountingApp(kind);
  });
  afterAll(() => app.stop());

  /** Lists as `viewer` and returns the SQL it cost and what the client saw. */
  async function listAs(viewer: User) {
    const client = await app.clientFor(viewer);
    let response: Awaited<ReturnType<TestClient['get']>> | undefined;
    const queries = await app.queriesDuring(async () => {
      response = await client.get('/api/events');
    });
    return { queries, response: response! };
  }

  it('When a member lists 3 events and then 60, then both lists cost the same small number of queries', async () => {
    const small = await createMembers(app.deps, 'small');
    const smallSet = await seedEvents(app.deps, small.viewer, small.others, 3);
    const few = await listAs(small.viewer);
    expect(idsOf(few.response.body)).toEqual(sorted([...smallSet.publicIds, ...smallSet.invitedIds]));

    const large = await createMembers(app.deps, 'large');
    const largeSet = await seedEvents(app.deps, large.viewer, large.others, 60);
    const many = await listAs(large.viewer);
    // The large viewer sees every public event (the small set's too) and their own invitations.
    expect(idsOf(many.response.body)).toEqual(
      sorted([...smallSet.publicIds, ...largeSet.publicIds, ...largeSet.invitedIds]),
    );
    expect(largeSet.invitedIds.length).toBeGreaterThan(0);

    expect(few.queries.length).toBeGreaterThan(0);
    expect(many.queries.length, many.queries.join('\n')).toBe(few.queries.length);
    expect(many.queries.length).toBeLessThanOrEqual(MAX_QUERIES_PER_LIST);
  });

  it('When a dozen members read the list at the same moment, then their sessions are checked together and each gets their own list', async () => {
    const { viewer, others } = await createMembers(app.deps, 'burst');
    const seeded = await seedEvents(app.deps, viewer, others, 6);
    const clients = await Promise.all([viewer, ...others].map((member) => app.clientFor(member)));
    // One more member whose session is deleted (signed out elsewhere) before the burst.
    const gone = await app.deps.prisma.user.create({ data: { name: 'burst signed out' } });
    clients.push(await app.clientFor(gone));
    await app.deps.prisma.session.deleteMany({ where: { userId: gone.id } });
    const cookies = clients.map((client) => ({ cookie: `${SESSION_COOKIE}=${client.cookies.get(SESSION_COOKIE)}` }));
    const url = `${clients[0]!.baseUrl}/api/events`;
    // Kept-alive connections, opened by a first burst: the second one's requests are all written at once, as
    // a busy server receives them from many phones.
    const agent = new Agent({ keepAlive: true });
    try {
      const alone = [];
      for (const headers of cookies) alone.push(await rawGet(url, headers, agent));
      await Promise.all(cookies.map((headers) => rawGet(url, headers, agent)));
      let together: RawAnswer[] = [];
      const queries = await app.queriesDuring(async () => {
        together = await Promise.all(cookies.map((headers) => rawGet(url, headers, agent)));
      });
      const bodies = (answers: RawAnswer[]) => answers.map((answer) => answer.bytes.toString('utf8'));
      expect(together.map((answer) => answer.status)).toEqual(alone.map((answer) => answer.status));
      expect(bodies(together)).toEqual(bodies(alone));
      expect(together.at(-1)!.status).toBe(401);
      const listed = (index: number) => idsOf(JSON.parse(together[index]!.bytes.toString('utf8')));
      expect(listed(0)).toEqual(expect.arrayContaining(seeded.invitedIds));
      // others[0] created the events and others[1..3] are invited to every private one; others[4] to none.
      for (const id of seeded.invitedIds) expect(listed(5)).not.toContain(id);
      // The hot path answered (the routes read the whole user, u.*, one session per statement), in fewer
      // statements than requests.
      const sessionChecks = queries.filter((sql) => /FROM sessions s JOIN users u/.test(sql));
      const batched = sessionChecks.filter((sql) => !/u\.\*/.test(sql));
      expect(batched.length, sessionChecks.join('\n')).toBeGreaterThan(0);
      expect(batched.length).toBeLessThan(cookies.length);
    } finally {
      agent.destroy();
    }
  });
});
