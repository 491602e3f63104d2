// What Prometheus metrics cost the hot reads: the compiled app with METRICS_PORT set against the same app without,
// both started together on one database (a server loaded for minutes before would have its JIT and heap
// settled, and the ratio would measure a fresh process against a warm one, not the metrics). Every answer is
// observed into the request histogram; the scrapes themselves are not part of the load. CPU time is the app
// process's only: both servers share the database, whose work is the same for either. A third server, metrics
// off too, gives the noise floor: the same comparison between two identical servers.
import { EventEmitter } from 'node:events';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { setRoutePattern } from '../../../api/src/http/route-pattern';
import { createMetrics } from '../../../api/src/modules/metrics/metrics';
import { withRequestMetrics } from '../../../api/src/modules/metrics/metrics-http';
import { measureCost, type CostRow } from '../bench-rounds';
import { step, type ChildServer } from '../bench-kit';
import { SERVER_PROCESS_ENV } from '../env';
import { benchAppEnv } from './app-config';
import { startCompiledApp, startServedApp } from './compiled-app';

export async function measureMetricsCost(
  databaseUrl: string,
  headers: Record<string, string>,
  detailPaths: string[],
): Promise<CostRow[]> {
  const servers: ChildServer[] = [];
  try {
    const [metered, unmetered, twin] = await step('started our app with metrics on (METRICS_PORT), off, and off', () =>
      Promise.all([
        startServedApp({ ...SERVER_PROCESS_ENV, ...benchAppEnv(databaseUrl), METRICS_PORT: '0' }),
        startCompiledApp(databaseUrl),
        startCompiledApp(databaseUrl),
      ]),
    );
    servers.push(metered, unmetered, twin);
    const side = (server: ChildServer, paths: readonly string[]) => ({
      server,
      target: { url: server.url, paths: [...paths], headers },
    });
    const rows: CostRow[] = [];
    for (const [label, paths, a, b] of [
      ['GET /api/events/{id}: metrics on / off', detailPaths, metered, unmetered],
      ['GET /api/events: metrics on / off', ['/api/events'], metered, unmetered],
      ['GET /api/events/{id}: off / off (noise floor)', detailPaths, twin, unmetered],
    ] as const) {
      const cost = await step(`loaded ${label}`, () => measureCost(side(a, paths), side(b, paths)));
      rows.push({ label, ...cost });
    }
    return rows;
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

/** Requests in the measurement of the metrics' own work. */
const WORK_REQUESTS = 500_000;

/**
 * The CPU time the metrics add to one answer, measured apart (µs, the median of five runs): the request wrapper's
 * timer, its finish listener and the histogram's observation, against the same listener unwrapped. A figure a
 * busy machine moves little, unlike the servers' rates; the hot read's own CPU time per request is in the table.
 */
export function metricsWorkPerRequest(): number {
  const metrics = createMetrics({
    prisma: null as never,
    backups: null as never,
    connections: () => ({ inUse: 0, waiting: 0 }),
    now: () => new Date(),
    logger: null as never,
  });
  const answer: RequestListener = (req) => setRoutePattern(req, '/api/events/:id');
  const cpu = (listener: RequestListener) => {
    const started = process.cpuUsage();
    for (let index = 0; index < WORK_REQUESTS; index += 1) {
      const req = { method: 'GET', url: '/api/events/1' } as IncomingMessage;
      const res = Object.assign(new EventEmitter(), { statusCode: 200 }) as unknown as ServerResponse;
      listener(req, res);
      res.emit('finish');
    }
    const spent = process.cpuUsage(started);
    return (spent.user + spent.system) / WORK_REQUESTS;
  };
  const added: number[] = [];
  for (let run = 0; run < 5; run += 1) added.push(cpu(withRequestMetrics(metrics, answer)) - cpu(answer));
  return added.sort((a, b) => a - b)[2]!;
}
