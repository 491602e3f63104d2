// The route a request was answered by, as its pattern (`/api/events/:id`), never the path it came with: the
// path carries ids, feed tokens and login codes, and a label made of it would grow without bound and keep them.
import type { IncomingMessage, ServerResponse } from 'node:http';

const API_PREFIX = '/api';
const patterns = new WeakMap<IncomingMessage, string>();

/** Names the route of a request answered outside Express (the hot reads). */
export function setRoutePattern(req: IncomingMessage, pattern: string): void {
  patterns.set(req, pattern);
}

/**
 * Read once the answer is finished. Express leaves the matched route on the request (`req.route`); every API
 * router is mounted at /api, so the pattern is that prefix and the route's path. An API request no route took
 * is `unmatched`; outside /api the web app's files and pages (matched by regular expressions, or by no route at
 * all) are `static`, and a refusal there (a hidden file's 404) is `unmatched`.
 */
export function routePatternOf(req: IncomingMessage, res: ServerResponse): string {
  const set = patterns.get(req);
  if (set) return set;
  // Express gives routers the path below their mount point in req.url; originalUrl is the request's own.
  const url = (req as { originalUrl?: string }).originalUrl ?? req.url ?? '';
  const api = url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith(`${API_PREFIX}?`);
  const path = (req as { route?: { path?: unknown } }).route?.path;
  if (typeof path === 'string') return api ? `${API_PREFIX}${path}` : path;
  if (api) return 'unmatched';
  return res.statusCode >= 400 ? 'unmatched' : 'static';
}
