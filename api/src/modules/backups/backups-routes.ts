// /api/admin/backups: the recorded backups (the newest first), and downloading the newest. Admins only, on the website only.
import { MSG } from '../../../../shared/messages';
import { createReadStream } from 'node:fs';
import { Router, type RequestHandler } from 'express';
import { conflict, forbidden, notFound } from '../../../../shared/errors';
import type { BackupItem, BackupsView } from '../../../../shared/types';
import type { AppDeps } from '../../deps';
import { requireAdmin, requireWebsiteSession } from '../auth/request-auth';
import type { BackupsService, StoredBackup } from './backups-service';

/**
 * The download is the whole membership's personal data, so beyond being an admin it must be asked for by our
 * own page: a link on another site cannot make a signed-in admin's browser fetch it (the cookie is
 * SameSite=Lax, so a top-level navigation would carry it).
 */
const requireOwnPage: RequestHandler = (req, _res, next) => {
  const site = req.get('sec-fetch-site');
  if (site && site !== 'same-origin') return next(forbidden(MSG.crossSiteRefused));
  next();
};

const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

const itemOf = (backup: StoredBackup): BackupItem => ({
  name: backup.name,
  createdAt: backup.createdAt.toISOString(),
  size: backup.size,
  sha256: backup.sha256,
  instance: backup.instance,
});

export function backupsRouter(
  backups: BackupsService,
  deps: Pick<AppDeps, 'logger'> & { dailyAtUtc: string | null },
): Router {
  const router = Router();
  // Every backup route, whatever its method: the website's session only, never the Mini App's session or
  // initData (bearer proofs that live in a Telegram client; a leaked one must not be enough to take everyone's data).
  router.use('/admin/backups', requireWebsiteSession(MSG.backupsWebsiteOnly));

  router.get('/admin/backups', noStore, requireAdmin, async (_req, res) => {
    // From the record, not this instance's folder: every instance lists the same backups.
    const listed = (await backups.list()).map(itemOf);
    const view: BackupsView = {
      latest: listed[0] ?? null,
      backups: listed,
      keep: backups.settings.keep,
      dailyAtUtc: deps.dailyAtUtc,
    };
    res.json(view);
  });

  router.get('/admin/backups/latest', noStore, requireAdmin, requireOwnPage, async (req, res, next) => {
    const latest = await backups.latest();
    if (!latest) throw notFound(MSG.noBackupYet);
    // Several instances without a shared backups folder: the file is on the instance the record names.
    if (!(await backups.isHere(latest))) throw conflict(MSG.backupNotHere);
    // Who took the members' data, and which: never what is in it.
    deps.logger.info({ userId: req.auth?.user.id, backup: latest.name }, 'backup downloaded');
    res.attachment(latest.name);
    res.type('application/octet-stream');
    res.setHeader('Content-Length', String(latest.size));
    const stream = createReadStream(latest.path);
    stream.on('error', next);
    stream.pipe(res);
  });

  return router;
}
