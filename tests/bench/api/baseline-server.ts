// Child process: the baseline. A bare node:http server and one hand-written SQL query per endpoint that
// answers what ours answers for the signed-in member: the session check, visibility (public, created or
// invited; admins see all), the attending count and the member's own RSVP.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { sha256 } from '../../../api/src/lib/secrets';
import { serveFromChild } from '../bench-kit';

// A session that is missing or expired yields no viewer row; a viewer with nothing visible yields one row
// whose event columns are null. So one query tells 401, 404 and the data apart.
const selectVisible = (oneEvent: boolean) => `
WITH viewer AS (
  SELECT u.id, u.is_admin FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.id = $1 AND s.expires_at > (now() AT TIME ZONE 'UTC')
)
SELECT e.id, e.name, e.description, to_char(e.date, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS date, e.location,
  e.image_url AS "imageUrl", e.is_public AS "isPublic", e.creator_id AS "creatorId",
  (SELECT count(*) FROM attendances a WHERE a.event_id = e.id AND a.status = 'attending')::int AS "attendingCount",
  coalesce((SELECT a.status::text FROM attendances a WHERE a.event_id = e.id AND a.user_id = v.id),
    'not_responded') AS "myStatus"
FROM viewer v
LEFT JOIN events e ON ${oneEvent ? 'e.id = $2 AND ' : ''}(v.is_admin OR e.is_public OR e.creator_id = v.id
  OR EXISTS (SELECT 1 FROM invitations i WHERE i.event_id = e.id AND i.user_id = v.id))
ORDER BY e.date, e.id`;

const LIST = selectVisible(false);
const DETAIL = selectVisible(true);

serveFromChild<{ databaseUrl: string; poolSize: number }>(async ({ databaseUrl, poolSize }) => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  const server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    try {
      const token = /(?:^|;\s*)sid=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
      const detail = /^\/api\/events\/(\d{1,9})$/.exec(req.url ?? '');
      if (req.method !== 'GET' || (req.url !== '/api/events' && !detail)) return send(404, { error: 'Not found' });
      if (!token) return send(401, { error: 'You need to be logged in to perform this action.' });
      const { rows } = detail
        ? await pool.query<{ id: number | null }>(DETAIL, [sha256(token), Number(detail[1])])
        : await pool.query<{ id: number | null }>(LIST, [sha256(token)]);
      if (!rows.length) return send(401, { error: 'You need to be logged in to perform this action.' });
      const events = rows.filter((row) => row.id !== null);
      if (!detail) return send(200, events);
      return events[0] ? send(200, events[0]) : send(404, { error: 'Event not found' });
    } catch {
      send(500, { error: 'Internal server error' });
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
