// The one place that turns a failure into an HTTP answer: `{ error }` with a fitting status, never internals.
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from '../logger';
import { AppError } from './errors';

interface BodyParserError {
  type?: string;
  status?: number;
}

export function notFoundHandler(): RequestHandler {
  return (_req, res) => {
    res.status(404).json({ error: 'Not found' });
  };
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    if (error instanceof AppError) {
      res.status(error.status).json({ error: error.message });
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
    if (parserError?.type && parserError.status && parserError.status >= 400 && parserError.status < 500) {
      res.status(parserError.status).json({ error: 'Invalid request body' });
      return;
    }
    logger.error({ err: error, method: req.method, url: req.originalUrl }, 'unhandled error');
    res.status(500).json({ error: 'Something went wrong on our side. Please try again.' });
  };
}
