// Recurrence rules: which instants a series' occurrences start at. rrule does the calendar work; it
// runs on "floating" wall time (UTC fields standing for the zone's local clock), so a weekly 19:00 Europe/Berlin
// event stays 19:00 in Berlin across a daylight-saving change. Pure functions: no database.
import rrule from 'rrule';
import type { MonthlyBy, RecurrenceFrequency } from '../../../../shared/constants';
import { instantFromWallTime, wallTime } from '../../../../shared/time-zones';

// rrule ships CommonJS to Node: its named exports are read off the default.
const { RRule } = rrule;

/** At most this many occurrences exist ahead of now; the scheduler generates more as time passes. */
export const OCCURRENCES_AHEAD = 52;

export interface SeriesRule {
  frequency: RecurrenceFrequency;
  monthlyBy: MonthlyBy | null;
  timeZone: string;
  /** The first occurrence (an instant). */
  startsAt: Date;
  count: number | null;
  /** The last instant an occurrence may start at. */
  until: Date | null;
}

/**
 * The instant the zone's clock reads `wall`. A reading skipped by a spring-forward gap is taken with the offset
 * from before the gap (02:30 becomes 03:30), as calendar apps do; an ambiguous one (autumn) is the first.
 */
export function instantOf(wall: Date, timeZone: string): Date {
  const instant = instantFromWallTime(
    {
      year: wall.getUTCFullYear(),
      month: wall.getUTCMonth() + 1,
      day: wall.getUTCDate(),
      hour: wall.getUTCHours(),
      minute: wall.getUTCMinutes(),
      second: wall.getUTCSeconds(),
    },
    timeZone,
  );
  return new Date(instant.getTime() + wall.getUTCMilliseconds());
}

function ruleOf(rule: SeriesRule) {
  const dtstart = wallTime(rule.startsAt, rule.timeZone);
  const options: ConstructorParameters<typeof RRule>[0] = {
    dtstart,
    freq: rule.frequency === 'monthly' ? RRule.MONTHLY : RRule.WEEKLY,
    interval: rule.frequency === 'biweekly' ? 2 : 1,
    ...(rule.count !== null ? { count: rule.count } : {}),
    ...(rule.until !== null ? { until: wallTime(rule.until, rule.timeZone) } : {}),
  };
  if (rule.frequency === 'monthly') {
    if (rule.monthlyBy === 'weekday') {
      // The first..fourth <weekday> of the month; a fifth one (not in every month) means "the last".
      const nth = Math.ceil(dtstart.getUTCDate() / 7);
      const weekday = [RRule.SU, RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA][dtstart.getUTCDay()]!;
      options.byweekday = [weekday.nth(nth > 4 ? -1 : nth)];
    } else {
      // RFC 5545: a month without that day (Jan 31 → February) has no occurrence.
      options.bymonthday = [dtstart.getUTCDate()];
    }
  }
  return new RRule(options);
}

export interface Generated {
  /** Occurrence starts after `after`, soonest first. */
  starts: Date[];
  /** The rule has no occurrence after the last of `starts`. */
  complete: boolean;
}

/** At most this many occurrences are generated in one go (a series that started long ago catches up in steps). */
const MAX_PER_RUN = 2 * OCCURRENCES_AHEAD;

/**
 * The occurrences after `after` (exclusive; null: from the first) up to the OCCURRENCES_AHEAD-th one that
 * starts after `now`.
 */
export function occurrencesAfter(rule: SeriesRule, after: Date | null, now: Date): Generated {
  const afterWall = after === null ? null : wallTime(after, rule.timeZone);
  const nowWall = wallTime(now, rule.timeZone);
  const starts: Date[] = [];
  let ahead = 0;
  let stoppedEarly = false;
  ruleOf(rule).all((wall) => {
    if (ahead >= OCCURRENCES_AHEAD || starts.length >= MAX_PER_RUN) {
      stoppedEarly = true;
      return false;
    }
    if (wall > nowWall) ahead += 1;
    if (afterWall === null || wall > afterWall) starts.push(instantOf(wall, rule.timeZone));
    return true;
  });
  return { starts, complete: !stoppedEarly };
}

/** How many of the rule's occurrences start before `instant` (where an occurrence sits in a counted series). */
export function countBefore(rule: SeriesRule, instant: Date): number {
  const cut = wallTime(instant, rule.timeZone);
  let count = 0;
  ruleOf(rule).all((wall) => {
    if (wall >= cut) return false;
    count += 1;
    return true;
  });
  return count;
}

/** The end of an "until" given as a date: that whole day in the zone; a date-time is taken as it is. */
export function untilInstant(until: string, timeZone: string): Date {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(until);
  if (!day) return new Date(until);
  return instantOf(new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]), 23, 59, 59, 999)), timeZone);
}
