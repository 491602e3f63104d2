// The visibility rule's cost on the hot list in an organisation with sections: 20 sections and 10,000 members
// (each in one section, one in five in a second, two leaders a section, some guardians), three in four events
// belonging to a section, against the same data without sections, each database with its own compiled app.
// Two members are measured: one in every section (who sees exactly what they see without sections, the same
// events: the rule's own cost) and one in a single section (who sees fewer events: the everyday case). The rule
// may cost the hot list at most 10 %.
import { createSession, SESSION_COOKIE } from '../../../api/src/modules/auth/sessions';
import { createSystem } from '../../../api/src/system/create-system';
import type { EventSummary } from '../../../shared/types';
import { rawGet } from '../../support/http-client';
import { createBenchDatabase, step, type BenchDatabase, type ChildServer } from '../bench-kit';
import { measureCost, type CostRow } from '../bench-rounds';
import { benchAppConfig } from './app-config';
import { startCompiledApp } from './compiled-app';
import { seedBenchData, SMALL_SET, type SeedOptions } from './seed';

export const SECTIONS = 20;
export const SECTION_MEMBERS = 10_000;
const SET: SeedOptions = { ...SMALL_SET, users: SECTION_MEMBERS };
const FIRST_PAGE = '/api/events?when=upcoming&limit=50';

/** Sections, memberships, guardians, and three in four events moved into a section. */
async function addSections(database: BenchDatabase, memberId: number): Promise<void> {
  const { deps, stop } = await createSystem(benchAppConfig(database.url));
  const sql = (text: string, ...values: unknown[]) => deps.prisma.$executeRawUnsafe(text, ...values);
  try {
    await sql(
      `INSERT INTO sections (name, colour, updated_at)
       SELECT 'Section ' || g, '#' || lpad(to_hex(g * 838861), 6, '0'), now() FROM generate_series(1, $1::int) AS g`,
      SECTIONS,
    );
    await sql(
      `INSERT INTO section_members (section_id, user_id, role)
       SELECT s.first + u.id % $1::int, u.id, CASE WHEN u.id % 500 IN (3, 4) THEN 'leader' ELSE 'member' END
       FROM users u, (SELECT min(id) AS first FROM sections) s WHERE NOT u.is_admin
       UNION ALL
       SELECT s.first + (u.id + 7) % $1::int, u.id, 'member'
       FROM users u, (SELECT min(id) AS first FROM sections) s WHERE NOT u.is_admin AND u.id % 5 = 0
       ON CONFLICT DO NOTHING`,
      SECTIONS,
    );
    await sql(
      `INSERT INTO section_members (section_id, user_id) SELECT id, $1::int FROM sections ON CONFLICT DO NOTHING`,
      memberId,
    );
    await sql(
      `INSERT INTO guardianships (guardian_id, child_id)
       SELECT u.id, u.id + 1 FROM users u WHERE u.id % 50 = 0 AND EXISTS (SELECT 1 FROM users c WHERE c.id = u.id + 1)`,
    );
    await sql(
      `UPDATE events SET section_id = (SELECT min(id) FROM sections) + (id * 7) % $1::int WHERE id % 4 <> 3`,
      SECTIONS,
    );
    await sql(`VACUUM (FULL, ANALYZE)`);
  } finally {
    await stop();
  }
}

interface Organisation {
  database: BenchDatabase;
  server?: ChildServer;
  /** Session cookies of the member in every section and of the member in one. */
  everySection: string;
  oneSection: string;
}

async function organisation(withSections: boolean): Promise<Organisation> {
  const database = await createBenchDatabase();
  const { deps, stop } = await createSystem(benchAppConfig(database.url));
  let memberId: number;
  const cookies: string[] = [];
  try {
    memberId = (await seedBenchData(deps.prisma, SET)).memberId;
    for (const id of [memberId, memberId + 1]) cookies.push(`${SESSION_COOKIE}=${await createSession(deps, id)}`);
  } finally {
    await stop();
  }
  if (withSections) await addSections(database, memberId);
  return { database, everySection: cookies[0]!, oneSection: cookies[1]! };
}

const idsIn = (bytes: Buffer) => (JSON.parse(bytes.toString('utf8')) as EventSummary[]).map((event) => event.id).join();
const eventsIn = (bytes: Buffer) => (JSON.parse(bytes.toString('utf8')) as EventSummary[]).length;

/**
 * The member in every section must get the same events with and without sections (each carries its section's
 * name and colour besides); the other fewer.
 */
async function verify(sections: Organisation, flat: Organisation): Promise<string> {
  const get = async (side: Organisation, cookie: string) => {
    const answer = await rawGet(`${side.server!.url}/api/events`, { cookie });
    if (answer.status !== 200) throw new Error(`GET /api/events answered ${answer.status}`);
    return answer.bytes;
  };
  const [every, everyFlat] = [await get(sections, sections.everySection), await get(flat, flat.everySection)];
  if (idsIn(every) !== idsIn(everyFlat))
    throw new Error('the member in every section does not see what they see without sections');
  const [one, oneFlat] = [await get(sections, sections.oneSection), await get(flat, flat.oneSection)];
  if (eventsIn(one) >= eventsIn(oneFlat)) throw new Error('the member in one section sees other sections’ events');
  return `the member in every section sees ${eventsIn(every)} events, the member in one section ${eventsIn(one)} of ${eventsIn(oneFlat)}`;
}

export async function measureSectionsCost(): Promise<CostRow[]> {
  const sides: Organisation[] = [];
  try {
    sides.push(
      await step(`seeded ${SECTION_MEMBERS.toLocaleString('en')} members in ${SECTIONS} sections`, () =>
        organisation(true),
      ),
      await step('seeded the same without sections', () => organisation(false)),
    );
    const [sections, flat] = sides as [Organisation, Organisation];
    for (const side of sides) side.server = await startCompiledApp(side.database.url);
    console.log(`  ${await verify(sections, flat)}`);
    const rows: CostRow[] = [];
    for (const [label, path, who] of [
      ['GET /api/events, member of every section', '/api/events', 'everySection'],
      ['GET /api/events, member of one section', '/api/events', 'oneSection'],
      [`GET ${FIRST_PAGE}, member of one section`, FIRST_PAGE, 'oneSection'],
    ] as const) {
      const side = (org: Organisation) => ({
        server: org.server!,
        databaseUrl: org.database.url,
        target: { url: org.server!.url, paths: [path], headers: { cookie: org[who] } },
      });
      const cost = await step(`loaded ${label} with sections and without`, () =>
        measureCost(side(sections), side(flat)),
      );
      rows.push({ label, ...cost });
    }
    return rows;
  } finally {
    await Promise.all(sides.map((side) => side.server?.stop()));
    await Promise.all(sides.map((side) => side.database.drop()));
  }
}
