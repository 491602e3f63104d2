// Use cases of a guardian's consent: a minor asks a parent or guardian by email, the guardian reads the
// organisation's consent text and consents (their account becomes a guardian account when it was made for
// this), sees their children, chooses photo consent and may withdraw; an admin records consent given on paper
// or in person. Every consent, change and withdrawal is written to the audit log with the change itself.
import {
  GUARDIAN_LIMITS,
  type PhotoConsent,
  type SignInMethod,
  type StoredRsvpStatus,
} from '../../../../shared/constants';
import { conflict, forbidden, gone, invalid, notFound, rateLimited } from '../../../../shared/errors';
import { MSG } from '../../../../shared/messages';
import type { Language } from '../../../../shared/i18n/languages';
import type { RecordedConsentInput } from '../../../../shared/schemas/guardians';
import type {
  ConsentAwaitingVerification,
  GuardianChild,
  GuardianConsentGiven,
  GuardianConsentRequestView,
  GuardianRequestSent,
  GuardianRequestState,
  MemberStanding,
} from '../../../../shared/types';
import type { AppDeps } from '../../deps';
import { randomToken, sha256 } from '../../lib/secrets';
import { recordAudit, type AuditDb } from '../audit/audit-repository';
import { createSlipHolds } from '../events/permission-slips';
import { releaseAllReplies } from '../events/rsvp-service';
import { awaitsVerification, birthDateText, isGuardianOf } from '../minors/minors-repository';
import type { MinorsService } from '../minors/minors-service';
import { emailSendingOn } from '../admin/smtp-settings-service';
import { queueGuardianConsentEmail } from '../notifications/guardian-emails';
import { queuePromoted } from '../notifications/outbox-triggers';
import {
  readConsentText,
  readDefaultLanguage,
  readTimeZone,
  readOrganisationSettings,
} from '../organisation/organisation-service';
import { signInEmail, type UserRow } from '../users/users-repository';
import * as repo from './guardians-repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** What a guardian sees of a child's replies: those that hold or ask for a place. */
const UPCOMING_STATUSES: readonly StoredRsvpStatus[] = ['attending', 'maybe', 'waitlisted', 'awaiting_guardian'];
/**
 * What withdrawing consent takes back: every upcoming reply that holds or may get a place. A waitlisted reply
 * goes too, or a promotion would later seat a child nobody consents for.
 */
const RELEASED_ON_WITHDRAWAL: StoredRsvpStatus[] = ['attending', 'maybe', 'waitlisted', 'awaiting_guardian'];

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

export function createGuardiansService(deps: AppDeps, minors: MinorsService) {
  const { prisma } = deps;
  // A released held spot promotes the waitlist like any other, asking the promoted minors' guardians in turn.
  const approvals = createSlipHolds(deps);

  /**
   * POST /api/users/me/guardians: a minor without consent asks a guardian. The request (only its token's hash)
   * and the email with the single-use link commit together; at most GUARDIAN_LIMITS.requestsPerDay a day, as
   * each goes to an address of the member's choosing. `baseUrl`: the app's address when PUBLIC_URL is not set.
   * The email is in the child's `language` (the request's; null: the organisation's).
   */
  async function requestConsent(
    user: UserRow,
    email: string,
    baseUrl: string,
    language: Language | null = null,
  ): Promise<GuardianRequestSent> {
    const standing = await minors.standingOf(user);
    if (standing.guardianConsent !== 'required' && standing.guardianConsent !== 'pending') {
      throw conflict(MSG.guardianEmailNotNeeded);
    }
    if (signInEmail(user) === email) throw invalid(MSG.guardianEmailOwn);
    // Only an email that can leave is queued: with sending off it would sit in the outbox as a failure and
    // the child would believe her parent was told.
    const mailing = await emailSendingOn(deps);
    const now = deps.now();
    const token = randomToken();
    const expiresAt = new Date(now.getTime() + GUARDIAN_LIMITS.consentLinkMs);
    const consentUrl = consentLink(baseUrl, token);
    await prisma.$transaction(async (tx) => {
      await repo.lockMember(tx, user.id);
      const recent = await repo.countRequestsSince(tx, user.id, new Date(now.getTime() - DAY_MS));
      if (recent >= GUARDIAN_LIMITS.requestsPerDay) throw rateLimited(MSG.guardianRequestsTooMany);
      const requestId = await repo.insertRequest(tx, {
        childId: user.id,
        email,
        tokenHash: sha256(token),
        tokenSealed: deps.secrets.encrypt(token),
        expiresAt,
        createdAt: now,
      });
      if (mailing) {
        await queueGuardianConsentEmail(
          tx,
          {
            requestId,
            childId: user.id,
            childName: user.name,
            organisationName: deps.config.brand.name,
            email,
            consentUrl,
            expiresAt,
            language: language ?? (await readDefaultLanguage(deps.config, tx)),
            timeZone: await readTimeZone(deps.config, tx),
          },
          now,
        );
      }
      // The guardian's address is theirs, not the log's: the request row keeps it while it matters.
      await recordAudit(tx, {
        actorId: user.id,
        action: 'consent.requested',
        subject: { type: 'member', id: user.id },
        details: { requestId, expiresAt: expiresAt.toISOString(), emailed: mailing },
      });
    });
    return {
      status: 'sent',
      delivery: mailing ? 'email' : 'link_only',
      link: consentUrl,
      expiresAt: expiresAt.toISOString(),
    };
  }

  /**
   * GET /api/users/me/guardians: the child's open request, its link to copy again and what became of its email
   * (a delivery failure shows here), and whether email sending is on now.
   */
  async function requestState(user: UserRow, baseUrl: string): Promise<GuardianRequestState> {
    const [open, emailEnabled] = await Promise.all([
      repo.openRequestOf(prisma, user.id, deps.now()),
      emailSendingOn(deps),
    ]);
    if (!open) return { request: null, emailEnabled };
    let link: string | null = null;
    if (open.tokenSealed) {
      try {
        link = consentLink(baseUrl, deps.secrets.decrypt(open.tokenSealed));
      } catch (error) {
        // SECRETS_KEY changed: the child sends a new link instead.
        deps.logger.warn({ err: error, requestId: open.id }, 'sealed consent link cannot be opened');
      }
    }
    return {
      request: {
        sentTo: open.email,
        delivery: open.emailStatus ? 'email' : 'link_only',
        email: open.emailStatus === 'pending' ? 'queued' : open.emailStatus,
        link,
        expiresAt: open.expiresAt.toISOString(),
      },
      emailEnabled,
    };
  }

  const consentLink = (baseUrl: string, token: string) =>
    `${deps.config.publicUrl ?? baseUrl}/guardian/consent?token=${encodeURIComponent(token)}`;

  /** The request behind a link that may still be used: 404 unknown, 409 used, 410 expired. */
  async function usableRequest(db: AuditDb, token: string): Promise<repo.RequestRead> {
    const request = await repo.findRequest(db, sha256(token));
    if (!request) throw notFound(MSG.consentLinkUnknown);
    if (request.usedAt) throw conflict(MSG.consentLinkUsed);
    if (request.expiresAt <= deps.now()) throw gone(MSG.consentLinkExpired);
    return request;
  }

  /**
   * GET /api/guardian/consent: what the consent page shows, in the reader's language (`language`, else the
   * organisation's); the token is the secret, no sign-in needed.
   */
  async function describeRequest(token: string, language: Language | null): Promise<GuardianConsentRequestView> {
    const request = await usableRequest(prisma, token);
    const consent = await readConsentText(deps, language ?? (await readDefaultLanguage(deps.config, prisma)));
    return {
      child: { id: request.childId, name: request.childName },
      organisation: { name: deps.config.brand.name },
      consentText: consent.text,
      consentTextVersion: consent.version,
      expiresAt: request.expiresAt.toISOString(),
    };
  }

  /**
   * Whether consenting makes `user` a guardian account: an account that exists only to answer this request.
   * It is still waiting for membership approval, or it is a plain member made after the request was sent that
   * has never replied to an event nor commented. Any other account (a member who is also a parent) keeps its
   * role and gains the child.
   */
  async function madeForThisRequest(db: AuditDb, user: UserRow, request: repo.RequestRead): Promise<boolean> {
    if (user.role === 'guardian') return false;
    if (user.status === 'pending') return true;
    if (user.role !== 'member' || user.isAdmin || user.createdAt < request.createdAt) return false;
    return !(await repo.hasTakenPart(db, user.id));
  }

  /**
   * POST /api/guardian/consent: the signed-in guardian consents through the link. Single use (409 after, 410
   * when expired), never from the child's own account nor from another minor's (403); each refusal changes
   * nothing. The consent keeps the guardian, the method, the text's version, the request and the address the
   * link went to. An email proves control of an address, not parenthood: unless the organisation accepts that
   * (`consentVerification: 'email'`), or the account is already a confirmed guardian of the child, the consent
   * waits for a leader and the account is not the child's guardian until then.
   */
  async function grantConsent(user: UserRow, token: string): Promise<GuardianConsentGiven> {
    return prisma.$transaction(async (tx) => {
      const request = await usableRequest(tx, token);
      if (request.childId === user.id) throw forbidden(MSG.consentOwnAccount);
      if ((await minors.standingOf(user, tx)).isMinor) throw forbidden(MSG.consentByMinor);
      const now = deps.now();
      const becomesGuardian = await madeForThisRequest(tx, user, request);
      if (!(await repo.claimRequest(tx, request.id, user.id, now))) {
        // Another consent with the same link won a moment ago (or it expired just now).
        throw request.expiresAt <= now ? gone(MSG.consentLinkExpired) : conflict(MSG.consentLinkUsed);
      }
      // Made for this, the account is a guardian account even while it waits: it then sees only the wait.
      if (becomesGuardian) await repo.makeGuardianAccount(tx, user.id);
      const { consentTextVersion, consentVerification } = await readOrganisationSettings(deps, tx);
      const trusted = consentVerification === 'email' || (await isGuardianOf(tx, user.id, request.childId));
      if (trusted) await repo.addGuardianship(tx, user.id, request.childId, now);
      const consentId = await repo.insertConsent(tx, {
        childId: request.childId,
        guardianId: user.id,
        method: 'email_link',
        textVersion: consentTextVersion,
        requestEmail: request.email,
        note: null,
        recordedBy: null,
        grantedAt: now,
        verifiedAt: trusted ? now : null,
        requestId: request.id,
      });
      await recordAudit(tx, {
        actorId: user.id,
        action: 'consent.granted',
        subject: { type: 'member', id: request.childId },
        details: {
          consentId,
          method: 'email_link',
          textVersion: consentTextVersion,
          guardianId: user.id,
          guardianAccount: becomesGuardian,
          awaitingVerification: !trusted,
        },
      });
      return { child: { id: request.childId, name: request.childName }, awaitingVerification: !trusted };
    });
  }

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
    return Promise.all(
      rows.map(async (row) => ({
        id: row.id,
        name: row.name,
        birthDate: birthDateText(row.birthDate),
        guardianConsent: (await minors.standingOf(row)).guardianConsent,
        // The table's CHECK keeps it one of the three.
        photoConsent: row.photoConsent as PhotoConsent,
        upcoming: replies
          .filter((reply) => reply.userId === row.id)
          .map((reply) => ({
            eventId: reply.eventId,
            name: reply.name,
            date: reply.date.toISOString(),
            status: reply.status,
          })),
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
          tell: (eventId, userIds) => queuePromoted(tx, eventId, userIds, now),
          approvals,
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

  return {
    requestConsent,
    requestState,
    describeRequest,
    grantConsent,
    children,
    setPhotoConsent,
    withdrawConsent,
    recordConsent,
    awaitingConsents,
    verifyConsent,
    rejectConsent,
    /** The child when `guardian` is their guardian: 409 while a leader has not confirmed, 403 otherwise. */
    childOf: (guardian: UserRow, childId: number) => childOf(prisma, guardian, childId),
  };
}

export type GuardiansService = ReturnType<typeof createGuardiansService>;
