// Age and consent as every other module asks about them: is this member a minor today, does what they want
// to do need a birth date or a guardian's consent first. The organisation's settings decide the consent age and
// whether a birth date is required; "today" is the calendar day in the organisation's time zone.
import { bornOnOrBefore, calendarDay } from '../../../../shared/age';
import { conflict } from '../../../../shared/errors';
import { MSG } from '../../../../shared/messages';
import type { GuardianConsentState } from '../../../../shared/constants';
import type { AppDeps } from '../../deps';
import type { AuditDb } from '../audit/audit-repository';
import { readOrganisationSettings } from '../organisation/organisation-service';
import { birthDateText, consentStateOfMinor } from './minors-repository';

/** What the rules need of a member. */
export interface AgedUser {
  id: number;
  birthDate: Date | null;
  role: string;
}

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

  async function standingOf(user: AgedUser, db: AuditDb = deps.prisma): Promise<MinorStanding> {
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
  async function assertMayTakePart(user: AgedUser, db: AuditDb = deps.prisma): Promise<void> {
    const at = await cutoff(db);
    if (user.birthDate === null) {
      if (at.requireBirthDate) throw conflict(MSG.birthDateFirst);
      return;
    }
    if (!isMinorBy(user, at)) return;
    if ((await consentStateOfMinor(db, user.id, deps.now())) !== 'granted') throw conflict(MSG.guardianConsentFirst);
  }

  return { cutoff, isMinorBy, standingOf, assertMayTakePart };
}

export type MinorsService = ReturnType<typeof createMinorsService>;
