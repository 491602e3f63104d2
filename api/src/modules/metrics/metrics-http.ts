// The metrics' two HTTP sides: timing every answer of the app's listener, and GET /metrics on the metrics
// listener of its own (METRICS_PORT), which serves nothing else. The app's port never answers /metrics.
import type { RequestListener } from 'node:http';
import { routePatternOf } from '../../http/route-pattern';
import type { Logger } from '../../logger';
import type { Metrics } from './metrics';

/** Wraps the server's outermost listener: each answer is timed from arrival to its last byte handed to the OS. */
export function withRequestMetrics(metrics: Metrics, listener: RequestListener): RequestListener {
  const { requestDuration } = metrics;
  return (req, res) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      requestDuration.observe(
        { method: req.method ?? 'GET', route: routePatternOf(req, res), status: String(res.statusCode) },
        Number(process.hrtime.bigint() - started) / 1e9,
      );
    });
    listener(req, res);
  };
}

/** The metrics listener: GET (or HEAD) /metrics in Prometheus's text format; 404 for anything else. */
export function metricsEndpoint(metrics: Metrics, logger: Logger): RequestListener {
  const { registry } = metrics;
  return (req, res) => {
    const path = (req.url ?? '').replace(/\?.*$/s, '');
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'metrics scrape failed');
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Metrics unavailable\n');
      },
    );
  };
}
