// What an admin decides about consent: consent given on paper or in person, and emailed consents a leader confirms
// or refuses. Every decision is written to the audit log with the change itself.
import type { SignInMethod } from '../../../../shared/constants';
import { conflict, notFound } from '../../../../shared/errors';
import { MSG } from '../../../../shared/messages';
import type { RecordedConsentInput } from '../../../../shared/schemas/guardians';
import type { ConsentAwaitingVerification } from '../../../../shared/types/guardians';
import type { MemberStanding } from '../../../../shared/types/members';
import type { AppDeps } from '../../deps';
import { recordAudit, type AuditDb } from '../audit/audit-repository';
import type { MinorsService } from '../minors/minors-service';
import { readOrganisationSettings } from '../organisation/organisation-service';
import type { UserRow } from '../users/users-repository';
import * as repo from './guardians-repository';

const MINUTE_MS = 60 * 1000;

/** How the account can sign in: the identities it holds. */
function signInMethodsOf(row: repo.AwaitingRow): SignInMethod[] {
  const methods: SignInMethod[] = [];
  if (row.google_sub) methods.push('google');
  if (row.telegram_id) methods.push('telegram');
  if (row.linked_email && row.linked_email_confirmed) methods.push('email');
  if (row.is_demo) methods.push('demo');
  return methods;
}

function toAwaiting(row: repo.AwaitingRow): ConsentAwaitingVerification {
  const created = new Date(row.account_created_at);
  const requested = row.requested_at === null ? null : new Date(row.requested_at);
  const afterMs = requested === null ? null : created.getTime() - requested.getTime();
  return {
    childId: Number(row.child_id),
    childName: row.child_name,
    guardianId: Number(row.guardian_id),
    guardianName: row.guardian_name,
    sentTo: row.request_email,
    signInMethods: signInMethodsOf(row),
    accountEmail: row.google_email ?? (row.linked_email_confirmed ? row.linked_email : null),
    telegramUsername: row.telegram_username,
    accountCreatedAt: created.toISOString(),
    requestedAt: requested?.toISOString() ?? null,
    consentedAt: new Date(row.granted_at).toISOString(),
    // Rounded toward zero: "created 3 minutes after", "created 2 minutes before".
    createdAfterRequestMinutes: afterMs === null ? null : Math.trunc(afterMs / MINUTE_MS),
    // An account that did not exist when the child asked was made for this answer: nobody knows whose it is.
    warning: afterMs === null || afterMs >= 0,
  };
}

export function createConsentDecisions(deps: AppDeps, minors: MinorsService) {
  const { prisma } = deps;

  /**
   * POST /api/admin/members/{id}/consent: consent a guardian gave on paper or in person, recorded by an admin
   * (who is named on the record). Only for a member under the consent age (409 otherwise).
   */
  async function recordConsent(
    adminId: number,
    memberId: number,
    input: RecordedConsentInput,
  ): Promise<MemberStanding> {
    return prisma.$transaction(async (tx) => {
      const member = await repo.findMember(tx, memberId);
      if (!member || member.deletedAt) throw notFound(MSG.memberNotFound);
      if (!(await minors.standingOf(member, tx)).isMinor) throw conflict(MSG.consentNotNeeded);
      const { consentTextVersion } = await readOrganisationSettings(deps, tx);
      const consentId = await repo.insertConsent(tx, {
        childId: memberId,
        guardianId: null,
        method: input.method,
        textVersion: consentTextVersion,
        requestEmail: null,
        note: input.note || null,
        recordedBy: adminId,
        grantedAt: deps.now(),
        // The admin saw the form or the parent: nothing left to confirm.
        verifiedAt: deps.now(),
        requestId: null,
      });
      await recordAudit(tx, {
        actorId: adminId,
        action: 'consent.granted',
        subject: { type: 'member', id: memberId },
        details: { consentId, method: input.method, textVersion: consentTextVersion, recordedBy: adminId },
      });
      return { id: memberId, ...(await minors.standingOf(member, tx)) };
    });
  }

  /** GET /api/admin/consents/awaiting (all) and the list for one child: emailed consents a leader has to judge. */
  async function awaitingConsents(childId?: number): Promise<ConsentAwaitingVerification[]> {
    return (await repo.listAwaiting(prisma, childId)).map(toAwaiting);
  }

  /** The child, for an admin: 404 when there is no such member. */
  async function memberFor(db: AuditDb, childId: number): Promise<UserRow> {
    const member = await repo.findMember(db, childId);
    if (!member) throw notFound(MSG.memberNotFound);
    return member;
  }

  /**
   * POST /api/admin/members/{childId}/consent/verify: an admin confirms the guardian's emailed consent. The
   * account becomes the child's guardian (slips, replies, copies) and the consent counts. 404 for an unknown
   * member; 409 when nothing from that guardian waits (a second confirmation, a wrong guardian).
   */
  async function verifyConsent(adminId: number, childId: number, guardianId: number): Promise<MemberStanding> {
    return prisma.$transaction(async (tx) => {
      const child = await memberFor(tx, childId);
      const now = deps.now();
      const confirmed = await repo.decideAwaitingConsent(tx, 'verify', childId, guardianId, adminId, now);
      if (!confirmed.length) throw conflict(MSG.consentNotAwaitingVerification);
      await repo.addGuardianship(tx, guardianId, childId, now);
      // Ids only: who the guardian is, and their address, stay in the consent record.
      await recordAudit(tx, {
        actorId: adminId,
        action: 'consent.verified',
        subject: { type: 'member', id: childId },
        details: { guardianId, consents: confirmed.length },
      });
      return { id: childId, ...(await minors.standingOf(child, tx)) };
    });
  }

  /**
   * POST /api/admin/members/{childId}/consent/reject: an admin refuses the guardian's emailed consent. It is
   * withdrawn (by the admin); the account keeps existing but is not the child's guardian. The child stands as
   * before the consent (required, or pending while another link is out). 404 / 409 as for verify.
   */
  async function rejectConsent(adminId: number, childId: number, guardianId: number): Promise<MemberStanding> {
    return prisma.$transaction(async (tx) => {
      const child = await memberFor(tx, childId);
      const rejected = await repo.decideAwaitingConsent(tx, 'reject', childId, guardianId, adminId, deps.now());
      if (!rejected.length) throw conflict(MSG.consentNotAwaitingVerification);
      await recordAudit(tx, {
        actorId: adminId,
        action: 'consent.rejected',
        subject: { type: 'member', id: childId },
        details: { guardianId, consents: rejected.length },
      });
      return { id: childId, ...(await minors.standingOf(child, tx)) };
    });
  }

  return { recordConsent, awaitingConsents, verifyConsent, rejectConsent };
}
