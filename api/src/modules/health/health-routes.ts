// GET /api/health: answers 200 only when the database answers (as it always has: monitors use it).
// GET /api/health/live: 200 while the process runs (a supervisor restarts it otherwise).
// GET /api/health/ready: 200 only when this instance should get traffic: the database answers, its schema is
// this build's, and the process is not draining before a stop. A load balancer routes by it.
import { readdirSync } from 'node:fs';
import { Router, type Response } from 'express';
import type { AppDeps } from '../../deps';
import { MIGRATIONS_DIR } from '../../db/migrate';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../http/error-middleware';
import { isMigrated, ping } from './health-repository';

/** This build's newest migration: the schema a ready instance needs (read once; the folder ships with the build). */
const newestMigration = (): string | null =>
  readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .at(-1) ?? null;

function unavailable(res: Response, body: Record<string, string>): void {
  res.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
  res.set('Cache-Control', 'no-store');
  res.status(503).json({ error: 'Not ready', code: 'unavailable', status: 'error', ...body });
}

export function healthRouter(deps: AppDeps): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    try {
      await ping(deps.prisma);
      res.json({ status: 'ok', database: 'ok' });
    } catch (error) {
      deps.logger.error({ err: error }, 'health check failed');
      res.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      res.status(503).json({ error: 'Database unavailable', code: 'unavailable', status: 'error', database: 'error' });
    }
  });
  return router;
}

/**
 * The load balancer's and supervisor's probes: asked every few seconds by each, so they are answered before the
 * request log, sessions and languages (a log line per probe would drown the requests people make).
 */
export function probesRouter(deps: AppDeps, isDraining: () => boolean): Router {
  const router = Router();
  const migration = newestMigration();

  router.get('/health/live', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });

  router.get('/health/ready', async (_req, res) => {
    if (isDraining()) return unavailable(res, { draining: 'yes' });
    let migrated: boolean;
    try {
      migrated = migration === null ? (await ping(deps.prisma), true) : await isMigrated(deps.prisma, migration);
    } catch (error) {
      deps.logger.warn({ err: error }, 'readiness: the database does not answer');
      return unavailable(res, { database: 'error' });
    }
    if (!migrated) return unavailable(res, { database: 'ok', migrations: 'pending' });
    res.set('Cache-Control', 'no-store').json({ status: 'ok', database: 'ok', migrations: 'done', draining: 'no' });
  });
  return router;
}
