// Event use cases for the website, the Mini App and the bot. They never see req/res; permissions are
// decided here (the client's hiding of buttons is a courtesy, not a guard).
import type { z } from 'zod';
import { MSG } from '../../../../shared/messages';
import type { eventInputSchema, eventUpdateSchema } from '../../../../shared/schemas';
import type { CommentItem, EventSummary, InvitationItem } from '../../../../shared/types';
import type { AppDeps } from '../../deps';
import { createImagesService } from '../images/images-service';
import { forbidden, invalid, notFound } from '../../../../shared/errors';
import { createEventAccess } from './event-access';
import { createRsvpService } from './rsvp-service';
import * as commentsRepo from './comments-repository';
import { describeChanges } from './event-changes';
import * as repo from './events-repository';
import * as invitationsRepo from './invitations-repository';

export type Viewer = repo.Viewer;
/** A create or edit, as eventInputSchema leaves it (date as an ISO string). */
export type EventFields = z.output<typeof eventInputSchema>;
/** An edit: as a create, except that a left-out isPublic means "keep it". */
export type EventUpdateFields = z.output<typeof eventUpdateSchema>;

type RsvpSettings = Pick<repo.EventWrite, 'capacity' | 'guestsAllowed' | 'rsvpClosesAt' | 'rsvpDigest'>;
const NO_RSVP_SETTINGS: RsvpSettings = { capacity: null, guestsAllowed: 0, rsvpClosesAt: null, rsvpDigest: false };

/** The RSVP settings a create or edit leaves out keep `kept` (on create: no limit, no guests, open, no digest). */
const toWrite = (input: EventFields, kept: RsvpSettings = NO_RSVP_SETTINGS): repo.EventWrite => ({
  name: input.name,
  description: input.description,
  date: new Date(input.date),
  location: input.location,
  imageUrl: input.imageUrl,
  isPublic: input.isPublic,
  capacity: input.capacity === undefined ? kept.capacity : input.capacity,
  guestsAllowed: input.guestsAllowed ?? kept.guestsAllowed,
  rsvpClosesAt:
    input.rsvpClosesAt === undefined
      ? kept.rsvpClosesAt
      : input.rsvpClosesAt === null
        ? null
        : new Date(input.rsvpClosesAt),
  rsvpDigest: input.rsvpDigest ?? kept.rsvpDigest,
});

export function createEventsService(deps: AppDeps) {
  // A change and its notifications commit together (DESIGN §5): each trigger writes its fan-out job inside
  // the transaction of the change, so a failure undoes both, and a crash after the commit loses neither.
  const { prisma, notifications } = deps;
  const images = createImagesService(deps);
  const { visibleRecord, managedRecord } = createEventAccess(prisma);
  const rsvp = createRsvpService(deps);

  async function getVisible(viewer: Viewer, id: number): Promise<EventSummary> {
    const event = await repo.findVisibleEvent(prisma, viewer, id);
    if (!event) throw notFound(MSG.eventNotFound);
    return event;
  }

  function assertCanCreate(viewer: Viewer): void {
    if (!viewer.isAdmin) throw forbidden(MSG.onlyAdminsCreate);
  }

  async function create(viewer: Viewer, input: EventFields): Promise<EventSummary> {
    assertCanCreate(viewer);
    await images.checkCover(viewer, input.imageUrl);
    // An uploaded cover becomes the event's in the same transaction (deleting the event deletes it).
    const id = await repo.createEvent(prisma, viewer.id, toWrite(input), async (tx, newId) => {
      await images.attachCover(tx, newId, input.imageUrl);
      await notifications.eventCreated(newId, tx);
    });
    return getVisible(viewer, id);
  }

  /** The whole event is sent on edit (as on create); only a real change notifies anyone. */
  async function update(viewer: Viewer, id: number, input: EventUpdateFields): Promise<EventSummary> {
    const before = await managedRecord(viewer, id, MSG.onlyCreatorEdits);
    await images.checkCover(viewer, input.imageUrl, id);
    const after = toWrite({ ...input, isPublic: input.isPublic ?? before.isPublic }, before);
    const updateType = describeChanges(before, after);
    const updated = await repo.updateEvent(prisma, id, after, async (tx) => {
      // A replaced uploaded cover is deleted with the change that replaced it.
      await images.attachCover(tx, id, after.imageUrl);
      if (updateType) await notifications.eventUpdated(id, updateType, tx);
      // A raised (or removed) capacity lets the waitlist in; a lowered one removes nobody. The UPDATE above
      // holds the event's row lock, as every RSVP change does.
      if (after.capacity !== before.capacity) await rsvp.fillSpots(tx, { id, capacity: after.capacity });
    });
    if (!updated) throw notFound(MSG.eventNotFound);
    return getVisible(viewer, id);
  }

  async function remove(viewer: Viewer, id: number): Promise<void> {
    await managedRecord(viewer, id, MSG.onlyCreatorDeletes);
    if (!(await repo.deleteEvent(prisma, id))) throw notFound(MSG.eventNotFound);
  }

  async function comments(viewer: Viewer, id: number): Promise<CommentItem[]> {
    await visibleRecord(viewer, id);
    return commentsRepo.listComments(prisma, id);
  }

  /** `content` comes trimmed and non-empty from commentSchema. */
  async function addComment(viewer: Viewer, id: number, content: string): Promise<CommentItem> {
    await visibleRecord(viewer, id);
    const comment = await commentsRepo.addComment(prisma, id, viewer.id, content);
    if (!comment) throw notFound(MSG.eventNotFound);
    return comment;
  }

  async function invitations(viewer: Viewer, id: number): Promise<InvitationItem[]> {
    await managedRecord(viewer, id, MSG.onlyCreatorInvites);
    return invitationsRepo.listInvitations(prisma, id);
  }

  /**
   * Replaces the invited set. Invitations on a public event are accepted and stored: they change nothing
   * while it is public, and they keep their meaning if the creator later makes it private (the web app
   * only offers them on private events). Only users not invited before are notified.
   */
  async function replaceInvitations(viewer: Viewer, id: number, userIds: number[]): Promise<InvitationItem[]> {
    await managedRecord(viewer, id, MSG.onlyCreatorInvites);
    const result = await invitationsRepo.replaceInvitations(prisma, id, userIds, (tx, added) =>
      notifications.invited(id, added, tx),
    );
    if (result.kind === 'event-gone') throw notFound(MSG.eventNotFound);
    if (result.kind === 'unknown-users') throw invalid(unknownUsersMessage(result.userIds));
    return result.invitations;
  }

  /** Visible events from now on, soonest first: the bot's /events. */
  function upcomingEvents(viewer: Viewer, limit: number): Promise<EventSummary[]> {
    return repo.listUpcomingEvents(prisma, viewer, deps.now(), limit);
  }

  return {
    list: (viewer: Viewer) => repo.listEvents(prisma, viewer),
    upcomingEvents,
    getVisible,
    assertCanCreate,
    create,
    update,
    remove,
    getAttendance: rsvp.getAttendance,
    setAttendance: rsvp.setAttendance,
    attendees: rsvp.attendees,
    comments,
    addComment,
    invitations,
    replaceInvitations,
  };
}

export type EventsService = ReturnType<typeof createEventsService>;

function unknownUsersMessage(userIds: number[]): string {
  if (userIds.length === 0) return MSG.unknownInvitees;
  const shown = userIds.slice(0, 10).join(', ');
  return `${MSG.unknownInvitees}: ${shown}${userIds.length > 10 ? ', …' : ''}`;
}
