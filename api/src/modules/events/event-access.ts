// Who may see and who may manage an event: the checks every event use case starts with. Private events of
// others are a 404, as if they did not exist; managing is for the event's creator and admins (403 otherwise).
import { forbidden, notFound } from '../../../../shared/errors';
import { MSG } from '../../../../shared/messages';
import type { Prisma } from '../../db/database';
import * as repo from './events-repository';

export const mayManage = (viewer: repo.Viewer, event: { creatorId: number }) =>
  viewer.isAdmin || event.creatorId === viewer.id;

export function createEventAccess(prisma: Prisma) {
  /** The event if the viewer may see it; private events of others are a 404, as if they did not exist. */
  async function visibleRecord(viewer: repo.Viewer, id: number): Promise<repo.EventRecord> {
    const event = await repo.findVisibleRecord(prisma, viewer, id);
    if (!event) throw notFound(MSG.eventNotFound);
    return event;
  }

  /** Visible, and the viewer is its creator or an admin. */
  async function managedRecord(viewer: repo.Viewer, id: number, refusal: string): Promise<repo.EventRecord> {
    const event = await visibleRecord(viewer, id);
    if (!mayManage(viewer, event)) throw forbidden(refusal);
    return event;
  }

  return { visibleRecord, managedRecord };
}
