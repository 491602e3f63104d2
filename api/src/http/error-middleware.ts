// The one place that turns a failure into an HTTP answer: a domain error's kind becomes its status and the
// `{ error, code }` body; everything else gets a fitting status and never internals. `error` is in the
// request's language (English is the SPEC's text); `code` is stable, for clients that decide on it.
import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import { isDatabaseUnavailable } from '../db/errors';
import type { Logger } from '../logger';
import { DomainError, notFound } from '../../../shared/errors';
import { describedText, errorText, type ErrorText } from '../../../shared/i18n/error-text';
import { STATUS_OF } from './errors';
import { HTTP_MESSAGES } from './http-messages';
import type { RequestLanguages } from './language';
import { loggablePath } from './request-log';

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

function describeClientError(error: unknown): keyof typeof HTTP_MESSAGES {
  if (error instanceof URIError) return 'malformedUrl';
  const { type, errno } = error as BodyParserError;
  // A compressed body that does not inflate comes from body-parser as zlib's error (with an errno), no `type`.
  if (type || typeof errno === 'number') return 'invalidBody';
  return 'invalidRequest';
}

const send = (res: Response, status: number, { code, text }: ErrorText, fields?: DomainError['fields']) => {
  res.status(status).json({ error: text, code, ...fields });
};

export function notFoundHandler(languages: RequestLanguages): RequestHandler {
  return async (req, res) => {
    send(res, 404, errorText(notFound(), await languages.of(req)));
  };
}

export function errorHandler(logger: Logger, languages: RequestLanguages): ErrorRequestHandler {
  return async (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    const parserError = error as BodyParserError;
    // An outage is not worth a query for the organisation's default language.
    const language = isDatabaseUnavailable(error) ? (req.language ?? 'en') : await languages.of(req);
    const described = (key: keyof typeof HTTP_MESSAGES) => describedText(HTTP_MESSAGES[key].id, language);
    if (error instanceof DomainError) {
      if (error.retryAfterSeconds !== undefined) res.set('Retry-After', String(error.retryAfterSeconds));
      send(res, STATUS_OF[error.kind], errorText(error, language), error.fields);
      return;
    }
    if (parserError?.type === 'entity.parse.failed') return send(res, 400, described('malformedJson'));
    if (parserError?.type === 'entity.too.large') return send(res, 413, described('bodyTooLarge'));
    const status = clientErrorStatus(error);
    if (status) return send(res, status, described(describeClientError(error)));
    if (isDatabaseUnavailable(error)) {
      logger.warn({ err: error, method: req.method, url: loggablePath(req.originalUrl) }, 'database unavailable');
      res.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      return send(res, 503, described('unavailable'));
    }
    logger.error({ err: error, method: req.method, url: loggablePath(req.originalUrl) }, 'unhandled error');
    send(res, 500, described('internal'));
  };
}
