// Age as the consent rules see it: whole years lived on a calendar day, from a birth date written YYYY-MM-DD.
// Age is never stored; every check derives it from the birth date and today's date in the organisation's zone.

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Today's calendar date (YYYY-MM-DD) in `timeZone`. */
export function calendarDay(now: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Whether `value` is a real calendar date written YYYY-MM-DD (not 2010-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Whole years from `birthDate` to `day` (both YYYY-MM-DD): a birthday counts from its own day. */
export function ageOn(birthDate: string, day: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const hadBirthday = m > bm || (m === bm && d >= bd);
  return y - by - (hadBirthday ? 0 : 1);
}

/**
 * The latest birth date of someone who is at least `years` old on `day`: a member born after it is younger.
 * Agrees with ageOn, which counts a 29 February birthday from 1 March in a common year.
 */
export function bornOnOrBefore(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const year = String(y - years).padStart(4, '0');
  const candidate = `${year}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  // `day` is 29 February and `years` earlier was a common year: everyone born by the 28th has had the birthday.
  return isCalendarDate(candidate) ? candidate : `${year}-02-28`;
}

/** Younger than `consentAge` on `day`. */
export const isMinorOn = (birthDate: string, day: string, consentAge: number): boolean =>
  ageOn(birthDate, day) < consentAge;
