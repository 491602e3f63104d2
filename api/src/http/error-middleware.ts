// The one place that turns a failure into an HTTP answer: a domain error's kind becomes its status and the
// `{ error }` body; everything else gets a fitting status and never internals.
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { isDatabaseUnavailable } from '../db/errors';
import type { Logger } from '../logger';
import { DomainError } from '../../../shared/errors';
import { STATUS_OF } from './errors';
import { loggablePath } from './request-log';

/** What a client is told while the database cannot be reached: a restart or failover, worth retrying. */
export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a moment.';
/** Seconds a client should wait before retrying after a 503 (a PostgreSQL restart takes a few). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

interface BodyParserError {
  type?: string;
  status?: number;
  errno?: unknown;
  expose?: boolean;
}

/**
 * The 4xx status that Express's own parts put on an error they raise for a bad request (http-errors'
 * convention): body-parser, and the router when a path parameter cannot be percent-decoded. Null otherwise.
 */
function clientErrorStatus(error: unknown): number | null {
  const { status, expose } = (error ?? {}) as BodyParserError;
  return typeof status === 'number' && status >= 400 && status < 500 && expose !== false ? status : null;
}

function describeClientError(error: unknown): string {
  if (error instanceof URIError) return 'Malformed URL';
  const { type, errno } = error as BodyParserError;
  // A compressed body that does not inflate comes from body-parser as zlib's error (with an errno), no `type`.
  if (type || typeof errno === 'number') return 'Invalid request body';
  return 'Invalid request';
}

export function notFoundHandler(): RequestHandler {
  return (_req, res) => {
    res.status(404).json({ error: 'Not found' });
  };
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    if (error instanceof DomainError) {
      if (error.retryAfterSeconds !== undefined) res.set('Retry-After', String(error.retryAfterSeconds));
      res.status(STATUS_OF[error.kind]).json({ error: error.message });
      return;
    }
    const parserError = error as BodyParserError;
    if (parserError?.type === 'entity.parse.failed') {
      res.status(400).json({ error: 'Malformed JSON in request body' });
      return;
    }
    if (parserError?.type === 'entity.too.large') {
      res.status(413).json({ error: 'Request body is too large' });
      return;
    }
    const status = clientErrorStatus(error);
    if (status) {
      res.status(status).json({ error: describeClientError(error) });
      return;
    }
    if (isDatabaseUnavailable(error)) {
      logger.warn({ err: error, method: req.method, url: loggablePath(req.originalUrl) }, 'database unavailable');
      res.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      res.status(503).json({ error: UNAVAILABLE_MESSAGE });
      return;
    }
    logger.error({ err: error, method: req.method, url: loggablePath(req.originalUrl) }, 'unhandled error');
    res.status(500).json({ error: 'Something went wrong on our side. Please try again.' });
  };
}
