// Who may see an event, as one SQL condition over `e` (events): the list, the details, the hot detail read,
// calendar downloads and feeds and every other read of events for a member use it, so no channel shows what
// GET /api/events/{id} would not. Only repositories import it.
import { Prisma as PrismaTypes } from '@prisma/client';
import type { Viewer } from '../users/viewer';

/**
 * The visibility rule over `e` for a viewer given as SQL (parameters, or the columns of a row the statement
 * read, as the hot detail read does with the session's user). Admins see every event, creators their own,
 * invitees the private events they are invited to. A public event of the whole organisation (no section) is
 * everyone's; a public event of a section is its members' and leaders', and their guardians' (through the
 * child who is a member); a section's leaders see its private events too (they run them).
 *
 * `perRow` (a page, which reads a few rows of many): the OFFSET 0 keeps PostgreSQL from turning the invitation
 * lookup into a hash of all the viewer's invitations (events-list-repository.ts, visibleRows). An event of the
 * whole organisation never reaches the section lookup. The calendar triggers keep a copy of this rule in SQL
 * (calendar_may_see, migration 20261130020000_sections).
 */
export function visibleToSql(viewerId: PrismaTypes.Sql, viewerIsAdmin: PrismaTypes.Sql, perRow = false) {
  const offset = perRow ? PrismaTypes.sql`OFFSET 0` : PrismaTypes.empty;
  return PrismaTypes.sql`(${viewerIsAdmin} OR (e.is_public AND e.section_id IS NULL) OR e.creator_id = ${viewerId}
           OR EXISTS (SELECT 1 FROM invitations i WHERE i.event_id = e.id AND i.user_id = ${viewerId} ${offset})
           OR (e.section_id IS NOT NULL AND EXISTS (
                SELECT 1 FROM section_members sm WHERE sm.section_id = e.section_id
                  AND ((sm.user_id = ${viewerId} AND (e.is_public OR sm.role = 'leader'))
                       OR (e.is_public AND sm.user_id IN (
                             SELECT g.child_id FROM guardianships g WHERE g.guardian_id = ${viewerId})))
                ${offset})))`;
}

/** The rule for a viewer known to the caller (their id and admin flag as parameters). */
export const visibleSql = (viewer: Pick<Viewer, 'id' | 'isAdmin'>, perRow = false) =>
  visibleToSql(PrismaTypes.sql`${viewer.id}`, PrismaTypes.sql`${viewer.isAdmin}`, perRow);
