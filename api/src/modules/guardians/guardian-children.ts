// A guardian's children: who they are, their upcoming replies, the photo choice and withdrawing consent (which
// releases the child's places). Every change is written to the audit log with the change itself.
import type { PhotoConsent, StoredRsvpStatus } from '../../../../shared/constants';
import { conflict, forbidden } from '../../../../shared/errors';
import { MSG } from '../../../../shared/messages';
import type { GuardianChild } from '../../../../shared/types/guardians';
import type { AppDeps } from '../../deps';
import { recordAudit, type AuditDb } from '../audit/audit-repository';
import { createPaymentHolds } from '../events/payment-holds';
import type { PaymentPort } from '../events/payment-port';
import { createSlipHolds } from '../events/permission-slips';
import { releaseAllReplies } from '../events/rsvp-service';
import { awaitsVerification, birthDateText, isGuardianOf } from '../minors/minors-repository';
import type { MinorsService } from '../minors/minors-service';
import { queuePromoted } from '../notifications/outbox-triggers';
import type { MemberPayments } from '../payments/member-payments';
import type { UserRow } from '../users/users-repository';
import * as repo from './guardians-repository';

/** What a guardian sees of a child's replies: those that hold or ask for a place (held for payment too). */
const UPCOMING_STATUSES: readonly StoredRsvpStatus[] = [
  'attending',
  'maybe',
  'waitlisted',
  'awaiting_guardian',
  'awaiting_payment',
];
/**
 * What withdrawing consent takes back: every upcoming reply that holds or may get a place. A waitlisted reply
 * goes too, or a promotion would later seat a child nobody consents for.
 */
const RELEASED_ON_WITHDRAWAL: StoredRsvpStatus[] = [
  'attending',
  'maybe',
  'waitlisted',
  'awaiting_guardian',
  'awaiting_payment',
];

export function createGuardianChildren(
  deps: AppDeps,
  minors: MinorsService,
  payments: Pick<PaymentPort, 'settledAmong'>,
  paymentsOf: MemberPayments,
) {
  const { prisma } = deps;
  // A released held spot promotes the waitlist like any other, asking the promoted minors' guardians in turn and
  // holding the places of those who still have to pay.
  const approvals = createSlipHolds(deps);
  const paymentHolds = createPaymentHolds(deps.config, payments);

  async function toChildren(
    rows: repo.ChildRow[],
    awaiting: ReadonlySet<number> = new Set(),
  ): Promise<GuardianChild[]> {
    const replies = await repo.upcomingRepliesOf(
      prisma,
      rows.filter((row) => !awaiting.has(row.id)).map((row) => row.id),
      UPCOMING_STATUSES,
      deps.now(),
    );
    // Each reply's payment: read by the child's guardians only (this list is theirs alone).
    const payments = await paymentsOf.ofReplies(replies);
    return Promise.all(
      rows.map(async (row) => ({
        id: row.id,
        name: row.name,
        birthDate: birthDateText(row.birthDate),
        guardianConsent: (await minors.standingOf(row)).guardianConsent,
        // The table's CHECK keeps it one of the three.
        photoConsent: row.photoConsent as PhotoConsent,
        upcoming: replies.flatMap((reply, index) =>
          reply.userId === row.id
            ? [
                {
                  eventId: reply.eventId,
                  name: reply.name,
                  date: reply.date.toISOString(),
                  status: reply.status,
                  payment: payments[index] ?? null,
                },
              ]
            : [],
        ),
        awaitingVerification: awaiting.has(row.id),
      })),
    );
  }

  /**
   * GET /api/guardian/children: the signed-in account's children (none for most members), and the children
   * whose consent by this account waits for a leader (marked, without their events).
   */
  async function children(guardian: UserRow): Promise<GuardianChild[]> {
    const [confirmed, waiting] = await Promise.all([
      repo.childrenOf(prisma, guardian.id),
      repo.awaitingChildrenOf(prisma, guardian.id),
    ]);
    const known = new Set(confirmed.map((row) => row.id));
    const awaiting = waiting.filter((row) => !known.has(row.id));
    const rows = [...confirmed, ...awaiting].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
    return toChildren(rows, new Set(awaiting.map((row) => row.id)));
  }

  /**
   * The child, when `guardian` is one of their guardians; 409 while this account's consent waits for a leader;
   * 403 otherwise (an unknown id too: it reveals nothing).
   */
  async function childOf(db: AuditDb, guardian: UserRow, childId: number): Promise<repo.ChildRow> {
    const child = (await isGuardianOf(db, guardian.id, childId)) ? await repo.findChild(db, childId) : null;
    if (child) return child;
    if (await awaitsVerification(db, guardian.id, childId)) throw conflict(MSG.guardianAwaitingVerification);
    throw forbidden(MSG.notYourChild);
  }

  /** PATCH /api/guardian/children/{id}: who may see photos of the child (audited with before and after). */
  async function setPhotoConsent(guardian: UserRow, childId: number, photoConsent: PhotoConsent) {
    await prisma.$transaction(async (tx) => {
      const child = await childOf(tx, guardian, childId);
      if (child.photoConsent === photoConsent) return;
      await repo.savePhotoConsent(tx, childId, photoConsent);
      await recordAudit(tx, {
        actorId: guardian.id,
        action: 'photo_consent.changed',
        subject: { type: 'member', id: childId },
        details: { before: child.photoConsent, after: photoConsent },
      });
    });
    const [entry] = await toChildren([(await repo.findChild(prisma, childId))!]);
    return entry!;
  }

  /**
   * DELETE /api/guardian/children/{id}/consent: every consent in force for the child is stamped withdrawn (by
   * whom, when) and, while they are a minor, their upcoming replies are released; waitlists move up and the
   * promoted are told, all in one transaction with the audit entry.
   */
  async function withdrawConsent(guardian: UserRow, childId: number): Promise<void> {
    await prisma.$transaction(async (tx) => {
      const child = await childOf(tx, guardian, childId);
      const now = deps.now();
      const withdrawn = await repo.withdrawConsents(tx, childId, guardian.id, now);
      if (!withdrawn) return;
      const { isMinor } = await minors.standingOf(child, tx);
      if (isMinor) {
        await releaseAllReplies(tx, childId, {
          now,
          tell: (eventId, userIds, heldUntil) => queuePromoted(tx, eventId, userIds, now, heldUntil),
          approvals,
          payments: paymentHolds,
          only: { statuses: RELEASED_ON_WITHDRAWAL, startsAfter: now },
        });
      }
      await recordAudit(tx, {
        actorId: guardian.id,
        action: 'consent.withdrawn',
        subject: { type: 'member', id: childId },
        details: { consents: withdrawn, repliesReleased: isMinor },
      });
    });
  }

  return { children, setPhotoConsent, withdrawConsent, childOf };
}
