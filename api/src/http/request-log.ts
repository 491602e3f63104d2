// One structured log line per API request: method, path (never the query string, which may carry a
// confirmation token), status, duration and the signed-in user's id.
import type { RequestHandler } from 'express';
import type { Logger } from '../logger';

export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      // 4xx are the clients' business (an anonymous visitor's 401 is routine); 5xx are ours.
      const level = res.statusCode >= 500 ? 'error' : 'info';
      logger[level](
        {
          method: req.method,
          path: req.baseUrl + req.path,
          status: res.statusCode,
          ms: Math.round(ms * 10) / 10,
          userId: req.auth?.user.id,
        },
        'request',
      );
    });
    next();
  };
}
