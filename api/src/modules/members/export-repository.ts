// What a member's data export reads: everything stored about them and by them, without secrets (session ids,
// token and code hashes, the calendar feed's token) and without other members' personal data.
import type { Prisma } from '../../db/database';

export async function readMemberData(prisma: Prisma, userId: number) {
  const [user, rsvps, comments, invitations, feed, phoneCode, eventsCreated, images, pendingEmails] = await Promise.all(
    [
      prisma.user.findUnique({ where: { id: userId } }),
      prisma.attendance.findMany({
        where: { userId },
        orderBy: { eventId: 'asc' },
        select: {
          status: true,
          guests: true,
          respondedAt: true,
          waitlistedAt: true,
          checkedInAt: true,
          event: { select: { id: true, name: true, date: true } },
        },
      }),
      prisma.comment.findMany({
        where: { userId },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        select: { id: true, content: true, createdAt: true, event: { select: { id: true, name: true } } },
      }),
      prisma.invitation.findMany({
        where: { userId },
        orderBy: { eventId: 'asc' },
        select: { createdAt: true, event: { select: { id: true, name: true, date: true } } },
      }),
      prisma.calendarFeed.findUnique({ where: { userId }, select: { allEvents: true, createdAt: true } }),
      prisma.phoneVerification.findUnique({
        where: { userId },
        select: { phoneNumber: true, sentAt: true, expiresAt: true },
      }),
      prisma.event.findMany({
        where: { creatorId: userId },
        orderBy: { id: 'asc' },
        select: { id: true, name: true, date: true, isPublic: true, createdAt: true },
      }),
      prisma.eventImage.findMany({
        where: { uploaderId: userId },
        orderBy: { createdAt: 'asc' },
        select: { id: true, eventId: true, width: true, height: true, createdAt: true },
      }),
      prisma.emailLinkRequest.findMany({
        where: { userId, confirmedAt: null },
        orderBy: { id: 'asc' },
        select: { email: true, createdAt: true, expiresAt: true },
      }),
    ],
  );
  return { user, rsvps, comments, invitations, feed, phoneCode, eventsCreated, images, pendingEmails };
}
