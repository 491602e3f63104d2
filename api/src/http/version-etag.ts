// Version ETags: a repeat request answers 304 after one tiny query (the data version), without
// building or hashing the body. Reusable by any answer that depends only on events, attendances, invitations,
// comments and series (the tables whose writes bump the version) and on who asks:
//   const tag = versionTag(await readDataVersion(prisma), viewer, 'feed');
//   if (answeredNotModified(req, res, tag)) return;
// The version must be read before the body is built: a tag older than its body only costs one more full answer,
// a newer one would keep a stale body.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DataVersion } from '../db/data-version-repository';
import { BUILD_ID } from '../lib/build-id';

/**
 * The same on every instance of one build (behind a load balancer any of them answers 304), new with each
 * release: an answer whose shape a new release changed is never taken as unchanged.
 */
const BUILD = BUILD_ID;

/** A weak tag: the version, the viewer (their id and whether they are an admin) and what else tells answers apart. */
export function versionTag(data: DataVersion, viewer: { id: number; isAdmin: boolean }, variant = ''): string {
  const boundary = data.boundary === null ? '' : `.${data.boundary.getTime().toString(36)}`;
  return `W/"${data.version}.${BUILD}.${viewer.id}${viewer.isAdmin ? 'a' : 'm'}${boundary}${variant && `.${variant}`}"`;
}

/**
 * Plain node:http types: the hot reads (modules/events/hot-reads.ts) answer before Express.
 * Sets the tag and `Cache-Control: private, no-cache` (browsers keep the answer, ask again every time, shared
 * caches keep nothing); answers 304 and returns true when the client's copy carries the tag.
 */
export function answeredNotModified(req: IncomingMessage, res: ServerResponse, tag: string): boolean {
  res.setHeader('ETag', tag);
  res.setHeader('Cache-Control', 'private, no-cache');
  if (!matches(req.headers['if-none-match'], tag)) return false;
  res.statusCode = 304;
  res.end();
  return true;
}

const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);

/**
 * If-None-Match by weak comparison (RFC 9110 §13.1.2). Not Express's req.fresh: it ignores the header when the
 * request also says `Cache-Control: no-cache`, which fetch() adds to every request that carries If-None-Match.
 */
function matches(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const wanted = opaque(tag);
  return header.split(',').some((candidate) => opaque(candidate.trim()) === wanted);
}
