// The leader_checks, event_leaders and leader_shortfall_notices tables: members' checks, the leaders an event
// names, and the scan's marks that make each reminder, lapse and shortfall notice happen once.
import { Prisma as PrismaTypes } from '@prisma/client';
import type { LeaderCheckKind } from '../../../../shared/schemas/leader-checks';
import type { Prisma } from '../../db/database';

export type Tx = PrismaTypes.TransactionClient;
type Db = Prisma | Tx;

export interface CheckRow {
  id: number;
  userId: number;
  kind: string;
  reference: string | null;
  completedOn: Date;
  expiresOn: Date;
}

const checkSelect = {
  id: true,
  userId: true,
  kind: true,
  reference: true,
  completedOn: true,
  expiresOn: true,
} as const;

/** A DATE column's day, YYYY-MM-DD (the driver hands it over as midnight UTC). */
export const dayOf = (date: Date): string => date.toISOString().slice(0, 10);
const asDate = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** The member (not erased) by id, or null. */
export const findMember = (db: Db, id: number) =>
  db.user.findFirst({ where: { id, deletedAt: null }, select: { id: true, name: true, birthDate: true } });

/** Every check of the members, latest expiry first. */
export const checksOf = (db: Db, userIds: number[]): Promise<CheckRow[]> =>
  userIds.length
    ? db.leaderCheck.findMany({
        where: { userId: { in: userIds } },
        select: checkSelect,
        orderBy: [{ expiresOn: 'desc' }, { id: 'desc' }],
      })
    : Promise.resolve([]);

export const createCheck = (
  tx: Tx,
  data: {
    userId: number;
    kind: LeaderCheckKind;
    reference: string | null;
    completedOn: string;
    expiresOn: string;
    addedById: number;
  },
): Promise<CheckRow> =>
  tx.leaderCheck.create({
    data: { ...data, completedOn: asDate(data.completedOn), expiresOn: asDate(data.expiresOn) },
    select: checkSelect,
  });

/** Deletes the member's check; null when they have no such check. */
export async function deleteCheck(tx: Tx, userId: number, checkId: number): Promise<CheckRow | null> {
  const row = await tx.leaderCheck.findFirst({ where: { id: checkId, userId }, select: checkSelect });
  if (row) await tx.leaderCheck.delete({ where: { id: checkId } });
  return row;
}

/**
 * Checks that run out from `from` through `until` (days) and are the latest of their kind for their member
 * (a renewed one is not news), of members not erased, soonest first.
 */
export async function expiringChecks(db: Db, from: string, until: string) {
  return db.$queryRaw<Array<CheckRow & { userName: string }>>`
    SELECT c.id, c.user_id AS "userId", c.kind, c.reference, c.completed_on AS "completedOn",
      c.expires_on AS "expiresOn", u.name AS "userName"
    FROM leader_checks c JOIN users u ON u.id = c.user_id AND u.deleted_at IS NULL
    WHERE c.expires_on BETWEEN ${from}::date AND ${until}::date
      AND NOT EXISTS (SELECT 1 FROM leader_checks n WHERE n.user_id = c.user_id AND n.kind = c.kind
                        AND n.expires_on > c.expires_on)
    ORDER BY c.expires_on, c.id
    LIMIT 500`;
}

export interface DueCheck extends CheckRow {
  userName: string;
  /** A later check of the same kind runs longer: the member renewed it. */
  renewed: boolean;
  reminded30: boolean;
  reminded7: boolean;
  lapsed: boolean;
}

/**
 * Checks with something due on `today`: a 30- or 7-day reminder not yet marked, or a lapse not yet marked. Locked
 * (SKIP LOCKED) so that two instances' scans share them instead of both acting.
 */
export async function lockDueChecks(tx: Tx, today: string): Promise<DueCheck[]> {
  const rows = await tx.$queryRaw<
    Array<CheckRow & { userName: string; renewed: boolean; r30: Date | null; r7: Date | null; lapsedAt: Date | null }>
  >`
    SELECT c.id, c.user_id AS "userId", c.kind, c.reference, c.completed_on AS "completedOn",
      c.expires_on AS "expiresOn", u.name AS "userName",
      EXISTS (SELECT 1 FROM leader_checks n WHERE n.user_id = c.user_id AND n.kind = c.kind
                AND n.expires_on > c.expires_on) AS renewed,
      c.reminded_30_at AS r30, c.reminded_7_at AS r7, c.lapsed_at AS "lapsedAt"
    FROM leader_checks c JOIN users u ON u.id = c.user_id
    WHERE (c.reminded_30_at IS NULL AND c.expires_on <= ${today}::date + 30)
       OR (c.reminded_7_at IS NULL AND c.expires_on <= ${today}::date + 7)
       OR (c.lapsed_at IS NULL AND c.expires_on < ${today}::date)
    ORDER BY c.id
    LIMIT 200
    FOR UPDATE OF c SKIP LOCKED`;
  return rows.map(({ r30, r7, lapsedAt, ...row }) => ({
    ...row,
    reminded30: r30 !== null,
    reminded7: r7 !== null,
    lapsed: lapsedAt !== null,
  }));
}

export const markCheck = (tx: Tx, id: number, marks: { reminded30?: Date; reminded7?: Date; lapsed?: Date }) =>
  tx.leaderCheck.update({
    where: { id },
    data: {
      ...(marks.reminded30 ? { reminded30At: marks.reminded30 } : {}),
      ...(marks.reminded7 ? { reminded7At: marks.reminded7 } : {}),
      ...(marks.lapsed ? { lapsedAt: marks.lapsed } : {}),
    },
  });

/** Active admins (not erased): who hears of checks running out. */
export const activeAdminIds = async (db: Db): Promise<number[]> =>
  (await db.user.findMany({ where: { role: 'admin', status: 'active', deletedAt: null }, select: { id: true } })).map(
    (row) => row.id,
  );

/** The event's leaders, with what the cleared rule needs to know of them. */
export const eventLeaders = (db: Db, eventId: number) =>
  db.eventLeader
    .findMany({
      where: { eventId },
      select: { user: { select: { id: true, name: true, birthDate: true, status: true, deletedAt: true } } },
      orderBy: { userId: 'asc' },
    })
    .then((rows) => rows.map((row) => row.user));

/** Whether the member is one of the leaders the event names (who may take its register). */
export const isEventLeader = async (db: Db, eventId: number, userId: number): Promise<boolean> =>
  (await db.eventLeader.count({ where: { eventId, userId } })) > 0;

/** Active members among `ids` (not erased, not guardian accounts), with their birth dates. */
export const activeMembers = (db: Db, ids: number[]) =>
  db.user.findMany({
    where: { id: { in: ids }, status: 'active', deletedAt: null, role: { not: 'guardian' } },
    select: { id: true, name: true, birthDate: true },
  });

/** Makes `userIds` the event's leaders, all of them. */
export async function setEventLeaders(tx: Tx, eventId: number, userIds: number[]): Promise<void> {
  await tx.eventLeader.deleteMany({ where: { eventId, userId: { notIn: userIds } } });
  await tx.eventLeader.createMany({ data: userIds.map((userId) => ({ eventId, userId })), skipDuplicates: true });
}

/** Members attending the event who were born after `bornAfter` (minors today). */
export const countAttendingMinors = (db: Db, eventId: number, bornAfter: string) =>
  db.attendance.count({
    where: { eventId, status: 'attending', user: { birthDate: { gt: asDate(bornAfter) }, deletedAt: null } },
  });

/** Marks the event noticed at its date; false when another scan did first. */
export async function markShortfallNoticed(tx: Tx, eventId: number, eventDate: Date, now: Date): Promise<boolean> {
  const inserted = await tx.$executeRaw`
    INSERT INTO leader_shortfall_notices (event_id, event_date, noticed_at) VALUES (${eventId}, ${eventDate}, ${now})
    ON CONFLICT DO NOTHING`;
  return inserted > 0;
}

/** The leaders of a section (who run its events beside their creator). */
export const sectionLeaderIds = async (db: Db, sectionId: number): Promise<number[]> =>
  (await db.sectionMember.findMany({ where: { sectionId, role: 'leader' }, select: { userId: true } })).map(
    (row) => row.userId,
  );

export interface ShortfallRule {
  from: Date;
  until: Date;
  /** Today in the organisation's zone (a check is current through its expiry day). */
  today: string;
  /** Born after this day: a minor today. */
  bornAfter: string;
  required: LeaderCheckKind[];
  minLeadersPerEvent: number;
  youthPerLeader: number;
}

/**
 * Whose events a shortfall query looks at: a runner's (admins: all; others: their own and their sections'), or the
 * scan's (all, not yet noticed at their date).
 */
export type ShortfallScope = { runner: { id: number; isAdmin: boolean } } | { unnoticed: true };

/**
 * The events starting after `from` and by `until` in `scope` that have attending minors and fewer cleared adult
 * leaders than the ratio asks, with their figures. One statement for all of them: the ratio rule of
 * leaders-service.ts (`ratioOf`, `clearedAdults`) in SQL, so neither a leader's "Needs you" nor the worker's scan
 * costs a round trip per event.
 */
function shortfalls(rule: ShortfallRule, scope: ShortfallScope) {
  const { sql } = PrismaTypes;
  const inScope =
    'runner' in scope
      ? sql`(${scope.runner.isAdmin}::boolean OR e.creator_id = ${scope.runner.id} OR e.section_id IN (
          SELECT s.section_id FROM section_members s WHERE s.user_id = ${scope.runner.id} AND s.role = 'leader'))`
      : sql`NOT EXISTS (SELECT 1 FROM leader_shortfall_notices n WHERE n.event_id = e.id AND n.event_date = e.date)`;
  // A viewer's count stops at the first 200 events; the scan looks at them all (48 hours of events), so that
  // events with enough leaders never hide one without.
  const limit = 'runner' in scope ? sql`LIMIT 200` : PrismaTypes.empty;
  return sql`
    WITH candidates AS (
      SELECT e.id, e.name, e.date, e.creator_id, e.section_id FROM events e
      WHERE e.date > ${rule.from} AND e.date <= ${rule.until}
        AND EXISTS (SELECT 1 FROM attendances a JOIN users u ON u.id = a.user_id
                    WHERE a.event_id = e.id AND a.status = 'attending' AND u.birth_date > ${rule.bornAfter}::date)
        AND ${inScope}
      ORDER BY e.date, e.id
      ${limit}
    ), figures AS (
      SELECT c.id, c.name, c.date, c.creator_id, c.section_id,
        (SELECT count(*) FROM attendances a JOIN users u ON u.id = a.user_id
         WHERE a.event_id = c.id AND a.status = 'attending' AND u.birth_date > ${rule.bornAfter}::date
           AND u.deleted_at IS NULL)::int AS minors,
        -- Cleared adults: active, not erased, not a minor (no birth date: an adult, as everywhere), and no
        -- required kind without a current check.
        (SELECT count(*) FROM event_leaders l JOIN users u ON u.id = l.user_id
         WHERE l.event_id = c.id AND u.status = 'active' AND u.deleted_at IS NULL
           AND (u.birth_date IS NULL OR u.birth_date <= ${rule.bornAfter}::date)
           AND NOT EXISTS (
             SELECT 1 FROM unnest(${rule.required}::text[]) AS k(kind)
             WHERE NOT EXISTS (SELECT 1 FROM leader_checks ch WHERE ch.user_id = u.id AND ch.kind = k.kind
                                 AND ch.expires_on >= ${rule.today}::date)))::int AS leaders
      FROM candidates c
    )
    SELECT * FROM figures
    WHERE minors > 0
      AND leaders < GREATEST(${rule.minLeadersPerEvent}::int, (minors + ${rule.youthPerLeader}::int - 1) / ${rule.youthPerLeader}::int)`;
}

/** Of the events a runner runs in the window, how many lack leaders, and the soonest ("Needs you"). */
export async function shortOfLeaders(
  db: Db,
  rule: ShortfallRule,
  runner: { id: number; isAdmin: boolean },
): Promise<{ count: number; eventId: number | null }> {
  const [row] = await db.$queryRaw<Array<{ count: number; eventId: number | null }>>`
    SELECT count(*)::int AS count, (array_agg(id ORDER BY date, id))[1] AS "eventId"
    FROM (${shortfalls(rule, { runner })}) short`;
  return { count: row?.count ?? 0, eventId: row?.eventId ?? null };
}

export interface ShortEvent {
  id: number;
  name: string;
  date: Date;
  creatorId: number;
  sectionId: number | null;
  minors: number;
  leaders: number;
}

/** The events in the window that lack leaders and whose managers were not told yet at their date (the scan). */
export const unnoticedShortfalls = (db: Db, rule: ShortfallRule): Promise<ShortEvent[]> =>
  db.$queryRaw<ShortEvent[]>`
    SELECT id, name, date, creator_id AS "creatorId", section_id AS "sectionId", minors, leaders
    FROM (${shortfalls(rule, { unnoticed: true })}) short
    ORDER BY date, id
    LIMIT 200`;

/**
 * Cleared adult leaders today, by name (at most 500): whom an event's managers may name to lead it. Active
 * members, not guardian accounts, not erased, adults (no birth date: an adult, as everywhere), with a current
 * check of every required kind. Names only: the picker needs nothing more.
 */
export const clearedLeaders = (db: Db, rule: Pick<ShortfallRule, 'today' | 'bornAfter' | 'required'>) =>
  db.$queryRaw<Array<{ id: number; name: string }>>`
    SELECT u.id, u.name FROM users u
    WHERE u.status = 'active' AND u.deleted_at IS NULL AND u.role <> 'guardian'
      AND (u.birth_date IS NULL OR u.birth_date <= ${rule.bornAfter}::date)
      AND NOT EXISTS (
        SELECT 1 FROM unnest(${rule.required}::text[]) AS k(kind)
        WHERE NOT EXISTS (SELECT 1 FROM leader_checks ch WHERE ch.user_id = u.id AND ch.kind = k.kind
                            AND ch.expires_on >= ${rule.today}::date))
    ORDER BY lower(u.name), u.id
    LIMIT 500`;
