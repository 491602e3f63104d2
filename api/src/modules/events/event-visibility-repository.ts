// Who may see an event, as one SQL condition over `e` (events): the list, the details, the hot detail read,
// calendar downloads and feeds and every other read of events for a member use it, so no channel shows what
// GET /api/events/{id} would not. Only repositories import it.
import { Prisma as PrismaTypes } from '@prisma/client';
import type { Viewer } from '../users/viewer';

/**
 * The visibility rule over `e` for a viewer given as SQL (parameters, or the columns of a row the statement
 * read, as the hot detail read does with the session's user). Admins see every event, creators their own,
 * invitees the private events they are invited to, and the leaders an event names (`event_leaders`) that event,
 * as an invitee does: a manager may name a cleared adult of another section, or one not invited to a private
 * event, and they must find the event they lead (its page, the list, its calendar entries), not only its
 * register. A public event of the whole organisation (no section) is everyone's; a public event of a section
 * is its members' and leaders', and their guardians' (through the child who is a member); a section's leaders
 * see its private events too (they run them).
 *
 * What the viewer is named in (their invitations, the events they lead, their sections, their children's, the
 * sections they lead) is read once per statement by the user's index, and each event is looked for among those
 * few ids. Asked per event instead ("does the viewer lead this one? are they among this section's members?"),
 * PostgreSQL probed or scanned for every event the viewer may not see: with 10,000 members the section lookup
 * made the list cost tens of times more than without sections, and the invitation and leader probes cost a
 * member of one section of twenty 10 to 45 % more CPU per list or page than without sections (`npm run bench --
 * api-bench`, the sections rows; docs/performance.md). One exception: a page (`perRow`, a few rows of many) looks
 * each row's invitation up by its (event, user) key, the OFFSET 0 keeping PostgreSQL from hashing all the
 * viewer's invitations; hashed there, a first page of 10,000 events cost 30 % more than one of 200
 * (events-list-repository.ts, visibleRows). The calendar triggers keep a copy of this rule in SQL
 * (calendar_may_see, last redefined by migration 20261202110000_named_leaders_see_events).
 */
export function visibleToSql(viewerId: PrismaTypes.Sql, viewerIsAdmin: PrismaTypes.Sql, perRow = false) {
  const named = perRow
    ? PrismaTypes.sql`EXISTS (SELECT 1 FROM invitations i WHERE i.event_id = e.id AND i.user_id = ${viewerId} OFFSET 0)
           OR e.id IN (SELECT el.event_id FROM event_leaders el WHERE el.user_id = ${viewerId})`
    : PrismaTypes.sql`e.id IN (
                SELECT i.event_id FROM invitations i WHERE i.user_id = ${viewerId}
                UNION ALL
                SELECT el.event_id FROM event_leaders el WHERE el.user_id = ${viewerId})`;
  return PrismaTypes.sql`(${viewerIsAdmin} OR (e.is_public AND e.section_id IS NULL) OR e.creator_id = ${viewerId}
           OR ${named}
           OR (e.is_public AND e.section_id IN (
                SELECT sm.section_id FROM section_members sm WHERE sm.user_id = ${viewerId}
                UNION ALL
                SELECT sm.section_id FROM guardianships g JOIN section_members sm ON sm.user_id = g.child_id
                WHERE g.guardian_id = ${viewerId}))
           OR e.section_id IN (
                SELECT sm.section_id FROM section_members sm WHERE sm.user_id = ${viewerId} AND sm.role = 'leader'))`;
}

/** The rule for a viewer known to the caller (their id and admin flag as parameters). */
export const visibleSql = (viewer: Pick<Viewer, 'id' | 'isAdmin'>, perRow = false) =>
  visibleToSql(PrismaTypes.sql`${viewer.id}`, PrismaTypes.sql`${viewer.isAdmin}`, perRow);
