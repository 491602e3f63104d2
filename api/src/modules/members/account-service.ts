// Leaving with your data: a member downloads everything stored about them, and erases their account.
import { conflict, notFound } from '../../../../shared/errors';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../audit/audit-repository';
import { birthDateText } from '../minors/minors-repository';
import { countOtherAdmins, signInEmail, type UserRow } from '../users/users-repository';
import { createPaymentHolds } from '../events/payment-holds';
import type { PaymentPort } from '../events/payment-port';
import { createSlipHolds } from '../events/permission-slips';
import { readCareCard } from '../care/care-cards';
import { eraseMember } from './erasure';
import { readMemberData } from './export-repository';
import { paymentsOfMember } from '../payments/payments-repository';
import { MSG } from '../../../../shared/messages';

export const LAST_ADMIN_MESSAGE = MSG.lastAdminLeaving;

/** A member with many RSVPs waits for each event's lock in turn; the default 5 s would cut a busy erasure short. */
const ERASURE_TX_LIMITS = { maxWait: 60_000, timeout: 60_000 };

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

const eventRef = (event: { id: number; name: string; date: Date }) => ({
  id: event.id,
  name: event.name,
  date: event.date.toISOString(),
});
const day = (date: Date) => date.toISOString().slice(0, 10);

/** Sections, leader checks, registers and nudges, as the member's export shows them. */
const groupsExport = (groups: Awaited<ReturnType<typeof readMemberData>>['groups']) => ({
  sections: groups.sections.map((row) => ({
    section: row.section,
    role: row.role,
    since: row.createdAt.toISOString(),
  })),
  leaderChecks: groups.checks.map((check) => ({
    kind: check.kind,
    reference: check.reference,
    completedOn: day(check.completedOn),
    expiresOn: day(check.expiresOn),
    recordedAt: check.createdAt.toISOString(),
  })),
  // How leaders marked the member on each meeting's register ("check_in": their pass was scanned).
  registers: groups.registers.map((entry) => ({
    event: eventRef(entry.event),
    status: entry.status,
    source: entry.source,
    markedAt: entry.markedAt.toISOString(),
  })),
  // The last reminder to reply to each event the member had not answered.
  nudges: groups.nudges.map((nudge) => ({ event: eventRef(nudge.event), nudgedAt: nudge.nudgedAt.toISOString() })),
});

export function createAccountService(deps: AppDeps, payments: Pick<PaymentPort, 'settledAmong'>) {
  // A place freed by the erasure goes to the waitlist by the same rules as any other.
  const holds = { approvals: createSlipHolds(deps), payments: createPaymentHolds(deps.config, payments) };
  const { prisma } = deps;

  /**
   * GET /api/users/me/export. Recorded in the audit log (who took a copy and when, not what it held). A cross-site
   * page can make the browser send this GET but cannot read the answer, so a session cookie is enough.
   */
  async function exportData(viewer: UserRow) {
    const data = await readMemberData(prisma, viewer.id);
    if (!data.user) throw notFound();
    const { user } = data;
    const careCard = await readCareCard(deps, user.id);
    const payments = await paymentsOfMember(prisma, user.id);
    await recordAudit(prisma, {
      actorId: user.id,
      action: 'account.exported',
      subject: { type: 'user', id: user.id },
    });
    return {
      exportedAt: deps.now().toISOString(),
      profile: {
        id: user.id,
        name: user.name,
        email: signInEmail(user),
        avatarUrl: user.avatarUrl,
        phoneNumber: user.phoneNumber,
        role: user.role,
        status: user.status,
        hideFromAttendees: user.hideFromAttendees,
        birthDate: birthDateText(user.birthDate),
        photoConsent: user.photoConsent,
        createdAt: user.createdAt.toISOString(),
        updatedAt: user.updatedAt.toISOString(),
      },
      identities: {
        google: user.googleSub ? { subject: user.googleSub, email: user.googleEmail } : null,
        telegram: user.telegramId
          ? {
              id: user.telegramId,
              username: user.telegramUsername,
              unreachableSince: iso(user.telegramUnreachableAt),
              writeAllowedAt: iso(user.telegramWriteAllowedAt),
            }
          : null,
        linkedEmail: user.linkedEmail ? { email: user.linkedEmail, confirmed: user.linkedEmailConfirmed } : null,
        pendingEmails: data.pendingEmails.map((request) => ({
          email: request.email,
          requestedAt: request.createdAt.toISOString(),
          expiresAt: request.expiresAt.toISOString(),
        })),
      },
      phoneVerification: {
        phoneNumber: user.phoneNumber,
        verifiedAt: iso(user.phoneVerifiedAt),
        pendingCode: data.phoneCode
          ? {
              phoneNumber: data.phoneCode.phoneNumber,
              sentAt: data.phoneCode.sentAt.toISOString(),
              expiresAt: data.phoneCode.expiresAt.toISOString(),
            }
          : null,
      },
      notificationPreferences: user.notificationPrefs,
      calendarFeed: data.feed
        ? { exists: true, allEvents: data.feed.allEvents, createdAt: iso(data.feed.createdAt) }
        : { exists: false },
      rsvps: data.rsvps.map((rsvp) => ({
        event: { id: rsvp.event.id, name: rsvp.event.name, date: rsvp.event.date.toISOString() },
        status: rsvp.status,
        guests: rsvp.guests,
        respondedAt: rsvp.respondedAt.toISOString(),
        waitlistedAt: iso(rsvp.waitlistedAt),
        checkedInAt: iso(rsvp.checkedInAt),
      })),
      comments: data.comments.map((comment) => ({
        id: comment.id,
        event: { id: comment.event.id, name: comment.event.name },
        content: comment.content,
        createdAt: comment.createdAt.toISOString(),
      })),
      invitations: data.invitations.map((invitation) => ({
        event: { id: invitation.event.id, name: invitation.event.name, date: invitation.event.date.toISOString() },
        invitedAt: invitation.createdAt.toISOString(),
      })),
      eventsCreated: data.eventsCreated.map((event) => ({
        id: event.id,
        name: event.name,
        date: event.date.toISOString(),
        isPublic: event.isPublic,
        createdAt: event.createdAt.toISOString(),
      })),
      guardianConsents: data.guardianship.consents.map((consent) => ({
        method: consent.method,
        textVersion: consent.textVersion,
        guardian: consent.guardian?.name ?? null,
        note: consent.note,
        grantedAt: consent.grantedAt.toISOString(),
        // Null while a leader has not confirmed an emailed consent.
        verifiedAt: iso(consent.verifiedAt),
        withdrawnAt: iso(consent.withdrawnAt),
      })),
      guardianRequests: data.guardianship.requests.map((request) => ({
        email: request.email,
        requestedAt: request.createdAt.toISOString(),
        expiresAt: request.expiresAt.toISOString(),
        usedAt: iso(request.usedAt),
      })),
      // Allergies, medication, diet and emergency contacts, opened from their sealed form.
      careCard,
      guardians: data.guardianship.guardians,
      children: data.guardianship.children,
      // Fees paid, waived, owed after an undo, and refunds (amounts in the currency's minor units).
      payments: payments.map((payment) => ({
        event: { id: payment.eventId, name: payment.eventName },
        status: payment.status,
        amount: payment.amount,
        currency: payment.currency,
        method: payment.method,
        note: payment.note,
        refundedAmount: payment.refundedAmount,
        paidAt: iso(payment.paidAt),
        createdAt: payment.createdAt.toISOString(),
        refunds: payment.refunds.map((refund) => ({
          amount: refund.amount,
          currency: refund.currency,
          reason: refund.reason,
          at: refund.createdAt.toISOString(),
        })),
      })),
      ...groupsExport(data.groups),
      uploadedImages: data.images.map((image) => ({
        id: image.id,
        eventId: image.eventId,
        width: image.width,
        height: image.height,
        createdAt: image.createdAt.toISOString(),
      })),
    };
  }

  /**
   * DELETE /api/users/me. The erasure and its audit entry commit together. The only admin may not leave the
   * organisation without one: they are asked to hand the role on first.
   */
  async function deleteAccount(viewer: UserRow): Promise<void> {
    await prisma.$transaction(async (tx) => {
      if (viewer.role === 'admin') {
        if ((await countOtherAdmins(tx, viewer.id)) === 0) throw conflict(LAST_ADMIN_MESSAGE);
      }
      await eraseMember(tx, viewer.id, holds);
      // Nothing personal: the entry outlives the data it would otherwise keep.
      await recordAudit(tx, {
        actorId: viewer.id,
        action: 'account.deleted',
        subject: { type: 'user', id: viewer.id },
      });
    }, ERASURE_TX_LIMITS);
  }

  return { exportData, deleteAccount };
}

export type AccountService = ReturnType<typeof createAccountService>;
