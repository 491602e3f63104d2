// The event_images and event_image_variants tables: the database implementation of ImageStore, and the link
// between an image and its event, written inside the event's own transaction. Only repositories import Prisma.
import type { Prisma as PrismaTypes } from '@prisma/client';
import type { Prisma } from '../../db/database';
import type { ImageStore } from './image-store';

type Tx = PrismaTypes.TransactionClient;

/**
 * Variant bytes cross the driver as base64 text, decoded and encoded by the database: the PGlite adapter
 * (pglite-prisma-adapter 0.6) cannot bind Prisma's Bytes parameters, and text binds alike everywhere.
 */
export function createDatabaseImageStore(prisma: Prisma): ImageStore {
  return {
    async save(image) {
      await prisma.$transaction([
        prisma.eventImage.create({
          data: { id: image.id, uploaderId: image.uploaderId, width: image.width, height: image.height },
        }),
        ...image.variants.map(
          (variant) => prisma.$executeRaw`
            INSERT INTO event_image_variants (image_id, size, data)
            VALUES (${image.id}, ${variant.size}, decode(${variant.data.toString('base64')}, 'base64'))`,
        ),
      ]);
    },
    find(id) {
      return prisma.eventImage.findUnique({ where: { id }, select: { id: true, uploaderId: true, eventId: true } });
    },
    async readVariant(id, size) {
      const [row] = await prisma.$queryRaw<Array<{ data: string }>>`
        SELECT encode(data, 'base64') AS data FROM event_image_variants WHERE image_id = ${id} AND size = ${size}`;
      return row ? Buffer.from(row.data, 'base64') : null;
    },
    async deleteUnattachedBefore(cutoff) {
      const { count } = await prisma.eventImage.deleteMany({ where: { eventId: null, createdAt: { lt: cutoff } } });
      return count;
    },
  };
}

/**
 * Makes the image the event's cover; false when it is gone (removed by housekeeping) or already another
 * event's (two edits racing for one upload).
 */
export async function attachImage(tx: Tx, imageId: string, eventId: number): Promise<boolean> {
  const { count } = await tx.eventImage.updateMany({
    where: { id: imageId, OR: [{ eventId: null }, { eventId }] },
    data: { eventId },
  });
  return count > 0;
}

/** Removes the event's uploaded images except `keepId` (its cover was replaced); their variants go with them. */
export async function deleteEventImagesExcept(tx: Tx, eventId: number, keepId: string | null): Promise<void> {
  await tx.eventImage.deleteMany({ where: { eventId, ...(keepId ? { id: { not: keepId } } : {}) } });
}

/**
 * Who may keep a copy of the cover at `imageUrl`: 'everyone' while at least one event shows it and all that do
 * are public, otherwise 'viewer' (a private event's cover, or an upload no event shows yet).
 */
export async function coverAudience(prisma: Prisma, imageUrl: string): Promise<'everyone' | 'viewer'> {
  const [row] = await prisma.$queryRaw<Array<{ shown: boolean; hidden: boolean }>>`
    SELECT EXISTS (SELECT 1 FROM events e WHERE e.image_url = ${imageUrl}) AS shown,
      EXISTS (SELECT 1 FROM events e WHERE e.image_url = ${imageUrl} AND NOT e.is_public) AS hidden`;
  return row?.shown && !row.hidden ? 'everyone' : 'viewer';
}
