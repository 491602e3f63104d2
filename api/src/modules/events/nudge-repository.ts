// The event_nudges table: when each member who had not replied was last reminded about an event, so that a
// member is nudged at most once a day per event, whoever presses Nudge and on whichever instance.
import { Prisma as PrismaTypes } from '@prisma/client';
import type { EventRecord } from './events-repository';

type Tx = PrismaTypes.TransactionClient;

export const NUDGE_INTERVAL_MS = 24 * 60 * 60_000;

/**
 * The event's audience, as its announcement reached it: invitees of a private event, the section's members and
 * leaders for a section's public event, every active member for the organisation's. Guardian accounts are
 * reached through their children; the event's creator and the one who nudges are left out.
 */
function audienceSql(event: Pick<EventRecord, 'id' | 'isPublic' | 'sectionId' | 'creatorId'>, nudgerId: number) {
  const whose = !event.isPublic
    ? PrismaTypes.sql`EXISTS (SELECT 1 FROM invitations i WHERE i.event_id = ${event.id} AND i.user_id = u.id)`
    : event.sectionId !== null
      ? PrismaTypes.sql`EXISTS (SELECT 1 FROM section_members sm
                                 WHERE sm.section_id = ${event.sectionId} AND sm.user_id = u.id)`
      : PrismaTypes.sql`true`;
  return PrismaTypes.sql`
    SELECT u.id FROM users u
     WHERE u.status = 'active' AND u.deleted_at IS NULL AND u.role <> 'guardian'
       AND u.id <> ${event.creatorId} AND u.id <> ${nudgerId} AND ${whose}
       AND NOT EXISTS (SELECT 1 FROM attendances a WHERE a.event_id = ${event.id} AND a.user_id = u.id)`;
}

export interface NudgeOutcome {
  /** Nudged now. */
  userIds: number[];
  /** Undecided, but already nudged within the day; `nextAt`: when the first of them may be nudged again. */
  heldBack: number;
  nextAt: Date | null;
}

/**
 * Records a nudge for every undecided member of the audience not nudged in the last 24 hours, in one statement
 * (two nudges at once cannot both take a member), and says who was taken and who was held back.
 */
export async function takeUndecided(
  tx: Tx,
  event: Pick<EventRecord, 'id' | 'isPublic' | 'sectionId' | 'creatorId'>,
  nudgerId: number,
  now: Date,
): Promise<NudgeOutcome> {
  const dayAgo = new Date(now.getTime() - NUDGE_INTERVAL_MS);
  const taken = await tx.$queryRaw<Array<{ user_id: number }>>`
    INSERT INTO event_nudges (event_id, user_id, nudged_at)
    SELECT ${event.id}, audience.id, ${now} FROM (${audienceSql(event, nudgerId)}) audience
    ON CONFLICT (event_id, user_id) DO UPDATE SET nudged_at = EXCLUDED.nudged_at
      WHERE event_nudges.nudged_at <= ${dayAgo}
    RETURNING user_id`;
  const userIds = taken.map((row) => row.user_id).sort((a, b) => a - b);
  const [held] = await tx.$queryRaw<Array<{ count: number; first: Date | null }>>`
    SELECT count(*)::int AS count, min(n.nudged_at) AS first
      FROM event_nudges n
     WHERE n.event_id = ${event.id} AND n.nudged_at > ${dayAgo} AND NOT (n.user_id = ANY(${userIds}::int[]))
       AND n.user_id IN (${audienceSql(event, nudgerId)})`;
  return {
    userIds,
    heldBack: held?.count ?? 0,
    nextAt: held?.first ? new Date(held.first.getTime() + NUDGE_INTERVAL_MS) : null,
  };
}
