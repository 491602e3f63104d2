// The RSVP benchmark: 200 members pressing 'I Will Attend' at the same moment, on an event without
// a limit (the plain RSVP) and on one with 50 places, which fills and waitlists the other 150 (every reply then
// takes the event's row lock in turn, counts people and finds a waitlist place). Our app in its own process on
// PostgreSQL, as production runs it. Prints RSVPs per second for both and the ratio; asserts nothing about
// speed, but fails if an answer is not 200 or the event ends up over capacity.
import { createSession, SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import { createSystem } from '../../api/src/system/create-system';
import { benchAppConfig } from './api/app-config';
import { startCompiledApp } from './api/compiled-app';
import { createBenchDatabase, step, type ServerProcess } from './bench-kit';
import { BENCH_ROUNDS } from './env';

const MEMBERS = 200;
const CAPACITY = 50;
/** Bursts per kind of event: at least 3, so one slow burst on a shared machine does not decide the figure. */
const BURSTS = Math.max(3, BENCH_ROUNDS * 2);

interface Burst {
  seconds: number;
  statuses: Record<string, number>;
}

async function post(server: ServerProcess, path: string, cookie: string, body: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function createEvent(server: ServerProcess, cookie: string, name: string, capacity: number | null) {
  const res = await post(server, '/api/events', cookie, {
    name,
    description: 'Benchmark event',
    date: '2031-06-01T18:00:00.000Z',
    location: 'Hall',
    imageUrl: '/images/events/concert.svg',
    capacity,
  });
  if (res.status !== 201) throw new Error(`creating an event answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

/** Every member presses at once; resolves when the last answer is in. */
async function burst(server: ServerProcess, cookies: string[], eventId: number): Promise<Burst> {
  const started = performance.now();
  const answers = await Promise.all(
    cookies.map((cookie) => post(server, `/api/events/${eventId}/attend`, cookie, { status: 'attending' })),
  );
  const seconds = (performance.now() - started) / 1000;
  const statuses: Record<string, number> = {};
  for (const answer of answers) {
    if (answer.status !== 200) throw new Error(`an RSVP answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    const status = String(answer.body.status);
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
  return { seconds, statuses };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  console.log(`RSVP benchmark: ${MEMBERS} members press 'I Will Attend' at once, ${BURSTS} bursts per kind of event`);
  const database = await step('created a PostgreSQL database', createBenchDatabase);
  let server: ServerProcess | null = null;
  try {
    const { adminCookie, cookies } = await step(`created an admin and ${MEMBERS} signed-in members`, async () => {
      const { deps, stop } = await createSystem(benchAppConfig(database.url));
      try {
        const admin = await deps.prisma.user.create({ data: { name: 'Bench admin', isAdmin: true } });
        const members = await Promise.all(
          Array.from({ length: MEMBERS }, (_x, index) =>
            deps.prisma.user.create({ data: { name: `Member ${index}` } }),
          ),
        );
        const cookieOf = async (id: number) => `${SESSION_COOKIE}=${await createSession(deps, id)}`;
        return {
          adminCookie: await cookieOf(admin.id),
          cookies: await Promise.all(members.map((member) => cookieOf(member.id))),
        };
      } finally {
        await stop();
      }
    });
    server = await step('started our app (compiled, as `npm run serve`)', () => startCompiledApp(database.url));
    const running = server;

    // Warm-up: one burst of each, not recorded.
    await burst(running, cookies, await createEvent(running, adminCookie, 'Warm-up', null));
    await burst(running, cookies, await createEvent(running, adminCookie, 'Warm-up full', CAPACITY));

    const plain: number[] = [];
    const full: number[] = [];
    for (let round = 0; round < BURSTS; round += 1) {
      // Alternate which goes first, so load from other work on the machine falls on both alike.
      const order = round % 2 === 0 ? (['plain', 'full'] as const) : (['full', 'plain'] as const);
      for (const kind of order) {
        const eventId = await createEvent(running, adminCookie, `${kind} ${round}`, kind === 'full' ? CAPACITY : null);
        const result = await burst(running, cookies, eventId);
        if (kind === 'full' && (result.statuses.attending ?? 0) !== CAPACITY) {
          throw new Error(`the full event has ${result.statuses.attending} attending, not ${CAPACITY}`);
        }
        (kind === 'full' ? full : plain).push(MEMBERS / result.seconds);
      }
    }

    const plainRate = median(plain);
    const fullRate = median(full);
    console.log(`\nRSVP throughput, ${MEMBERS} concurrent members, median of ${BURSTS} bursts (RSVPs per second)\n`);
    const rows = [
      ['no capacity (the plain RSVP)', plainRate, 1],
      [`capacity ${CAPACITY}: fills, then ${MEMBERS - CAPACITY} join the waitlist`, fullRate, fullRate / plainRate],
    ] as const;
    const width = Math.max(...rows.map(([label]) => label.length));
    console.log(`| ${'event'.padEnd(width)} | RSVPs/s | ratio |`);
    console.log(`|:${'-'.repeat(width + 1)}|--------:|------:|`);
    for (const [label, rate, ratio] of rows) {
      console.log(`| ${label.padEnd(width)} | ${rate.toFixed(0).padStart(7)} | ${ratio.toFixed(2).padStart(5)} |`);
    }
    console.log('');
  } finally {
    await server?.stop();
    await database.drop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`\nRSVP benchmark failed: ${(error as Error)?.stack ?? String(error)}`);
    process.exit(1);
  },
);
