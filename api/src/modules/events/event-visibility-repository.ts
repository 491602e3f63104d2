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
 * `perRow` (a page, which reads a few rows of many): the OFFSET 0 keeps PostgreSQL from turning the invitation
 * and named-leader lookups into hashes of all the viewer's invitations and leaderships (events-list-repository.ts,
 * visibleRows). The sections are looked up the other way round: the viewer's few sections (their own, their
 * children's, those they lead) are read once per statement by the member's index and each event's section is
 * looked for among them. Asked per
 * event ("is the viewer among this section's members?"), PostgreSQL scanned the section's members for every
 * event of a section, and with 10,000 members the list cost tens of times more than without sections
 * (`npm run bench -- api-bench`, the sections rows). The calendar triggers keep a copy of this rule in SQL
 * (calendar_may_see, last redefined by migration 20261202110000_named_leaders_see_events).
 */
export function visibleToSql(viewerId: PrismaTypes.Sql, viewerIsAdmin: PrismaTypes.Sql, perRow = false) {
  const offset = perRow ? PrismaTypes.sql`OFFSET 0` : PrismaTypes.empty;
  return PrismaTypes.sql`(${viewerIsAdmin} OR (e.is_public AND e.section_id IS NULL) OR e.creator_id = ${viewerId}
           OR EXISTS (SELECT 1 FROM invitations i WHERE i.event_id = e.id AND i.user_id = ${viewerId} ${offset})
           OR EXISTS (SELECT 1 FROM event_leaders el WHERE el.event_id = e.id AND el.user_id = ${viewerId} ${offset})
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
