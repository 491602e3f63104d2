// One structured log line per API request: its id (http/request-id.ts), method, path (never the query string,
// which may carry a confirmation token, and with secrets in the path redacted), status, duration and the
// signed-in user's id.
import type { RequestHandler } from 'express';
import type { ServerResponse } from 'node:http';
import type { Logger } from '../logger';
import { requestIdOf } from './request-id';

const REDACTED = '[redacted]';

/**
 * Paths whose segments are credentials or unguessable names: a feed's token (the feed's only key), a login
 * code's id, an uploaded cover's id (its URL is the only guard of a private event's cover). Case-insensitive,
 * as Express matches routes.
 */
const SECRET_PATHS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(\/api\/calendar\/).+?(\.ics)?$/i, `$1${REDACTED}$2`],
  [/^(\/api\/telegram\/check-login\/)[^/]+/i, `$1${REDACTED}`],
  [/^(\/api\/images\/)[^/]+/i, `$1${REDACTED}`],
];

/** A URL as logs may hold it: no query string (email-link tokens travel there), secrets in the path redacted. */
export function loggablePath(url: string): string {
  const path = url.replace(/[?#].*$/s, '');
  for (const [pattern, replacement] of SECRET_PATHS) {
    if (pattern.test(path)) return path.replace(pattern, replacement);
  }
  return path;
}

/** What the line says besides status and duration (read when the answer is finished). */
export interface RequestFacts {
  method: string | undefined;
  path: string;
  userId: number | undefined;
}

/**
 * Logs a request once its answer is finished; `started` is process.hrtime.bigint() when it arrived. Plain
 * node:http types: the hot reads (modules/events/hot-reads.ts) answer before Express and log with this too.
 */
export function logWhenFinished(logger: Logger, res: ServerResponse, started: bigint, facts: () => RequestFacts): void {
  // A logger that writes nothing (LOG_LEVEL=silent) needs no listener on every answer.
  if (!logger.isLevelEnabled('error')) return;
  res.on('finish', () => {
    const { method, path, userId } = facts();
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    // 4xx are the clients' business (an anonymous visitor's 401 is routine); 5xx are ours.
    const level = res.statusCode >= 500 ? 'error' : 'info';
    logger[level](
      {
        // Named here too: the finish event may fire outside the request's async context.
        requestId: requestIdOf(res.req),
        method,
        path: loggablePath(path),
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
        userId,
      },
      'request',
    );
  });
}

export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    logWhenFinished(logger, res, process.hrtime.bigint(), () => ({
      method: req.method,
      path: req.baseUrl + req.path,
      userId: req.auth?.user.id,
    }));
    next();
  };
}
