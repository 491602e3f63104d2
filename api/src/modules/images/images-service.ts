// Cover photo use cases: an organiser uploads one, anyone with its URL reads it (shared caches only a public event's), an event takes it up as its
// cover (and drops the one it replaces), and uploads no event took up are forgotten after a day.
import { mayCreateEvents } from '../../../../shared/permissions';
import type { Prisma as PrismaTypes } from '@prisma/client';
import { IMAGE_UPLOAD } from '../../../../shared/constants';
import { forbidden, invalid } from '../../../../shared/errors';
import { uploadedImageId } from '../../../../shared/schemas/events';
import type { UploadedImage } from '../../../../shared/types';
import type { AppDeps } from '../../deps';
import { randomToken } from '../../lib/secrets';
import { processImage } from './image-processing';
import type { ImageStore } from './image-store';
import { attachImage, coverAudience, createDatabaseImageStore, deleteEventImagesExcept } from './images-repository';
import { MSG } from '../../../../shared/messages';

export interface Uploader {
  id: number;
  isAdmin: boolean;
  role: string;
}

/** An upload no event took up is removed after this long. */
export const UNATTACHED_IMAGE_TTL_MS = 24 * 60 * 60 * 1000;

export const COVER_MESSAGES = {
  onlyAdminsUpload: MSG.coverOnlyAdmins,
  missing: MSG.coverMissing,
  otherEvents: MSG.coverOtherEvent,
  notYours: MSG.coverNotYours,
} as const;

export const imageUrlOf = (id: string) => `/api/images/${id}`;

export function createImagesService(
  deps: Pick<AppDeps, 'now' | 'prisma'>,
  store: ImageStore = createDatabaseImageStore(deps.prisma),
) {
  /** The people who may create events may upload their pictures. */
  function assertCanUpload(viewer: Uploader): void {
    if (!mayCreateEvents(viewer)) throw forbidden(COVER_MESSAGES.onlyAdminsUpload);
  }

  async function upload(viewer: Uploader, bytes: Buffer): Promise<UploadedImage> {
    assertCanUpload(viewer);
    const variants = await processImage(bytes);
    const widest = variants[0]!;
    // 128 random bits: the URL is public (an <img> in the Mini App sends no credentials), so it must be unguessable.
    const id = randomToken(16);
    await store.save({ id, uploaderId: viewer.id, width: widest.width, height: widest.height, variants });
    return { imageUrl: imageUrlOf(id), width: widest.width, height: widest.height };
  }

  /**
   * The WebP bytes of one variant (the default width when none is named) and who may keep a copy, or null.
   * Anyone with the URL may read it (an <img> in the Mini App sends no credentials; the URL is unguessable and
   * only shown to who may see the event, and a new cover is a new upload with a new URL), but only a public
   * event's cover may sit in shared caches.
   */
  async function read(
    id: string,
    size: number = IMAGE_UPLOAD.defaultWidth,
  ): Promise<{ bytes: Buffer; audience: 'everyone' | 'viewer' } | null> {
    const [bytes, audience] = await Promise.all([
      store.readVariant(id, size),
      coverAudience(deps.prisma, imageUrlOf(id)),
    ]);
    return bytes ? { bytes, audience } : null;
  }

  /**
   * Refuses an uploaded cover the viewer may not use on this event (a create has no eventId): one that does
   * not exist, belongs to another event, or (not yet used) was uploaded by someone else, unless an admin asks.
   * Sample images pass untouched.
   */
  async function checkCover(viewer: Uploader, imageUrl: string, eventId?: number): Promise<void> {
    const id = uploadedImageId(imageUrl);
    if (!id) return;
    const image = await store.find(id);
    if (!image) throw invalid(COVER_MESSAGES.missing);
    if (image.eventId !== null) {
      if (image.eventId !== eventId) throw invalid(COVER_MESSAGES.otherEvents);
      return;
    }
    if (image.uploaderId !== viewer.id && !viewer.isAdmin) throw invalid(COVER_MESSAGES.notYours);
  }

  /**
   * In the event's create or edit transaction: the cover (when uploaded) becomes the event's, and any upload
   * it replaced is deleted. Throws (undoing the whole change) when the upload vanished or another event took it
   * since checkCover.
   */
  async function attachCover(tx: PrismaTypes.TransactionClient, eventId: number, imageUrl: string): Promise<void> {
    const id = uploadedImageId(imageUrl);
    if (id && !(await attachImage(tx, id, eventId))) throw invalid(COVER_MESSAGES.missing);
    await deleteEventImagesExcept(tx, eventId, id);
  }

  /** Housekeeping: uploads no event took up within a day. */
  function pruneUnattached(): Promise<number> {
    return store.deleteUnattachedBefore(new Date(deps.now().getTime() - UNATTACHED_IMAGE_TTL_MS));
  }

  return { assertCanUpload, upload, read, checkCover, attachCover, pruneUnattached };
}

export type ImagesService = ReturnType<typeof createImagesService>;
