// Age and consent as every other module asks about them: is this member a minor today, does what they want
// to do need a birth date or a guardian's consent first. The organisation's settings decide the consent age and
// whether a birth date is required; "today" is the calendar day in the organisation's time zone.
import { bornOnOrBefore, calendarDay } from '../../../../shared/age';
import { conflict, forbidden, invalid } from '../../../../shared/errors';
import { MSG } from '../../../../shared/messages';
import { CONSENT_AGE, GUARDIAN_LIMITS, type GuardianConsentState } from '../../../../shared/constants';
import { shortName } from '../../../../shared/minor-names';
import type { CurrentUser } from '../../../../shared/types';
import type { AppDeps } from '../../deps';
import type { AuditDb } from '../audit/audit-repository';
import { lastKnownTimeZone, readOrganisationSettings } from '../organisation/organisation-service';
import { findUserById, sectionsLedBy, toCurrentUser, type UserRow } from '../users/users-repository';
import {
  birthDateText,
  consentStateOfMinor,
  findBirthDate,
  guardiansOfMinors,
  minorFactsOf,
  minorIdsAmong,
  saveFirstBirthDate,
  shownAsFacts,
  type GuardianOfRecipient,
  type MinorFactsRow,
} from './minors-repository';

/** What the rules need of a member. */
export interface AgedUser {
  id: number;
  birthDate: Date | null;
  role: string;
}

/**
 * A member who is acting. The routes hand in the session's whole users row, birth date included; a viewer
 * without one (the bot's) has it read.
 */
export type ActingUser = Omit<AgedUser, 'birthDate'> & { birthDate?: Date | null };

const NOT_A_MINOR = { isMinor: false, guardianConsent: 'not_needed' } as const;

/** A member's standing as the current user shows it. */
export interface MinorStanding {
  birthDate: string | null;
  isMinor: boolean;
  guardianConsent: GuardianConsentState;
}

/** The day that decides who is a minor: members born after `bornAfter` are younger than the consent age. */
export interface AgeCutoff {
  today: string;
  bornAfter: string;
  consentAge: number;
  requireBirthDate: boolean;
}

/** A member as a list names them: attendee lists, comments, the invitation directory. */
export interface NamedMember {
  /** Null for an entry that names nobody (a member who hid their name). */
  id: number | null;
  name: string | null;
  avatarUrl: string | null;
}

/** The cutoff on `now`'s calendar day, from the settings in force (inside `db`'s transaction when given one). */
export async function cutoffOn(
  deps: Pick<AppDeps, 'config' | 'prisma'>,
  now: Date,
  db: AuditDb = deps.prisma,
): Promise<AgeCutoff> {
  const settings = await readOrganisationSettings(deps, db);
  const today = calendarDay(now, settings.timeZone);
  return {
    today,
    bornAfter: bornOnOrBefore(today, settings.consentAge),
    consentAge: settings.consentAge,
    requireBirthDate: settings.requireBirthDate,
  };
}

/**
 * Today's cutoff, read from the settings in force (inside `db`'s transaction): for code that runs where the
 * minors service is not at hand (a promotion inside an account's erasure).
 */
export const ageCutoff = (deps: Pick<AppDeps, 'config' | 'prisma' | 'now'>, db: AuditDb): Promise<AgeCutoff> =>
  cutoffOn(deps, deps.now(), db);

/**
 * The guardians to copy on a message to any of `recipientIds` (those who are minors today), one row per
 * guardian and child. The notification fan-out asks this inside its batch's transaction.
 */
export async function guardianCopiesFor(
  deps: Pick<AppDeps, 'config' | 'prisma'>,
  db: AuditDb,
  recipientIds: number[],
  now: Date,
): Promise<GuardianOfRecipient[]> {
  if (!recipientIds.length) return [];
  const at = await cutoffOn(deps, now, db);
  return guardiansOfMinors(db, recipientIds, at.bornAfter);
}

export function createMinorsService(deps: Pick<AppDeps, 'config' | 'prisma' | 'now'>) {
  /** Today's cutoff, read from the settings in force (inside `db`'s transaction when given one). */
  const cutoff = (db: AuditDb = deps.prisma): Promise<AgeCutoff> => cutoffOn(deps, deps.now(), db);

  const isMinorBy = (user: Pick<AgedUser, 'birthDate'>, at: AgeCutoff): boolean => {
    const birthDate = birthDateText(user.birthDate);
    return birthDate !== null && birthDate > at.bornAfter;
  };

  // Synchronous on the session's path: the zone last read (organisation-service.ts).
  const today = () => calendarDay(deps.now(), lastKnownTimeZone(deps));

  /**
   * Whether a birth date makes an adult whatever consent age an admin may choose: such a member (most of them)
   * costs no read of the settings on the session's path.
   */
  const surelyAdult = (birthDate: string): boolean => birthDate <= bornOnOrBefore(today(), CONSENT_AGE.max);

  async function standingOf(user: AgedUser, db: AuditDb = deps.prisma): Promise<MinorStanding> {
    const birthDate = birthDateText(user.birthDate);
    // Without a birth date nobody is taken for a minor (asking for it is the organisation's setting).
    if (birthDate === null || surelyAdult(birthDate)) return { birthDate, ...NOT_A_MINOR };
    const at = await cutoff(db);
    const isMinor = isMinorBy(user, at);
    return {
      birthDate: birthDateText(user.birthDate),
      isMinor,
      guardianConsent: isMinor ? await consentStateOfMinor(db, user.id, deps.now()) : 'not_needed',
    };
  }

  /**
   * Refuses (409) what a member may do only with a birth date (when the organisation requires one) and, under
   * the consent age, with a guardian's consent in force (confirmed by a leader when it came by email and the
   * organisation asks for that): replying attending or maybe, and commenting.
   */
  async function assertMayTakePart(acting: ActingUser, db: AuditDb = deps.prisma): Promise<void> {
    // A guardian account consents and replies for children; it does not take part itself.
    if (acting.role === 'guardian') throw forbidden(MSG.guardianAccountOnly);
    const user = {
      ...acting,
      birthDate: acting.birthDate === undefined ? await findBirthDate(db, acting.id) : acting.birthDate,
    };
    const birthDate = birthDateText(user.birthDate);
    if (birthDate !== null && surelyAdult(birthDate)) return;
    const at = await cutoff(db);
    if (user.birthDate === null) {
      if (at.requireBirthDate) throw conflict(MSG.birthDateFirst);
      return;
    }
    if (!isMinorBy(user, at)) return;
    const consent = await consentStateOfMinor(db, user.id, deps.now());
    // An emailed consent proves an address, not a parent: a leader confirms it before it counts.
    if (consent === 'awaiting_verification') throw conflict(MSG.consentAwaitingVerification);
    if (consent !== 'granted') throw conflict(MSG.guardianConsentFirst);
  }

  /**
   * The current user as every API answer shows it: the account with its age and consent standing, and the
   * sections it leads (what the web app offers them in the event form and on home).
   */
  async function currentUser(user: UserRow, db: AuditDb = deps.prisma): Promise<CurrentUser> {
    const [standing, leadsSections] = await Promise.all([standingOf(user, db), sectionsLedBy(db, user.id)]);
    return toCurrentUser(user, { ...standing, leadsSections });
  }

  /** 400 unless `birthDate` (a real YYYY-MM-DD day) lies in the past and at most 120 years ago. */
  function assertPlausibleBirthDate(birthDate: string): void {
    const day = today();
    if (birthDate > day) throw invalid(MSG.birthDateInFuture);
    if (birthDate < bornOnOrBefore(day, GUARDIAN_LIMITS.maxAgeYears)) throw invalid(MSG.birthDateTooOld);
  }

  /**
   * PUT /api/users/me/birth-date: a member gives their date of birth once; a second time is 409 (an admin
   * corrects it), so a minor cannot make themselves older to skip their guardian's consent.
   */
  async function setOwnBirthDate(user: UserRow, birthDate: string): Promise<CurrentUser> {
    assertPlausibleBirthDate(birthDate);
    if (user.birthDate !== null || !(await saveFirstBirthDate(deps.prisma, user.id, birthDate))) {
      throw conflict(MSG.birthDateAlreadySet);
    }
    const saved = await findUserById(deps.prisma, user.id);
    return currentUser(saved ?? user);
  }

  /**
   * The one privacy rule for names and pictures of minors, applied wherever members see each other. Other
   * members see a minor by first name and last initial, with the picture only under photo consent "full".
   * `privileged` viewers (the event's organisers, admins) and the minor's own guardians see the full name, and
   * the picture unless photo consent is "none" (then nobody does). A member always sees themself as they are.
   */
  async function shownTo<T extends NamedMember>(
    viewer: { id: number },
    entries: T[],
    privileged: boolean,
    db: AuditDb = deps.prisma,
  ): Promise<T[]> {
    const ids = [...new Set(entries.map((entry) => entry.id).filter((id): id is number => id !== null))].filter(
      (id) => id !== viewer.id,
    );
    if (!ids.length) return entries;
    const facts = await shownAsFacts(db, ids, await cutoff(db), viewer.id);
    return entries.map((entry) => {
      const fact = entry.id === null ? undefined : facts.get(entry.id);
      if (!fact?.minor || entry.id === viewer.id) return entry;
      if (privileged || fact.guarded) {
        return fact.photoConsent === 'none' ? { ...entry, avatarUrl: null } : entry;
      }
      return {
        ...entry,
        name: entry.name === null ? null : shortName(entry.name),
        avatarUrl: fact.photoConsent === 'full' ? entry.avatarUrl : null,
      };
    });
  }

  /** What the organisers of `eventId` see of these attendees: age, consent, permission slip, photo consent. */
  async function organiserFacts(
    ids: number[],
    eventId: number,
    db: AuditDb = deps.prisma,
  ): Promise<Map<number, MinorFactsRow>> {
    const at = await cutoff(db);
    return minorFactsOf(db, ids, eventId, at.bornAfter, deps.now());
  }

  /** Which of `ids` are minors today (the admins' members list marks them). */
  async function minorsAmong(ids: number[], db: AuditDb = deps.prisma): Promise<Set<number>> {
    return minorIdsAmong(db, ids, (await cutoff(db)).bornAfter);
  }

  return {
    cutoff,
    isMinorBy,
    standingOf,
    assertMayTakePart,
    currentUser,
    assertPlausibleBirthDate,
    setOwnBirthDate,
    shownTo,
    organiserFacts,
    minorsAmong,
  };
}

export type MinorsService = ReturnType<typeof createMinorsService>;
