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
  const guardianship = await readGuardianshipData(prisma, userId);
  const groups = await readGroupData(prisma, userId);
  return {
    user,
    rsvps,
    comments,
    invitations,
    feed,
    phoneCode,
    eventsCreated,
    images,
    pendingEmails,
    guardianship,
    groups,
  };
}

/**
 * Sections and registers: the sections the member is in (and their role), their leader checks, how they were
 * marked on registers and when they were nudged to reply. Nothing of who marked or nudged them.
 */
async function readGroupData(prisma: Prisma, userId: number) {
  const event = { select: { id: true, name: true, date: true } } as const;
  const [sections, checks, registers, nudges] = await Promise.all([
    prisma.sectionMember.findMany({
      where: { userId },
      orderBy: { sectionId: 'asc' },
      select: { role: true, createdAt: true, section: { select: { id: true, name: true } } },
    }),
    prisma.leaderCheck.findMany({
      where: { userId },
      orderBy: { id: 'asc' },
      select: { kind: true, reference: true, completedOn: true, expiresOn: true, createdAt: true },
    }),
    prisma.registerEntry.findMany({
      where: { userId },
      orderBy: { eventId: 'asc' },
      select: { status: true, source: true, markedAt: true, event },
    }),
    prisma.eventNudge.findMany({ where: { userId }, orderBy: { eventId: 'asc' }, select: { nudgedAt: true, event } }),
  ]);
  return { sections, checks, registers, nudges };
}

/**
 * Age and consent: the consents given for the member (method, text version, dates; the guardian by name only),
 * the requests they sent to a guardian, and the names of their guardians and children (nothing more of them).
 */
async function readGuardianshipData(prisma: Prisma, userId: number) {
  const named = { select: { id: true, name: true } } as const;
  const [consents, requests, guardians, children] = await Promise.all([
    prisma.guardianConsent.findMany({
      where: { childId: userId },
      orderBy: { id: 'asc' },
      select: {
        method: true,
        textVersion: true,
        note: true,
        grantedAt: true,
        verifiedAt: true,
        withdrawnAt: true,
        guardian: { select: { name: true } },
      },
    }),
    prisma.guardianRequest.findMany({
      where: { childId: userId },
      orderBy: { id: 'asc' },
      select: { email: true, createdAt: true, expiresAt: true, usedAt: true },
    }),
    prisma.guardianship.findMany({
      where: { childId: userId, guardian: { deletedAt: null } },
      orderBy: { createdAt: 'asc' },
      select: { guardian: named },
    }),
    prisma.guardianship.findMany({
      where: { guardianId: userId, child: { deletedAt: null } },
      orderBy: { createdAt: 'asc' },
      select: { child: named },
    }),
  ]);
  return {
    consents,
    requests,
    guardians: guardians.map((row) => row.guardian),
    children: children.map((row) => row.child),
  };
}
