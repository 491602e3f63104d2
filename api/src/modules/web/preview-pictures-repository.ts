// The kept link-preview pictures (event_preview_images): one per event, the one drawn for its current key. Bytes
// cross the driver as base64 text, as the covers' do (images-repository.ts): the PGlite adapter cannot bind Bytes.
import type { Prisma } from '../../db/database';

/** The kept picture of the event when it was drawn for `key`, else null (none yet, or an older one). */
export async function findPicture(prisma: Prisma, eventId: number, key: string): Promise<Buffer | null> {
  const [row] = await prisma.$queryRaw<Array<{ data: string }>>`
    SELECT encode(data, 'base64') AS data FROM event_preview_images WHERE event_id = ${eventId} AND key = ${key}`;
  return row ? Buffer.from(row.data, 'base64') : null;
}

/**
 * Keeps the picture drawn for `key` in place of any older one. Two instances drawing the same key at once write
 * the same bytes; an event deleted meanwhile keeps nothing (it inserts no row).
 */
export async function keepPicture(prisma: Prisma, eventId: number, key: string, data: Buffer): Promise<void> {
  await prisma.$executeRaw`
    INSERT INTO event_preview_images (event_id, key, data)
    SELECT id, ${key}, decode(${data.toString('base64')}, 'base64') FROM events WHERE id = ${eventId}
    ON CONFLICT (event_id) DO UPDATE SET key = EXCLUDED.key, data = EXCLUDED.data, created_at = now()`;
}
