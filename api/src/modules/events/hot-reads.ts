// The two hottest reads, GET /api/events (plain or paged) and GET /api/events/{id} by a signed-in browser,
// answered in front of Express. Under load, Express's share (its request set-up, the router's walk through every
// module's routes, the per-request middleware) and a second statement cost more than the answer itself. Here
// an event's details are one prepared statement (session, viewer, data version and event together) and the list
// is the session statement (which reads the data version) then the list's; a repeat with If-None-Match is that
// first statement and a 304. The list's session checks of requests that arrive together are one statement
// (createSessionViewerLoader, auth/sessions.ts).
//
// Only the plain case is answered here: a session cookie that is present, well-formed and valid, a GET without a
// body, an event the viewer may see, a query the route accepts. Anything else (no or expired session, Mini App
// initData, a hidden event, a bad query, a trailing slash, a database failure) is handed to the app, whose
// routes answer it as they always have: this path never answers differently from them, only sooner. Its answers
// carry Helmet's headers (http/security-headers.ts) and the routes' headers, compression included.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { parse as parseQueryString } from 'node:querystring';
import { eventsPageQuerySchema, type EventsPageQuery } from '../../../../shared/schemas/events';
import type { AppDeps } from '../../deps';
import { COMPRESSION_THRESHOLD, compressAnswers } from '../../http/compress';
import { logWhenFinished } from '../../http/request-log';
import { setRoutePattern } from '../../http/route-pattern';
import { setSecurityHeaders } from '../../http/security-headers';
import { parse } from '../../http/validate';
import { answeredNotModified, versionTag } from '../../http/version-etag';
import { sha256 } from '../../lib/secrets';
import { createSessionViewerLoader, SESSION_COOKIE } from '../auth/sessions';
import { decodeCursor } from './events-cursor';
import { readEventWithSession } from './event-read-repository';
import type { EventsService } from './events-service';

const LIST_PATH = '/api/events';
const DETAIL_PATH = /^\/api\/events\/(\d{1,10})$/;
/** The routes' own patterns (events-routes.ts), for the request metrics. */
const LIST_ROUTE = '/api/events';
const DETAIL_ROUTE = '/api/events/:id';
const MAX_INT4 = 2_147_483_647;
/** The first session cookie in the header, as cookie-parser would pick it (the first of a repeated name wins). */
const SESSION_IN_COOKIES = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=([^;]*)`);
/** Our tokens are base64url: anything else (quoted, percent-encoded, "j:" JSON) is left to cookie-parser. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{1,200}$/;

/** The session token, when the request is one this path may answer: a cookie session, no Mini App header. */
function sessionToken(req: IncomingMessage): string | undefined {
  const cookies = req.headers.cookie;
  if (!cookies || req.headers.authorization !== undefined) return undefined;
  const value = SESSION_IN_COOKIES.exec(cookies)?.[1]?.trim();
  return value !== undefined && TOKEN_SHAPE.test(value) ? value : undefined;
}

/** A GET with a body is left to the routes, whose JSON parser judges it. */
const hasBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/** The route's page query (null: the plain list), or undefined when the route would refuse it with a 400. */
function pageQuery(search: string): EventsPageQuery | null | undefined {
  const query = search ? parseQueryString(search) : {};
  // A section's list is left to the routes (a filter, not the hot first page).
  if (query.sectionId !== undefined) return undefined;
  const paged = ['when', 'limit', 'cursor', 'mine'].some((key) => query[key] !== undefined);
  if (!paged) return null;
  try {
    const page = parse(eventsPageQuerySchema, query);
    if (page.cursor !== undefined) decodeCursor(page.cursor, page.when);
    return page;
  } catch {
    return undefined;
  }
}

interface Answer {
  req: IncomingMessage;
  res: ServerResponse;
  /** Hands the request to the app (Express), which answers it from the start. */
  passOn: () => void;
  token: string;
  /**
   * Marks the request as answered here, by this user: from then on it is logged (and measured, under the route's
   * pattern) as the routes log theirs.
   */
  answering: (userId: number) => void;
}

/** Express's app, with the hot reads in front of it. */
export function withHotReads(deps: AppDeps, events: EventsService, app: RequestListener): RequestListener {
  const findSession = createSessionViewerLoader(deps);
  // compression is connect middleware: it reads and wraps only what node:http's request and response have.
  const compress = compressAnswers() as unknown as (
    req: IncomingMessage,
    res: ServerResponse,
    next: () => void,
  ) => void;

  /** res.json's headers, then compression's (Vary always, an encoding from the threshold on). */
  function sendJson({ req, res }: Answer, body: string | Buffer): void {
    const length = Buffer.byteLength(body);
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    // Node sends the head and the body in one write (one string, or two Buffers in one writev).
    const end = () => {
      res.setHeader('Content-Length', length);
      res.end(body);
    };
    if (length < COMPRESSION_THRESHOLD) {
      res.setHeader('Vary', 'Accept-Encoding');
      end();
    } else {
      compress(req, res, end);
    }
  }

  async function detail(answer: Answer, id: number): Promise<void> {
    const read = await readEventWithSession(deps.prisma, sha256(answer.token), id);
    // A guardian account is answered by the app (its 403): it sees no events. An event with a fee is too: its
    // details carry the viewer's payment, which the payments module adds.
    if (!read || read.expiresAt <= deps.now() || !read.event || read.viewer.role === 'guardian') return answer.passOn();
    if (read.event.fee !== null) return answer.passOn();
    answer.answering(read.viewer.id);
    if (answeredNotModified(answer.req, answer.res, versionTag(read.dataVersion, read.viewer))) return;
    sendJson(answer, JSON.stringify(read.event));
  }

  async function list(answer: Answer, search: string): Promise<void> {
    const session = await findSession(answer.token);
    const page = session ? pageQuery(search) : undefined;
    if (!session || page === undefined || session.user.role === 'guardian') return answer.passOn();
    const viewer = session.user;
    answer.answering(viewer.id);
    const tag = await events.versionTagFor(viewer, page !== null, session.dataVersion);
    if (answeredNotModified(answer.req, answer.res, tag)) return;
    sendJson(answer, page ? await events.pageJson(viewer, page) : await events.listJson(viewer));
  }

  return (req, res) => {
    const url = req.url ?? '';
    if (req.method !== 'GET' || !url.startsWith(LIST_PATH)) return app(req, res);
    const token = sessionToken(req);
    if (!token || hasBody(req)) return app(req, res);
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    const started = process.hrtime.bigint();
    const answer: Answer = {
      req,
      res,
      token,
      passOn: () => app(req, res),
      answering: (userId) => {
        setRoutePattern(req, path === LIST_PATH ? LIST_ROUTE : DETAIL_ROUTE);
        setSecurityHeaders(res);
        logWhenFinished(deps.logger, res, started, () => ({ method: 'GET', path, userId }));
      },
    };
    let work: Promise<void> | undefined;
    if (path === LIST_PATH) {
      work = list(answer, queryAt === -1 ? '' : url.slice(queryAt + 1));
    } else if (queryAt === -1) {
      const id = Number(DETAIL_PATH.exec(path)?.[1] ?? 0);
      if (id >= 1 && id <= MAX_INT4) work = detail(answer, id);
    }
    if (!work) return app(req, res);
    work.catch((error: unknown) => {
      // Nothing sent yet (the database failed): the app tries again and answers as it does any failure.
      if (!res.headersSent) return app(req, res);
      deps.logger.error({ err: error }, 'hot read failed after its answer began');
      res.destroy();
    });
  };
}
