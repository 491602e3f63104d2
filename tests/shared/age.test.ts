// Age as the consent rules count it: whole years from a birth date to a calendar day, birthdays counted from
// their own day, 29 February birthdays from 1 March in common years.
import { describe, expect, it } from 'vitest';
import { ageOn, bornOnOrBefore, calendarDay, isCalendarDate, isMinorOn } from '../../shared/age';

describe('Age from a birth date', () => {
  it('When the birthday is today, then the new year counts today; the day before, it does not', () => {
    expect(ageOn('2010-11-26', '2026-11-26')).toBe(16);
    expect(ageOn('2010-11-26', '2026-11-25')).toBe(15);
    expect(ageOn('2010-11-26', '2026-11-27')).toBe(16);
    expect(isMinorOn('2010-11-26', '2026-11-26', 16)).toBe(false);
    expect(isMinorOn('2010-11-27', '2026-11-26', 16)).toBe(true);
  });

  it('When someone was born on 29 February, then in a common year the birthday counts from 1 March', () => {
    expect(ageOn('2012-02-29', '2027-02-28')).toBe(14);
    expect(ageOn('2012-02-29', '2027-03-01')).toBe(15);
    // In a leap year, on the day itself.
    expect(ageOn('2012-02-29', '2028-02-28')).toBe(15);
    expect(ageOn('2012-02-29', '2028-02-29')).toBe(16);
  });

  it('When the cutoff is worked out, then it agrees with the age on every day around a birthday and a leap day', () => {
    expect(bornOnOrBefore('2026-11-26', 16)).toBe('2010-11-26');
    expect(bornOnOrBefore('2028-02-29', 16)).toBe('2012-02-29');
    // 2011 has no 29 February: whoever was born by the 28th has had their birthday.
    expect(bornOnOrBefore('2027-02-28', 16)).toBe('2011-02-28');
    expect(bornOnOrBefore('2028-02-29', 17)).toBe('2011-02-28');
    const days = ['2027-02-27', '2027-02-28', '2027-03-01', '2028-02-28', '2028-02-29', '2028-03-01'];
    const births = ['2011-02-27', '2011-02-28', '2011-03-01', '2012-02-28', '2012-02-29', '2012-03-01'];
    for (const day of days) {
      for (const birth of births) {
        for (const years of [13, 15, 16, 17]) {
          const minorByCutoff = birth > bornOnOrBefore(day, years);
          expect(minorByCutoff, `${birth} on ${day} at ${years}`).toBe(isMinorOn(birth, day, years));
        }
      }
    }
  });

  it('When a date is not a real day, then it is not a calendar date', () => {
    expect(isCalendarDate('2012-02-29')).toBe(true);
    expect(isCalendarDate('2011-02-29')).toBe(false);
    expect(isCalendarDate('2010-02-30')).toBe(false);
    expect(isCalendarDate('2010-13-01')).toBe(false);
    expect(isCalendarDate('2010-1-01')).toBe(false);
    expect(isCalendarDate('01.02.2010')).toBe(false);
  });

  it('When it is already tomorrow in the organisation’s zone, then today is that day', () => {
    const lateEvening = new Date('2026-11-25T23:30:00Z');
    expect(calendarDay(lateEvening, 'UTC')).toBe('2026-11-25');
    expect(calendarDay(lateEvening, 'Europe/Berlin')).toBe('2026-11-26');
  });
});
