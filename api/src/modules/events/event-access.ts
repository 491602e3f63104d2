// Who may see and who may manage an event: the checks every event use case starts with. Private events of
// others are a 404, as if they did not exist; managing is for admins and for the event's creator while they
// still hold a role that may create events, and for the leaders of the event's section (403 otherwise), judged
// on every request by the role held now.
import { forbidden, notFound, type ErrorMessage } from '../../../../shared/errors';
import { MSG } from '../../../../shared/messages';
import { mayManageEvent } from '../../../../shared/permissions';
import type { Prisma } from '../../db/database';
import * as repo from './events-repository';
import type { SectionsService } from '../sections/sections-service';
import type { Viewer } from '../users/viewer';

/** Organiser powers over the event (shared/permissions.ts: the web app shows its buttons by the same rule). */
export const mayManage = (viewer: Viewer, event: { creatorId: number }) => mayManageEvent(viewer, event);

export function createEventAccess(prisma: Prisma, sections: Pick<SectionsService, 'mayRunEventsOf'>) {
  /** The event if the viewer may see it; private events of others are a 404, as if they did not exist. */
  async function visibleRecord(viewer: Viewer, id: number): Promise<repo.EventRecord> {
    const event = await repo.findVisibleRecord(prisma, viewer, id);
    if (!event) throw notFound(MSG.eventNotFound);
    return event;
  }

  /** Visible, and the viewer may manage it (mayManage), or leads the event's section. */
  async function managedRecord(viewer: Viewer, id: number, refusal: ErrorMessage): Promise<repo.EventRecord> {
    const event = await visibleRecord(viewer, id);
    if (mayManage(viewer, event)) return event;
    if (event.sectionId !== null && (await sections.mayRunEventsOf(viewer, event.sectionId))) return event;
    throw forbidden(refusal);
  }

  /** Whether the viewer manages the event (as managedRecord decides), for answers that show managers more. */
  async function manages(viewer: Viewer, event: { creatorId: number; sectionId: number | null }): Promise<boolean> {
    if (mayManage(viewer, event)) return true;
    return event.sectionId !== null && (await sections.mayRunEventsOf(viewer, event.sectionId));
  }

  return { visibleRecord, managedRecord, manages };
}

export type EventAccess = ReturnType<typeof createEventAccess>;
