// A member's standing against the organisation's required checks: pure rules, shared by the leaders service and
// its scans. A check is current through its expiry day (a YYYY-MM-DD compared with today in the organisation's zone).
import type { LeaderCheckKind } from '../../../../shared/schemas/leader-checks';
import type { LeaderCheck, MemberChecksStanding } from '../../../../shared/types/leader-checks';
import * as repo from './leader-checks-repository';

const DAY_MS = 86_400_000;
/** Managers are told this long before an event that it still lacks leaders. */
export const SHORTFALL_NOTICE_MS = 48 * 3_600_000;

/** Days from `from` to `to` (both YYYY-MM-DD). */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(day) + days * DAY_MS).toISOString().slice(0, 10);

export const toCheck = (row: repo.CheckRow, today: string): LeaderCheck => ({
  id: row.id,
  // The table's CHECK keeps it one of the three.
  kind: row.kind as LeaderCheckKind,
  reference: row.reference,
  completedOn: repo.dayOf(row.completedOn),
  expiresOn: repo.dayOf(row.expiresOn),
  current: repo.dayOf(row.expiresOn) >= today,
});

/** Whether every required kind has a current check among `checks` (nothing required: everyone is cleared). */
export const clearedBy = (checks: LeaderCheck[], required: LeaderCheckKind[]) =>
  required.every((kind) => checks.some((check) => check.kind === kind && check.current));

/** A member's standing; null for one who holds no checks at all. */
export function standingOf(checks: LeaderCheck[], required: LeaderCheckKind[]): MemberChecksStanding | null {
  if (!checks.length) return null;
  const cleared = clearedBy(checks, required);
  // Lapsed: a required kind they held has run out and no current one replaced it (not merely never recorded).
  const lapsed =
    !cleared &&
    required.some(
      (kind) =>
        checks.some((check) => check.kind === kind) && !checks.some((check) => check.kind === kind && check.current),
    );
  const ends = checks.filter((check) => check.current).map((check) => check.expiresOn);
  return { cleared, lapsed, nextExpiry: ends.length ? ends.reduce((a, b) => (a < b ? a : b)) : null };
}
