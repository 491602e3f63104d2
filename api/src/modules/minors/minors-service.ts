// Age and consent as every other module asks about them: is this member a minor today, does what they want
// to do need a birth date or a guardian's consent first. The organisation's settings decide the consent age and
// whether a birth date is required; "today" is the calendar day in the organisation's time zone.
import { bornOnOrBefore, calendarDay } from '../../../../shared/age';
import { conflict, forbidden, invalid } from '../../../../shared/errors';
import { MSG } from '../../../../shared/messages';
import { CONSENT_AGE, GUARDIAN_LIMITS, type GuardianConsentState } from '../../../../shared/constants';
import type { CurrentUser } from '../../../../shared/types';
import type { AppDeps } from '../../deps';
import type { AuditDb } from '../audit/audit-repository';
import { readOrganisationSettings } from '../organisation/organisation-service';
import { findUserById, toCurrentUser, type UserRow } from '../users/users-repository';
import { birthDateText, consentStateOfMinor, findBirthDate, saveFirstBirthDate } from './minors-repository';

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

/**
 * Today's cutoff, read from the settings in force (inside `db`'s transaction): for code that runs where the
 * minors service is not at hand (a promotion inside an account's erasure).
 */
export async function ageCutoff(deps: Pick<AppDeps, 'config' | 'prisma' | 'now'>, db: AuditDb): Promise<AgeCutoff> {
  const settings = await readOrganisationSettings(deps, db);
  const today = calendarDay(deps.now(), deps.config.notificationsTimeZone);
  return {
    today,
    bornAfter: bornOnOrBefore(today, settings.consentAge),
    consentAge: settings.consentAge,
    requireBirthDate: settings.requireBirthDate,
  };
}

export function createMinorsService(deps: Pick<AppDeps, 'config' | 'prisma' | 'now'>) {
  /** Today's cutoff, read from the settings in force (inside `db`'s transaction when given one). */
  const cutoff = (db: AuditDb = deps.prisma): Promise<AgeCutoff> => ageCutoff(deps, db);

  const isMinorBy = (user: Pick<AgedUser, 'birthDate'>, at: AgeCutoff): boolean => {
    const birthDate = birthDateText(user.birthDate);
    return birthDate !== null && birthDate > at.bornAfter;
  };

  const today = () => calendarDay(deps.now(), deps.config.notificationsTimeZone);

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
   * the consent age, with a guardian's consent: replying attending or maybe, and commenting.
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
    if ((await consentStateOfMinor(db, user.id, deps.now())) !== 'granted') throw conflict(MSG.guardianConsentFirst);
  }

  /** The current user as every API answer shows it: the account with its age and consent standing. */
  async function currentUser(user: UserRow, db: AuditDb = deps.prisma): Promise<CurrentUser> {
    return toCurrentUser(user, await standingOf(user, db));
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

  return {
    cutoff,
    isMinorBy,
    standingOf,
    assertMayTakePart,
    currentUser,
    assertPlausibleBirthDate,
    setOwnBirthDate,
  };
}

export type MinorsService = ReturnType<typeof createMinorsService>;
