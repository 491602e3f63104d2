// Child process: the baseline, the best plain server we know for these answers. A bare node:http server, pg,
// and one named prepared statement per endpoint that checks the session and reads what ours answers for the
// signed-in member: visibility (public, created, invited or named to lead; admins see all), the counts kept on the
// event's row, the member's own RSVP and, in the details, their answers to the event's questions and whether they
// may take its register. Rows become JSON through the app's own toSummary, so both send the same bytes (the bench checks that
// before loading either).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { SUMMARY_COLUMNS, toSummary, type SummarySqlRow } from '../../../api/src/modules/events/event-rows-repository';
import { sha256 } from '../../../api/src/lib/secrets';
import { serveFromChild } from '../bench-kit';

// A session that is missing or expired yields no viewer row; a viewer with nothing visible yields one row
// whose event columns are null. So one statement tells 401, 404 and the data apart. The columns are the app's
// own (SUMMARY_COLUMNS): a field added to the list is read here too. They take no parameters, which would
// collide with this statement's $1 and $2.
if (SUMMARY_COLUMNS.values.length > 0) throw new Error('SUMMARY_COLUMNS takes parameters: number them after $2');
const selectVisible = (oneEvent: boolean) => `
WITH viewer AS (
  SELECT u.id, u.is_admin, u.role FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.id = $1 AND s.expires_at > (now() AT TIME ZONE 'UTC')
)
SELECT ${SUMMARY_COLUMNS.text}${
  oneEvent
    ? `, (SELECT COALESCE(jsonb_object_agg(ra.question_id::text, ra.value), '{}'::jsonb) FROM registration_answers ra
  WHERE ra.event_id = e.id AND ra.user_id = v.id) AS my_answers,
  ((v.role IN ('organiser', 'admin') AND (v.is_admin OR e.creator_id = v.id))
    OR (e.section_id IS NOT NULL AND (v.is_admin OR EXISTS (SELECT 1 FROM section_members sm
          WHERE sm.section_id = e.section_id AND sm.user_id = v.id AND sm.role = 'leader')))
    OR EXISTS (SELECT 1 FROM event_leaders el WHERE el.event_id = e.id AND el.user_id = v.id)) AS may_take_register`
    : ''
}
FROM viewer v
LEFT JOIN events e ON ${oneEvent ? 'e.id = $2 AND ' : ''}(v.is_admin OR e.is_public OR e.creator_id = v.id
  OR EXISTS (SELECT 1 FROM invitations i WHERE i.event_id = e.id AND i.user_id = v.id)
  OR EXISTS (SELECT 1 FROM event_leaders el WHERE el.event_id = e.id AND el.user_id = v.id))
LEFT JOIN attendances me ON me.event_id = e.id AND me.user_id = v.id
LEFT JOIN event_series sr ON sr.id = e.series_id
ORDER BY e.date, e.id`;

const LIST = { name: 'list', text: selectVisible(false) };
const DETAIL = { name: 'detail', text: selectVisible(true) };

// Dates without a zone are UTC, as Prisma reads them.
const TIMESTAMP_OID = 1114;
const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMP_OID
      ? (value: string) => new Date(`${value.replace(' ', 'T')}Z`)
      : pg.types.getTypeParser(oid, format ?? 'text'),
};

const UNAUTHENTICATED = JSON.stringify({ error: 'You need to be logged in to perform this action.' });

serveFromChild<{ databaseUrl: string; poolSize: number }>(async ({ databaseUrl, poolSize }) => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  const server = createServer(async (req, res) => {
    const send = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(body);
    };
    try {
      const token = /(?:^|;\s*)sid=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
      const detail = /^\/api\/events\/(\d{1,9})$/.exec(req.url ?? '');
      if (req.method !== 'GET' || (req.url !== '/api/events' && !detail)) {
        return send(404, JSON.stringify({ error: 'Not found' }));
      }
      if (!token) return send(401, UNAUTHENTICATED);
      const values = detail ? [sha256(token), Number(detail[1])] : [sha256(token)];
      const { rows } = await pool.query<
        SummarySqlRow & { id: number | null; my_answers?: unknown; may_take_register?: boolean }
      >({
        ...(detail ? DETAIL : LIST),
        values,
        types,
      });
      if (!rows.length) return send(401, UNAUTHENTICATED);
      const found = rows.filter((row) => row.id !== null);
      if (!detail) return send(200, JSON.stringify(found.map(toSummary)));
      // The details add the member's own answers to the event's registration questions, and whether they may
      // take its register (its managers and the leaders it names).
      const row = found[0];
      return row
        ? send(
            200,
            JSON.stringify({
              ...toSummary(row),
              myAnswers: row.my_answers ?? {},
              mayTakeRegister: row.may_take_register ?? false,
            }),
          )
        : send(404, JSON.stringify({ error: 'Event not found' }));
    } catch {
      send(500, JSON.stringify({ error: 'Internal server error' }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await pool.end();
    },
  };
});
