// Answers about leaders' checks and who leads an event (docs/features/sections.md, "Leader checks").
import type { LeaderCheckKind } from '../schemas/leader-checks';
import type { AdminMember, OrganisationSettingsView } from '../types';
import type { PaymentSettings } from './payments';

/** One check of a member (GET /api/admin/members/{id}/checks). Dates are YYYY-MM-DD. */
export interface LeaderCheck {
  id: number;
  kind: LeaderCheckKind;
  reference: string | null;
  completedOn: string;
  /** The check holds through this day (in the organisation's zone) and has run out from the next. */
  expiresOn: string;
  /** Whether it holds today. */
  current: boolean;
}

/** A member's checks against the organisation's required ones. */
export interface MemberChecksStanding {
  /** Every required check is current: the member may be named to lead an event (as an adult). */
  cleared: boolean;
  /** Not cleared because a required check ran out and was not renewed ("Lapsed" in Members). */
  lapsed: boolean;
  /** The first day a current check runs out (YYYY-MM-DD), or null when none is current. */
  nextExpiry: string | null;
}

/** GET /api/admin/members/{id}/checks */
export interface MemberChecks extends MemberChecksStanding {
  checks: LeaderCheck[];
  /** The checks the organisation requires (organisation settings' requiredLeaderChecks). */
  required: LeaderCheckKind[];
}

/**
 * An entry of GET /api/admin/members: the member with their checks' standing; null for a member who holds no
 * checks at all (most members: not leaders).
 */
export type AdminMemberWithChecks = AdminMember & { checks: MemberChecksStanding | null };

/** GET /api/admin/checks/expiring: a check that runs out soon (or ran out already, while not renewed). */
export interface ExpiringCheck extends LeaderCheck {
  member: { id: number; name: string };
  /** Days until expiresOn (0: today is its last day; negative: run out). */
  daysLeft: number;
}

/** The leader rules of the organisation settings (GET and PATCH /api/admin/organisation). */
export interface LeaderSettings {
  requiredLeaderChecks: LeaderCheckKind[];
  /** The fewest cleared leaders an event with attending minors needs. */
  minLeadersPerEvent: number;
  /** Attending minors per leader. */
  youthPerLeader: number;
}

export type OrganisationSettingsWithLeaders = OrganisationSettingsView & LeaderSettings & PaymentSettings;

/**
 * An event's adult-to-youth ratio: `leaders` the named leaders who are cleared today, `minors` the attending
 * minors, `required` max(minLeadersPerEvent, ceil(minors / youthPerLeader)) when any minor attends (else 0), and
 * `ok` when leaders ≥ required.
 */
export interface EventRatio {
  leaders: number;
  minors: number;
  required: number;
  ok: boolean;
}

/** GET and PUT /api/events/{id}/leaders (the event's managers). */
export interface EventLeaders {
  leaderIds: number[];
  leaders: Array<{ id: number; name: string; cleared: boolean }>;
  ratio: EventRatio;
}

/** GET /api/events/{id}/leaders/candidates (the event's managers): a cleared adult leader they may name. */
export interface LeaderCandidate {
  id: number;
  name: string;
}
