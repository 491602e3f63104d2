// Event use cases. They never see req/res; permissions are decided here, not in the client.
import { MSG } from '../../../../shared/messages';
import type { EventSummary } from '../../../../shared/types';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import * as repo from './events-repository';

export function createEventsService(deps: AppDeps) {
  const { prisma } = deps;

  /** The event if the viewer may see it; private events of others are a 404, as if they did not exist. */
  async function getVisible(viewer: repo.Viewer, id: number): Promise<EventSummary> {
    const event = await repo.findVisibleEvent(prisma, viewer, id);
    if (!event) throw notFound(MSG.eventNotFound);
    return event;
  }

  return {
    list: (viewer: repo.Viewer) => repo.listEvents(prisma, viewer),
    getVisible,
  };
}
