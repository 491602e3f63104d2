// Who may see an event, as one SQL condition over `e` (events): the list, the details, the hot detail read,
// calendar downloads and feeds and every other read of events for a member use it, so no channel shows what
// GET /api/events/{id} would not. Only repositories import it.
import { Prisma as PrismaTypes } from '@prisma/client';
import type { Viewer } from '../users/viewer';

/**
 * The visibility rule over `e` for a viewer given as SQL (parameters, or the columns of a row the statement
 * read, as the hot detail read does with the session's user). Admins see every event, creators their own,
 * invitees the private events they are invited to, everyone the public ones.
 *
 * `perRow` (a page, which reads a few rows of many): the OFFSET 0 keeps PostgreSQL from turning the invitation
 * lookup into a hash of all the viewer's invitations (events-list-repository.ts, visibleRows).
 */
export function visibleToSql(viewerId: PrismaTypes.Sql, viewerIsAdmin: PrismaTypes.Sql, perRow = false) {
  return PrismaTypes.sql`(${viewerIsAdmin} OR e.is_public OR e.creator_id = ${viewerId}
           OR EXISTS (SELECT 1 FROM invitations i WHERE i.event_id = e.id AND i.user_id = ${viewerId}
                      ${perRow ? PrismaTypes.sql`OFFSET 0` : PrismaTypes.empty}))`;
}

/** The rule for a viewer known to the caller (their id and admin flag as parameters). */
export const visibleSql = (viewer: Pick<Viewer, 'id' | 'isAdmin'>, perRow = false) =>
  visibleToSql(PrismaTypes.sql`${viewer.id}`, PrismaTypes.sql`${viewer.isAdmin}`, perRow);
