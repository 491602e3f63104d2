// Every request gets an id an operator can follow through the logs: a well-formed X-Request-Id from a proxy in
// front is kept (so its logs and ours join up), anything else is replaced by a fresh one. The id is echoed in
// the answer's X-Request-Id and carried by every log line written while the request is handled.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener } from 'node:http';
import { withLogContext } from '../logger';

export const REQUEST_ID_HEADER = 'X-Request-Id';
/** What an incoming id may look like: long enough to be unique, nothing that could forge or break a log line. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,128}$/;

const ids = new WeakMap<IncomingMessage, string>();

/** The id given to this request (undefined for one that never went through `withRequestIds`). */
export function requestIdOf(req: IncomingMessage | undefined): string | undefined {
  return req ? ids.get(req) : undefined;
}

/** Wraps the server's listener (before the hot reads and Express, so every answer has one). */
export function withRequestIds(listener: RequestListener): RequestListener {
  return (req, res) => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
    ids.set(req, id);
    res.setHeader(REQUEST_ID_HEADER, id);
    withLogContext({ requestId: id }, () => listener(req, res));
  };
}
