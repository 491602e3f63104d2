// Whom a message goes to and what it says: the event, the recipients by audience (paged), the admins' templates and
// the counts a digest reports.
import { Prisma as PrismaTypes } from '@prisma/client';
import { ACTIVE_MEMBER } from '../users/users-repository';
import type { Db } from './outbox-repository';
import type { TemplatesByLanguage } from './templates';

export interface RecipientRow {
  id: number;
  googleEmail: string | null;
  linkedEmail: string | null;
  linkedEmailConfirmed: boolean;
  phoneNumber: string | null;
  phoneVerifiedAt: Date | null;
  telegramId: string | null;
  telegramUnreachableAt: Date | null;
  notificationPrefs: string[];
  /** The member's saved language (null: the organisation's). */
  language: string | null;
}

const recipientSelect = {
  id: true,
  googleEmail: true,
  linkedEmail: true,
  linkedEmailConfirmed: true,
  phoneNumber: true,
  phoneVerifiedAt: true,
  telegramId: true,
  telegramUnreachableAt: true,
  notificationPrefs: true,
  language: true,
} satisfies PrismaTypes.UserSelect;

/**
 * Only users who chose at least one channel can receive anything, and a member with a guardian on record: their
 * guardians get a copy of what is sent to them (fan-out.ts) even when the member turned every channel off.
 */
const wantsSomething: PrismaTypes.UserWhereInput = {
  OR: [{ NOT: { notificationPrefs: { isEmpty: true } } }, { guardians: { some: {} } }],
};

export const findEvent = (prisma: Db, id: number) =>
  prisma.event.findUnique({
    where: { id },
    select: {
      id: true,
      name: true,
      date: true,
      timeZone: true,
      location: true,
      isPublic: true,
      creatorId: true,
      sectionId: true,
      updatedAt: true,
      // A place held for payment is told what the fee is.
      feeAmount: true,
      feeCurrency: true,
      // A new series is announced once, saying how it repeats.
      seriesId: true,
      series: { select: { frequency: true, monthlyBy: true } },
    },
  });
export type EventForMessage = NonNullable<Awaited<ReturnType<typeof findEvent>>>;

/** One page of recipients: ids after `after`, ascending, at most `limit` (the fan-out's keyset batches). */
export interface Page {
  after: number;
  limit: number;
}

/**
 * Only active members are told anything (ACTIVE_MEMBER): a pending account is not in yet, a suspended one is out,
 * and a guardian account hears only of its own children (their copies: findGuardiansByIds), never an event's news
 * in its own right, whatever invitation or reply it holds.
 */
const pageOf = (where: PrismaTypes.UserWhereInput[], page: Page) =>
  ({
    where: { AND: [wantsSomething, ACTIVE_MEMBER, { id: { gt: page.after } }, ...where] },
    select: recipientSelect,
    orderBy: { id: 'asc' },
    take: page.limit,
  }) satisfies PrismaTypes.UserFindManyArgs;

/** Every member but the event's creator: a public event is news to everyone else. */
export const findAllMembers = (prisma: Db, exceptUserId: number, page: Page): Promise<RecipientRow[]> =>
  prisma.user.findMany(pageOf([{ id: { not: exceptUserId } }], page));

/** A section's members and leaders but the event's creator: a public event of a section is news to them only. */
export const findSectionMembers = (prisma: Db, sectionId: number, exceptUserId: number, page: Page) =>
  prisma.user.findMany(
    pageOf([{ id: { not: exceptUserId } }, { sectionMemberships: { some: { sectionId } } }], page),
  ) as Promise<RecipientRow[]>;

/** Those of `among` who are still invited (the creator aside). */
export const findInvitees = (
  prisma: Db,
  eventId: number,
  exceptUserId: number,
  among: number[],
  page: Page,
): Promise<RecipientRow[]> =>
  prisma.user.findMany(
    pageOf([{ id: { not: exceptUserId } }, { id: { in: among } }, { invitations: { some: { eventId } } }], page),
  );

export async function findInviteeIds(prisma: Db, eventId: number): Promise<number[]> {
  const rows = await prisma.invitation.findMany({ where: { eventId }, select: { userId: true } });
  return rows.map((row) => row.userId);
}

/**
 * Who may see the event: everyone while it is public; otherwise its invitees, its creator and admins (the
 * rule of event-visibility-repository.ts, sections included). An RSVP does not outlive a withdrawn invitation: someone
 * who lost access is not sent the event's new date and place.
 */
function mayView(
  event: Pick<EventForMessage, 'id' | 'isPublic' | 'creatorId' | 'sectionId'>,
): PrismaTypes.UserWhereInput {
  if (event.isPublic && event.sectionId === null) return {};
  const others: PrismaTypes.UserWhereInput[] =
    event.sectionId === null
      ? []
      : [
          {
            sectionMemberships: {
              some: { sectionId: event.sectionId, ...(event.isPublic ? {} : { role: 'leader' }) },
            },
          },
        ];
  return {
    OR: [{ isAdmin: true }, { id: event.creatorId }, { invitations: { some: { eventId: event.id } } }, ...others],
  };
}

/** Attendees and invitees who may still see the event, but not its creator (who made the change). */
export const findAttendeesAndInvitees = (prisma: Db, event: EventForMessage, page: Page): Promise<RecipientRow[]> =>
  prisma.user.findMany(
    pageOf(
      [
        { id: { not: event.creatorId } },
        {
          OR: [
            { attendances: { some: { eventId: event.id, status: 'attending' } } },
            { invitations: { some: { eventId: event.id } } },
          ],
        },
        mayView(event),
      ],
      page,
    ),
  );

/** Those attending who may still see the event. */
/**
 * An edit of this and every later occurrence of a series: attendees and invitees of any of them who
 * may still see it, once each, but not the creator.
 */
export const findSeriesAttendeesAndInvitees = (
  prisma: Db,
  event: EventForMessage,
  page: Page,
): Promise<RecipientRow[]> => {
  if (event.seriesId === null) return findAttendeesAndInvitees(prisma, event, page);
  const occurrences: PrismaTypes.EventWhereInput = { seriesId: event.seriesId, date: { gte: event.date } };
  return prisma.user.findMany(
    pageOf(
      [
        { id: { not: event.creatorId } },
        {
          OR: [
            { attendances: { some: { status: 'attending', event: occurrences } } },
            { invitations: { some: { event: occurrences } } },
          ],
        },
        mayView(event),
      ],
      page,
    ),
  );
};

export const findAttendees = (prisma: Db, event: EventForMessage, page: Page): Promise<RecipientRow[]> =>
  prisma.user.findMany(
    pageOf([{ attendances: { some: { eventId: event.id, status: 'attending' } } }, mayView(event)], page),
  );

/**
 * Active accounts among `ids` with their addresses, whatever channels they ticked: for messages a member must
 * get to act (a guardian asked to approve), which the caller sends to each address it may use.
 */
export const findContactsByIds = (prisma: Db, ids: number[]): Promise<Array<RecipientRow & { name: string }>> =>
  prisma.user.findMany({
    where: { id: { in: ids }, status: 'active', deletedAt: null },
    select: { ...recipientSelect, name: true },
    orderBy: { id: 'asc' },
  });

export const findUsersByIds = (prisma: Db, ids: number[], page: Page): Promise<RecipientRow[]> =>
  prisma.user.findMany(pageOf([{ id: { in: ids } }], page));

/**
 * Guardians with their addresses, for their copies of what is sent to their children: guardian accounts
 * included (these copies are all they hear), but only while active and not erased.
 */
export const findGuardiansByIds = (prisma: Db, ids: number[]): Promise<RecipientRow[]> =>
  prisma.user.findMany({
    where: { id: { in: ids }, status: 'active', deletedAt: null },
    select: recipientSelect,
    orderBy: { id: 'asc' },
  });

/** Those of `ids` who may still see the event (an organiser's message), and, with `status`, still reply so. */
export const findRepliedAmong = (
  prisma: Db,
  event: EventForMessage,
  ids: number[],
  page: Page,
  status?: 'attending' | 'awaiting_payment',
): Promise<RecipientRow[]> =>
  prisma.user.findMany(
    pageOf(
      [
        { id: { in: ids } },
        mayView(event),
        ...(status ? [{ attendances: { some: { eventId: event.id, status } } }] : []),
      ],
      page,
    ),
  );

/** Those of `ids` who may still see the event and have not replied to it (a nudge). */
export const findUndecidedAmong = (
  prisma: Db,
  event: EventForMessage,
  ids: number[],
  page: Page,
): Promise<RecipientRow[]> =>
  prisma.user.findMany(
    pageOf([{ id: { in: ids } }, mayView(event), { attendances: { none: { eventId: event.id } } }], page),
  );

/** The admin's templates of this type and channel, by the language each is written in. */
export async function findTemplateTexts(
  prisma: Db,
  type: 'event_created' | 'event_updated',
  channel: 'email' | 'sms',
): Promise<TemplatesByLanguage> {
  const rows = await prisma.notificationTemplate.findMany({
    where: { type, channel },
    select: { language: true, template: true },
  });
  return Object.fromEntries(rows.map((row) => [row.language, row.template])) as TemplatesByLanguage;
}

/** Reports no admin has resolved yet. */
export const countOpenReports = (prisma: Db) => prisma.commentReport.count({ where: { status: 'open' } });

/** A report a safeguarding alert is about, with its event's name; null once it is gone (event or comment deleted). */
export const findReportForAlert = (prisma: Db, id: number) =>
  prisma.commentReport.findUnique({
    where: { id },
    select: { status: true, comment: { select: { event: { select: { name: true } } } } },
  });

/** Active admins (the reports digest's readers). */
export const findActiveAdmins = (prisma: Db, page: Page): Promise<RecipientRow[]> =>
  prisma.user.findMany(pageOf([{ role: 'admin', status: 'active' }], page));

/** Where an event's RSVPs stand (the organiser's digest). */
export async function rsvpCounts(prisma: Db, eventId: number) {
  const [event, waitlisted, maybe] = await Promise.all([
    prisma.event.findUnique({ where: { id: eventId }, select: { attendingPeople: true, capacity: true } }),
    prisma.attendance.count({ where: { eventId, status: 'waitlisted' } }),
    prisma.attendance.count({ where: { eventId, status: 'maybe' } }),
  ]);
  return { attendingPeople: event?.attendingPeople ?? 0, capacity: event?.capacity ?? null, waitlisted, maybe };
}
