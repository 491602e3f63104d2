// GET /api/events/{id}/preview.png: the link-preview picture of an upcoming public event (preview-picture.ts).
// Whatever the preview route refuses, this refuses with the same 404 (a private, past, deleted or unknown event,
// or every event while link previews are off), and it counts in the same per-address bucket.
import { Router } from 'express';
import { notFound } from '../../../../shared/errors';
import { MSG } from '../../../../shared/messages';
import type { AppDeps } from '../../deps';
import { rateLimit } from '../../http/rate-limit';
import { parseId } from '../../http/validate';
import { linkPreviewRule } from '../events/events-routes';
import type { EventsService, SharedEvent } from '../events/events-service';
import type { ImagesService } from '../images/images-service';
import { drawPicture, pictureContent, pictureKey, picturePath, type CoverSource } from './preview-picture';
import { findPicture, keepPicture } from './preview-pictures-repository';

export function createPreviewPictures(
  deps: Pick<AppDeps, 'config' | 'prisma'>,
  events: EventsService,
  images: ImagesService,
  webappDir: string,
) {
  const source: CoverSource = {
    readUpload: async (id, size) => (await images.read(id, size))?.bytes ?? null,
    webappDir,
  };
  /** Pictures being drawn by this instance, by key: a burst of fetches after a share draws it once. */
  const drawing = new Map<string, Promise<Buffer>>();

  const contentOf = (shared: SharedEvent) =>
    pictureContent(shared.preview, shared.pictureLanguage, deps.config.brand.color);

  /** The picture's address for og:image; its `v` changes whenever what it shows does. */
  const addressOf = (shared: SharedEvent) => picturePath(shared.preview.id, pictureKey(contentOf(shared)));

  /** The kept picture for the event's current content, drawn and kept first when there is none. */
  async function picture(shared: SharedEvent, key: string): Promise<Buffer> {
    const id = shared.preview.id;
    const kept = await findPicture(deps.prisma, id, key);
    if (kept) return kept;
    let pending = drawing.get(key);
    if (!pending) {
      pending = drawPicture(contentOf(shared), source).then(async (data) => {
        await keepPicture(deps.prisma, id, key, data);
        return data;
      });
      drawing.set(key, pending);
      void pending.finally(() => drawing.delete(key)).catch(() => undefined);
    }
    return pending;
  }

  function router(): Router {
    const routes = Router();
    routes.get('/events/:id/preview.png', rateLimit(deps.prisma, linkPreviewRule(deps.config)), async (req, res) => {
      const shared = await events.publicPreview(parseId(req.params.id, 'event'));
      if (!shared) throw notFound(MSG.eventNotFound);
      const key = pictureKey(contentOf(shared));
      // Derived from what it shows, so every instance answers 304 to any other's tag. Shared caches ask again
      // each time: once the event turns private or is over, they get the 404.
      const etag = `"${key}"`;
      res.setHeader('ETag', etag).setHeader('Cache-Control', 'public, no-cache');
      if (req.get('if-none-match') === etag) return void res.status(304).end();
      res.type('image/png').send(await picture(shared, key));
    });
    return routes;
  }

  return { addressOf, router };
}
