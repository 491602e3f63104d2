// An event's details as the hot path reads them: the session, its user's id and admin flag, the data
// version and the event (if the user may see it) in one prepared statement, so a details request, fresh or
// repeated with If-None-Match, costs one round trip to the database. The session is checked with the same rule
// as findSession (auth/sessions.ts), by the caller against the app's clock.
import { Prisma as PrismaTypes } from '@prisma/client';
import type { Prisma } from '../../db/database';
import { leanQuery } from '../../db/lean-sql';
import type { DataVersion } from '../../db/data-version-repository';
import { SUMMARY_COLUMNS, toSummary, viewerJoinsSql, type SummarySqlRow } from './event-rows-repository';
import { visibleToSql } from './event-visibility-repository';

/** The session's user, as the statement's first part reads it. */
const VIEWER_ID = PrismaTypes.raw('v.id');
const VIEWER_IS_ADMIN = PrismaTypes.raw('v.is_admin');
import { mayManageEvent } from '../../../../shared/permissions';
import type { AnswerValues, EventDetail } from '../../../../shared/types';
import type { Viewer } from '../users/viewer';

type Row = { [K in keyof SummarySqlRow]: SummarySqlRow[K] | null } & {
  viewer_id: number;
  viewer_is_admin: boolean;
  viewer_role: string;
  session_expires_at: Date | string;
  data_version: string | null;
  my_answers: AnswerValues | string | null;
  leads_section: boolean | null;
  named_leader: boolean | null;
};

/** The viewer's answers to the event's registration questions, one JSON object by question id. */
const myAnswersSql = (viewerId: PrismaTypes.Sql, eventId: PrismaTypes.Sql) => PrismaTypes.sql`(
  SELECT COALESCE(jsonb_object_agg(ra.question_id::text, ra.value), '{}'::jsonb) FROM registration_answers ra
  WHERE ra.event_id = ${eventId} AND ra.user_id = ${viewerId})`;

/** JSON as the driver hands it over (PGlite and pg may differ), as an object. */
const asAnswers = (value: AnswerValues | string | null): AnswerValues =>
  typeof value === 'string' ? (JSON.parse(value) as AnswerValues) : (value ?? {});

/** The member's answers to the event's registration questions ({} when none): the details' myAnswers. */
export async function findMyAnswers(prisma: Prisma, eventId: number, userId: number): Promise<AnswerValues> {
  const [row] = await leanQuery<{ my_answers: AnswerValues | string | null }>(
    prisma,
    PrismaTypes.sql`SELECT ${myAnswersSql(PrismaTypes.sql`${userId}::int`, PrismaTypes.sql`${eventId}::int`)} AS my_answers`,
  );
  return asAnswers(row?.my_answers ?? null);
}

export interface SessionEventRead {
  viewer: Viewer;
  expiresAt: Date;
  dataVersion: DataVersion;
  /** Null when the event does not exist or the viewer may not see it (the same answer: 404). */
  event: EventDetail | null;
}

/**
 * Null when no session has this id or its account is not active (the routes answer those: 401 or 403). An
 * unknown session yields no row; a hidden event, a row without one.
 */
export async function readEventWithSession(
  prisma: Prisma,
  sessionId: string,
  eventId: number,
): Promise<SessionEventRead | null> {
  const [row] = await leanQuery<Row>(
    prisma,
    PrismaTypes.sql`
    WITH viewer AS (
      SELECT u.id, u.is_admin, u.role, ss.expires_at FROM sessions ss JOIN users u ON u.id = ss.user_id
      WHERE ss.id = ${sessionId} AND u.status = 'active'
    )
    SELECT v.id AS viewer_id, v.is_admin AS viewer_is_admin, v.role AS viewer_role,
      v.expires_at AS session_expires_at,
      (SELECT dv.version::text FROM data_version dv WHERE dv.id = 1) AS data_version,
      ${myAnswersSql(VIEWER_ID, PrismaTypes.raw('e.id'))} AS my_answers,
      EXISTS (SELECT 1 FROM section_members sm WHERE sm.section_id = e.section_id AND sm.user_id = v.id
                AND sm.role = 'leader') AS leads_section,
      EXISTS (SELECT 1 FROM event_leaders el WHERE el.event_id = e.id AND el.user_id = v.id) AS named_leader,
      ${SUMMARY_COLUMNS}
    FROM viewer v
    LEFT JOIN events e ON e.id = ${eventId} AND ${visibleToSql(VIEWER_ID, VIEWER_IS_ADMIN)}
    ${viewerJoinsSql(VIEWER_ID)}`,
  );
  if (!row) return null;
  const viewer: Viewer = { id: row.viewer_id, isAdmin: row.viewer_is_admin, role: row.viewer_role };
  const summary = row.id === null ? null : toSummary(row as SummarySqlRow);
  return {
    viewer,
    expiresAt: new Date(row.session_expires_at),
    dataVersion: { version: row.data_version ?? '0', boundary: null },
    event:
      summary === null
        ? null
        : {
            ...summary,
            myAnswers: asAnswers(row.my_answers),
            // The details' rule (events-service.ts getVisible): the event's managers (event-access.ts `manages`,
            // a section's leaders among them) and the leaders it names.
            mayTakeRegister:
              mayManageEvent(viewer, summary) ||
              (summary.sectionId !== null && (viewer.isAdmin || row.leads_section === true)) ||
              row.named_leader === true,
          },
  };
}
