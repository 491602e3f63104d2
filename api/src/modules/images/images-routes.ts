// /api/images: HTTP only. POST takes the raw file bytes (no multipart); GET serves a stored WebP variant,
// cached for good by anyone when it is a public event's cover, and only by the browser otherwise.
import express, { Router, type Request, type RequestHandler } from 'express';
import { IMAGE_UPLOAD } from '../../../../shared/constants';
import { notFound, tooLarge, unsupported } from '../../../../shared/errors';
import { currentUser, requireUser } from '../auth/request-auth';
import { IMAGE_MESSAGES } from './image-processing';
import { type ImagesService } from './images-service';
import { MSG } from '../../../../shared/messages';

const IMAGE_ID = /^[A-Za-z0-9_-]{22}$/;
const VARIANT_FILE = new RegExp(`^(${IMAGE_UPLOAD.widths.join('|')})\\.webp$`);
const NOT_FOUND = MSG.imageNotFound;
/** An id never changes its picture: a public event's cover is cached for good. */
const PUBLIC_COVER = 'public, max-age=31536000, immutable';
/**
 * A private event's cover (or an upload no event shows yet): no shared cache keeps it, and the browser asks
 * again before each use (an ETag makes that a 304), so a deleted event's cover is gone at the next look.
 */
const PRIVATE_COVER = 'private, no-cache';
const WRONG_BODY = MSG.imageBodyWrong;

/** The one /api call whose body is not JSON: the same-origin guard lets its raw bytes through. */
export const isImageUpload = (req: Request) => req.method === 'POST' && req.path === '/images';

/**
 * Any image type or plain bytes: the content decides what it is, so a GIF or TIFF hears "only JPEG, PNG and
 * WebP" rather than "wrong request" (IMAGE_UPLOAD.contentTypes is what the web app sends).
 */
const RAW_TYPE = /^(?:image\/[\w.+-]+|application\/octet-stream)\s*(?:;|$)/i;

/** Reads up to 10 MB of bytes; a bigger body is refused from its Content-Length before it is read. */
function readImageBody(): RequestHandler {
  const raw = express.raw({
    type: (req) => RAW_TYPE.test(req.headers['content-type'] ?? ''),
    limit: IMAGE_UPLOAD.maxBytes,
    inflate: false,
  });
  return (req, res, next) =>
    raw(req, res, (error?: unknown) => {
      const tooBig = (error as { type?: string } | undefined)?.type === 'entity.too.large';
      next(tooBig ? tooLarge(IMAGE_MESSAGES.tooManyBytes) : error);
    });
}

export function imagesRouter(images: ImagesService): Router {
  const router = Router();

  // Refused before 10 MB are read: what a member needs to hear is "not allowed".
  const mayUpload: RequestHandler = (req, _res, next) => {
    images.assertCanUpload(currentUser(req));
    next();
  };

  router.post('/images', requireUser, mayUpload, readImageBody(), async (req, res) => {
    if (!Buffer.isBuffer(req.body)) throw unsupported(WRONG_BODY);
    res.status(201).json(await images.upload(currentUser(req), req.body));
  });

  async function serve(id: string | undefined, size: number | undefined, res: express.Response) {
    const image = id && IMAGE_ID.test(id) ? await images.read(id, size) : null;
    if (!image) throw notFound(NOT_FOUND);
    res.set({
      'Content-Type': 'image/webp',
      'Cache-Control': image.audience === 'everyone' ? PUBLIC_COVER : PRIVATE_COVER,
      'X-Content-Type-Options': 'nosniff',
    });
    res.send(image.bytes);
  }

  router.get('/images/:id', async (req, res) => {
    await serve(req.params.id, undefined, res);
  });

  router.get('/images/:id/:file', async (req, res) => {
    const size = VARIANT_FILE.exec(req.params.file)?.[1];
    if (!size) throw notFound(NOT_FOUND);
    await serve(req.params.id, Number(size), res);
  });

  return router;
}
