// Event use cases for the website, the Mini App and the bot. They never see req/res; permissions are
// decided here (the client's hiding of buttons is a courtesy, not a guard).
import type { z } from 'zod';
import { MSG } from '../../../../shared/messages';
import { mayCreateEvents } from '../../../../shared/permissions';
import type { OrganisationLanguage, SeriesScope } from '../../../../shared/constants';
import type { eventCreateSchema, EventsPageQuery } from '../../../../shared/schemas/events';
import type { EventDetail, EventHost, EventPreview, EventSummary, EventsPage } from '../../../../shared/types';
import { DELETED_MEMBER_NAME } from '../../../../shared/deleted-member';
import { firstName } from '../../../../shared/minor-names';
import type { AppDeps } from '../../deps';
import type { MinorsService } from '../minors/minors-service';
import type { EventChange } from '../notifications/templates';
import type { ImagesService } from '../images/images-service';
import { forbidden, invalid, notFound } from '../../../../shared/errors';
import { versionTag } from '../../http/version-etag';
import { readDataVersion, type DataVersion } from '../../db/data-version-repository';
import { mayManage, type EventAccess } from './event-access';
import { NO_PAYMENTS, type PaymentPort } from './payment-port';
import { decodeCursor, encodeCursor } from './events-cursor';
import type { RatioFactsPort } from './register-service';
import type { RsvpService } from './rsvp-service';
import type { CommentsService } from './comments-service';
import type { SectionsService } from '../sections/sections-service';
import { announcedChanges } from './event-changes';
import { createDefaults, toWrite, type EventFields } from './event-write';
import * as repo from './events-repository';
import * as listRepo from './events-list-repository';
import { findMyAnswers } from './event-read-repository';
import { createInvitations } from './invitations';
import * as seriesRepo from './series-repository';
import { idOfPartKey } from './event-rows-repository';
import { createSummaryParts, joinJson, summariesJson } from './summary-json';
import { SERIES_MESSAGES, type SeriesService } from './series-service';
import type { Viewer } from '../users/viewer';
import { findUserById } from '../users/users-repository';
import { recordAudit } from '../audit/audit-repository';
import { organisationTimeZone, readOrganisationSettings } from '../organisation/organisation-service';

/** A shared public event as a visitor may see it, and the language its link-preview picture is written in. */
export interface SharedEvent {
  preview: EventPreview;
  /** The organisation's default language: one picture serves every chat app, whoever shared the link. */
  pictureLanguage: OrganisationLanguage;
}

/** A create, which may ask for a recurring series. */
export type EventCreateFields = z.output<typeof eventCreateSchema>;
/** An edit: as a create, except that a left-out isPublic means "keep it". */
export type EventUpdateFields = EventFields;

/** What the events use cases work with besides the app's dependencies (each built once, by the composition root). */
export interface EventsCollaborators {
  access: EventAccess;
  images: ImagesService;
  rsvp: RsvpService;
  series: SeriesService;
  minors: MinorsService;
  comments: CommentsService;
  sections: SectionsService;
  /** Fees: the details' payment parts, refunds when events are deleted. */
  payments?: PaymentPort;
  /** The leaders an event names (the details tell one of them they may take its register). */
  leaders: Pick<RatioFactsPort, 'namedOn'>;
}

export function createEventsService(
  deps: Pick<AppDeps, 'config' | 'notifications' | 'now' | 'prisma'>,
  { access, images, rsvp, series, minors, comments, sections, payments = NO_PAYMENTS, leaders }: EventsCollaborators,
) {
  // A change and its notifications commit together (DESIGN §5): each trigger writes its fan-out job inside
  // the transaction of the change, so a failure undoes both, and a crash after the commit loses neither.
  const { prisma, notifications } = deps;
  const { visibleRecord, managedRecord } = access;
  // The list's kept event JSON, owned by this service (built once per system).
  const parts = createSummaryParts();
  // The organisation's zone (cached briefly): events that name none are held in it.
  const orgZone = () => organisationTimeZone(deps);

  /**
   * An event's details, with the viewer's own answers to its registration questions (myAnswers) and whether they
   * may take its register (its managers and the leaders it names; the hot read decides the same in its statement).
   */
  async function getVisible(viewer: Viewer, id: number): Promise<EventDetail> {
    const event = await listRepo.findVisibleEvent(prisma, viewer, id);
    if (!event) throw notFound(MSG.eventNotFound);
    const [myAnswers, manages] = await Promise.all([
      findMyAnswers(prisma, id, viewer.id),
      access.manages(viewer, event),
    ]);
    const mayTakeRegister = manages || (await leaders.namedOn(id, viewer.id));
    const detail: EventDetail = { ...event, myAnswers, mayTakeRegister };
    if (event.fee === null) return detail;
    return { ...detail, ...(await payments.detailsOf(viewer, detail, manages)) };
  }

  /** New fees are in the organisation's currency unless they name one. */
  const orgCurrency = async () => (await readOrganisationSettings(deps)).currency;

  /** Organisers and admins create events; a section's leaders create their section's (the event names it). */
  async function assertCanCreate(viewer: Viewer): Promise<void> {
    if (!mayCreateEvents(viewer) && !(await sections.leadsAny(viewer))) throw forbidden(MSG.onlyAdminsCreate);
  }

  /**
   * Whether the viewer may give an event `sectionId` (null: the whole organisation, for organisers and admins):
   * a section's events are made and moved by its leaders and admins only.
   */
  async function assertMayPlace(viewer: Viewer, sectionId: number | null): Promise<void> {
    if (sectionId === null) {
      if (!mayCreateEvents(viewer)) throw forbidden(MSG.onlyAdminsCreate);
      return;
    }
    await sections.assertEventSection(viewer, sectionId);
  }

  async function create(viewer: Viewer, input: EventCreateFields): Promise<EventSummary> {
    await assertCanCreate(viewer);
    await assertMayPlace(viewer, input.sectionId ?? null);
    await images.checkCover(viewer, input.imageUrl);
    // An uploaded cover becomes the event's in the same transaction (deleting the event deletes it).
    const alongside = async (tx: repo.Tx, newId: number) => {
      await images.attachCover(tx, newId, input.imageUrl);
      await notifications.eventCreated(newId, tx);
    };
    const write = toWrite(input, createDefaults(await orgZone()), await orgCurrency());
    // A series is announced once, with its first occurrence (whose announcement says it repeats).
    const id = input.recurrence
      ? await series.create(viewer.id, write, input.recurrence, alongside)
      : await repo.createEvent(prisma, viewer.id, write, alongside);
    return getVisible(viewer, id);
  }

  /**
   * The whole event is sent on edit (as on create); only a real change notifies anyone. On an occurrence of a
   * series, scope "following" applies the edit to it and every later occurrence, announced once.
   */
  async function update(
    viewer: Viewer,
    id: number,
    input: EventUpdateFields,
    scope: SeriesScope = 'this',
  ): Promise<EventSummary> {
    const before = await managedRecord(viewer, id, MSG.onlyCreatorEdits);
    // Moving the event to another section (or to everyone) is for those who may place it there.
    if (input.sectionId !== undefined && input.sectionId !== before.sectionId)
      await assertMayPlace(viewer, input.sectionId);
    // A kept cover is left alone: the occurrences of a series share their first occurrence's upload.
    const coverChanged = input.imageUrl !== before.imageUrl;
    if (coverChanged) await images.checkCover(viewer, input.imageUrl, id);
    const after = toWrite(input, { ...before, timeZone: before.timeZone ?? (await orgZone()) }, await orgCurrency());
    const changes = announcedChanges(before, after);
    const pivot = scope === 'following' ? await seriesRepo.findPivot(prisma, id) : null;
    if (pivot) {
      await series.updateFollowing(pivot, before, after, async (tx, capacityChanged) => {
        if (coverChanged) await images.attachCover(tx, id, after.imageUrl);
        if (changes.length) await announceFollowing(id, changes, tx);
        // Every occurrence's row was written above, so each holds its lock for its waitlist.
        for (const occurrence of capacityChanged)
          await rsvp.fillSpots(tx, { id: occurrence, capacity: after.capacity });
      });
      return getVisible(viewer, id);
    }
    const updated = await repo
      .updateEvent(prisma, id, after, async (tx) => {
        // A replaced uploaded cover is deleted with the change that replaced it.
        if (coverChanged) await images.attachCover(tx, id, after.imageUrl);
        if (changes.length) await notifications.eventUpdated(id, changes, tx);
        // A raised (or removed) capacity lets the waitlist in; a lowered one removes nobody. The UPDATE above
        // holds the event's row lock, as every RSVP change does.
        if (after.capacity !== before.capacity) await rsvp.fillSpots(tx, { id, capacity: after.capacity });
      })
      .catch((error: unknown) => {
        // One occurrence moved onto the start of another of its series.
        if (repo.isPrismaError(error, 'P2002')) throw invalid(SERIES_MESSAGES.sameStart);
        throw error;
      });
    if (!updated) throw notFound(MSG.eventNotFound);
    return getVisible(viewer, id);
  }

  /** One announcement for an edit of this and following occurrences (to those of any of them). */
  function announceFollowing(id: number, changes: EventChange[], tx: repo.Tx): Promise<void> {
    return notifications.seriesUpdated(id, changes, tx);
  }

  /** scope "following" on an occurrence deletes it and every later one of its series. */
  async function remove(viewer: Viewer, id: number, scope: SeriesScope = 'this'): Promise<void> {
    const event = await managedRecord(viewer, id, MSG.onlyCreatorDeletes);
    const pivot = await seriesRepo.findPivot(prisma, id);
    const audit = (tx: repo.Tx) =>
      recordAudit(tx, {
        actorId: viewer.id,
        action: 'event.deleted',
        subject: { type: 'event', id },
        details: { name: event.name, scope },
      });
    const deleted = !pivot
      ? await prisma.$transaction(async (tx) => {
          const done = await repo.deleteEvent(tx, id);
          if (done) await audit(tx);
          return done;
        })
      : scope === 'following'
        ? await series.deleteFollowing(pivot, audit)
        : await series.deleteOne(id, audit);
    if (!deleted) throw notFound(MSG.eventNotFound);
    // Whoever paid for what was deleted is refunded (a later sweep retries what fails here).
    if (event.feeAmount !== null) await payments.eventsDeleted();
  }

  /**
   * The event's creator as its page names them. Asked apart from the event itself: the event's answer is
   * cached by a version that moves with events and replies, not with names, pictures or photo consent.
   */
  async function host(viewer: Viewer, id: number): Promise<EventHost> {
    const event = await visibleRecord(viewer, id);
    // The creator's row stays while the event does (erasure keeps it, named "Deleted member").
    const creator = await findUserById(prisma, event.creatorId);
    if (!creator) throw notFound(MSG.eventNotFound);
    const { name, avatarUrl } = creator;
    const [shown] = await minors.shownTo(viewer, [{ id: creator.id, name, avatarUrl }], mayManage(viewer, event));
    return shown!;
  }

  /** The whole list as JSON bytes (SPEC's GET /api/events): every visible event, oldest first. */
  async function listJson(viewer: Viewer, sectionId?: number): Promise<Buffer> {
    const listed = await listRepo.listVisible(prisma, viewer, sectionId);
    return joinJson('[', await summariesJson(prisma, parts, viewer, listed), ']');
  }

  /**
   * A page of the list as JSON: upcoming soonest first or past newest first, with the next page's
   * cursor (`{"events":[...],"nextCursor":...}`, as JSON.stringify writes an EventsPage).
   */
  async function pageJson(viewer: Viewer, query: EventsPageQuery & { sectionId?: number }): Promise<Buffer> {
    const { when, limit, mine, sectionId } = query;
    const after = query.cursor === undefined ? null : decodeCursor(query.cursor, when);
    const page = { when, now: deps.now(), limit, after, mine, sectionId };
    const read = await listRepo.listVisiblePage(prisma, viewer, page);
    const listed = read.events.slice(0, limit);
    const last = listed.at(-1);
    const nextCursor =
      read.events.length > limit && last && read.date !== null
        ? encodeCursor(when, { date: new Date(read.date).toISOString(), id: idOfPartKey(last.part_key) })
        : null;
    const events = await summariesJson(prisma, parts, viewer, listed);
    return joinJson('{"events":[', events, `],"nextCursor":${JSON.stringify(nextCursor)}}`);
  }

  /** A page of the list, as objects (the page's first screen). */
  async function page(viewer: Viewer, query: EventsPageQuery): Promise<EventsPage> {
    return JSON.parse((await pageJson(viewer, query)).toString('utf8')) as EventsPage;
  }

  /**
   * The version ETag of the list (paged: with the upcoming/past boundary) or of an event, from the version read
   * with the session when there is one, else read now; always before the answer is built (http/version-etag.ts).
   */
  async function versionTagFor(viewer: Viewer, paged: boolean, known?: DataVersion): Promise<string> {
    const data = known ?? (await readDataVersion(prisma, paged ? deps.now() : undefined));
    return versionTag(paged ? data : { ...data, boundary: null }, viewer);
  }

  /** Visible events from now on, soonest first: the bot's /events. */
  function upcomingEvents(viewer: Viewer, limit: number): Promise<EventSummary[]> {
    return listRepo.listUpcomingEvents(prisma, viewer, deps.now(), limit);
  }

  /** The viewer's own upcoming RSVPs (attending, maybe, waitlisted), soonest first: the bot's /my. */
  function myUpcomingRsvps(viewer: Viewer, limit: number): Promise<EventSummary[]> {
    return listRepo.listMyUpcomingRsvps(prisma, viewer, deps.now(), limit);
  }

  /**
   * An upcoming public event's link preview, for visitors who are not signed in; null for any other event and
   * for every event while the organisation has turned link previews off.
   */
  async function publicPreview(id: number): Promise<SharedEvent | null> {
    const settings = await readOrganisationSettings(deps);
    if (!settings.linkPreviews) return null;
    const found = await repo.findPublicPreview(prisma, id, settings.timeZone, deps.now());
    if (!found) return null;
    return {
      preview: {
        id: found.id,
        name: found.name,
        date: found.date.toISOString(),
        timeZone: found.timeZone,
        imageUrl: found.imageUrl,
        publicSummary: found.publicSummary,
        hostFirstName: found.creatorName === DELETED_MEMBER_NAME ? null : firstName(found.creatorName),
        attendingCount: found.attendingPeople,
        membershipMode: settings.membershipMode,
      },
      pictureLanguage: settings.defaultLanguage,
    };
  }

  return {
    listJson,
    pageJson,
    page,
    versionTagFor,
    upcomingEvents,
    myUpcomingRsvps,
    getVisible,
    publicPreview,
    assertCanCreate,
    create,
    update,
    remove,
    getAttendance: rsvp.getAttendance,
    setAttendance: rsvp.setAttendance,
    attendees: rsvp.attendees,
    host,
    ...comments,
    ...createInvitations(deps, access),
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
