// Event use cases for the website, the Mini App and the bot. They never see req/res; permissions are
// decided here (the client's hiding of buttons is a courtesy, not a guard).
import type { z } from 'zod';
import type { RsvpStatus } from '../../../../shared/constants';
import { MSG } from '../../../../shared/messages';
import type { eventInputSchema, eventUpdateSchema } from '../../../../shared/schemas';
import type { AttendanceResponse, Attendee, CommentItem, EventSummary, InvitationItem } from '../../../../shared/types';
import type { AppDeps } from '../../deps';
import { forbidden, invalid, notFound } from '../../../../shared/errors';
import * as attendanceRepo from './attendance-repository';
import * as commentsRepo from './comments-repository';
import { describeChanges } from './event-changes';
import * as repo from './events-repository';
import * as invitationsRepo from './invitations-repository';

export type Viewer = repo.Viewer;
/** A create or edit, as eventInputSchema leaves it (date as an ISO string). */
export type EventFields = z.output<typeof eventInputSchema>;
/** An edit: as a create, except that a left-out isPublic means "keep it". */
export type EventUpdateFields = z.output<typeof eventUpdateSchema>;

export interface SetAttendanceResult {
  status: RsvpStatus;
  attendingCount: number;
}

const toWrite = (input: EventFields): repo.EventWrite => ({
  name: input.name,
  description: input.description,
  date: new Date(input.date),
  location: input.location,
  imageUrl: input.imageUrl,
  isPublic: input.isPublic,
});

const mayManage = (viewer: Viewer, event: repo.EventRecord) => viewer.isAdmin || event.creatorId === viewer.id;

export function createEventsService(deps: AppDeps) {
  // A change and its notifications commit together (DESIGN §5): each trigger writes its fan-out job inside
  // the transaction of the change, so a failure undoes both, and a crash after the commit loses neither.
  const { prisma, notifications } = deps;

  /** The event if the viewer may see it; private events of others are a 404, as if they did not exist. */
  async function visibleRecord(viewer: Viewer, id: number): Promise<repo.EventRecord> {
    const event = await repo.findVisibleRecord(prisma, viewer, id);
    if (!event) throw notFound(MSG.eventNotFound);
    return event;
  }

  /** Visible, and the viewer is its creator or an admin. */
  async function managedRecord(viewer: Viewer, id: number, refusal: string): Promise<repo.EventRecord> {
    const event = await visibleRecord(viewer, id);
    if (!mayManage(viewer, event)) throw forbidden(refusal);
    return event;
  }

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
    const id = await repo.createEvent(prisma, viewer.id, toWrite(input), (tx, newId) =>
      notifications.eventCreated(newId, tx),
    );
    return getVisible(viewer, id);
  }

  /** The whole event is sent on edit (as on create); only a real change notifies anyone. */
  async function update(viewer: Viewer, id: number, input: EventUpdateFields): Promise<EventSummary> {
    const before = await managedRecord(viewer, id, MSG.onlyCreatorEdits);
    const after = toWrite({ ...input, isPublic: input.isPublic ?? before.isPublic });
    const updateType = describeChanges(before, after);
    const updated = await repo.updateEvent(prisma, id, after, async (tx) => {
      if (updateType) await notifications.eventUpdated(id, updateType, tx);
    });
    if (!updated) throw notFound(MSG.eventNotFound);
    return getVisible(viewer, id);
  }

  async function remove(viewer: Viewer, id: number): Promise<void> {
    await managedRecord(viewer, id, MSG.onlyCreatorDeletes);
    if (!(await repo.deleteEvent(prisma, id))) throw notFound(MSG.eventNotFound);
  }

  async function getAttendance(viewer: Viewer, id: number): Promise<AttendanceResponse> {
    await visibleRecord(viewer, id);
    return { status: (await attendanceRepo.findStatus(prisma, id, viewer.id)) ?? 'not_responded' };
  }

  async function setAttendance(viewer: Viewer, id: number, status: RsvpStatus): Promise<SetAttendanceResult> {
    await visibleRecord(viewer, id);
    if (!(await attendanceRepo.upsertStatus(prisma, id, viewer.id, status))) throw notFound(MSG.eventNotFound);
    return { status, attendingCount: await attendanceRepo.countAttending(prisma, id) };
  }

  async function attendees(viewer: Viewer, id: number): Promise<Attendee[]> {
    await visibleRecord(viewer, id);
    return attendanceRepo.listAttendees(prisma, id);
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
    getAttendance,
    setAttendance,
    attendees,
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
