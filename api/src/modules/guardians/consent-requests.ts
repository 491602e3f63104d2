// A guardian's consent by email: a minor asks a parent or guardian, who reads the organisation's consent text
// through a single-use link and consents (their account becomes a guardian account when it was made for this).
// Every request and consent is written to the audit log with the change itself.
import { GUARDIAN_LIMITS } from '../../../../shared/constants';
import { conflict, forbidden, gone, invalid, notFound, rateLimited } from '../../../../shared/errors';
import { MSG } from '../../../../shared/messages';
import type { Language } from '../../../../shared/i18n/languages';
import type {
  GuardianConsentGiven,
  GuardianConsentRequestView,
  GuardianRequestSent,
  GuardianRequestState,
} from '../../../../shared/types/guardians';
import type { AppDeps } from '../../deps';
import { randomToken, sha256 } from '../../lib/secrets';
import { recordAudit, type AuditDb } from '../audit/audit-repository';
import { isGuardianOf } from '../minors/minors-repository';
import type { MinorsService } from '../minors/minors-service';
import { emailSendingOn } from '../admin/smtp-settings-service';
import { queueGuardianConsentEmail } from '../notifications/guardian-emails';
import {
  readConsentText,
  readDefaultLanguage,
  readTimeZone,
  readOrganisationSettings,
} from '../organisation/organisation-service';
import { signInEmail, type UserRow } from '../users/users-repository';
import * as repo from './guardians-repository';

const DAY_MS = 24 * 60 * 60 * 1000;

export function createConsentRequests(deps: AppDeps, minors: MinorsService) {
  const { prisma } = deps;

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

  return { requestConsent, requestState, describeRequest, grantConsent };
}
