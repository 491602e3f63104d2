// The web app's date rules (SPEC §2/§9) as pure functions: the named styles in English, German and Arabic,
// relative times, fallbacks and the list order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  byDateAscending,
  commentDate,
  dayHeading,
  detailDate,
  detailTime,
  formatDate,
  longDateTime,
  rowDateTime,
  shortDate,
} from '../../webapp/src/lib/dates';
import { clockTime, toDateTimeLocal } from '../../webapp/src/lib/date-zones';
import { relativeTime } from '../../webapp/src/lib/relative-time';
import { activateLanguage, messagesPending } from '../../webapp/src/i18n';

// Local time on purpose: the app shows dates in the viewer's own zone.
const local = new Date(2026, 2, 7, 14, 5).toISOString();

describe('web app dates', () => {
  // As the app does before its first render: the words the dates use are in.
  beforeAll(() => messagesPending());

  it('When a date is readable, then each screen gets its SPEC format', () => {
    expect(shortDate(local)).toBe('Mar 7, 2026');
    expect(longDateTime(local)).toBe('Saturday, March 7, 2026 at 2:05 PM');
    expect(detailDate(local)).toBe('Saturday, March 7, 2026');
    expect(detailTime(local)).toBe('2:05 PM');
    expect(commentDate(local)).toBe('Mar 7, 2026 at 2:05 PM');
    expect(toDateTimeLocal(local)).toBe('2026-03-07T14:05');
  });

  it('When a date is shown in English, then every style reads in one order: month before day, 12-hour clock', () => {
    const moment = new Date('2026-12-05T18:00:00Z');
    const iso = moment.toISOString();
    const now = new Date('2026-11-29T09:00:00Z');
    expect(formatDate('dayHeading', moment, 'UTC')).toBe('Saturday, December 5');
    expect(formatDate('longDate', moment, 'UTC')).toBe('Saturday, December 5, 2026');
    expect(formatDate('shortDate', moment, 'UTC')).toBe('Dec 5, 2026');
    expect(formatDate('shortDay', moment, 'UTC')).toBe('Sat, Dec 5');
    expect(formatDate('time', moment, 'UTC')).toBe('6:00 PM');
    expect(dayHeading(iso, 'UTC', now)).toBe('Saturday, December 5');
    expect(dayHeading('2027-01-09T18:00:00Z', 'UTC', now)).toBe('Saturday, January 9, 2027');
    expect(dayHeading('2026-11-30T08:00:00Z', 'UTC', now)).toBe('Tomorrow');
    expect(rowDateTime(iso, 'UTC')).toBe('Sat, Dec 5 · 6:00 PM');
    expect(commentDate(iso, 'UTC')).toBe('Dec 5, 2026 at 6:00 PM');
    expect(clockTime('18:00')).toBe('6:00 PM');
    // An event's own zone moves the day and the time with it.
    expect(longDateTime('2026-12-05T23:30:00Z', 'Europe/Berlin')).toBe('Sunday, December 6, 2026 at 12:30 AM');
  });

  it('When a comment is read later, then it says how long ago, and after a week its date', () => {
    const posted = '2026-11-29T10:00:00Z';
    const at = (minutes: number) => Date.parse(posted) + minutes * 60_000;
    expect(relativeTime(posted, at(0.5))).toBe('just now');
    expect(relativeTime(posted, at(5))).toBe('5m ago');
    expect(relativeTime(posted, at(125))).toBe('2h ago');
    expect(relativeTime(posted, at(26 * 60))).toBe('yesterday');
    expect(relativeTime(posted, at(3 * 24 * 60))).toBe('3d ago');
    expect(relativeTime(posted, at(9 * 24 * 60), 'UTC')).toBe('Nov 29, 2026');
    expect(relativeTime('not a date')).toBe('Date unavailable');
  });

  describe('in other languages', () => {
    afterAll(() => activateLanguage('en'));
    const moment = new Date('2026-12-05T18:00:00Z');
    const posted = moment.toISOString();
    const twoHoursOn = moment.getTime() + 2 * 3600_000;

    it('When the page is German, then the same styles read German’s way with its 24-hour clock', async () => {
      await activateLanguage('de');
      expect(formatDate('dayHeading', moment, 'UTC')).toBe('Samstag, 5. Dezember');
      expect(formatDate('shortDate', moment, 'UTC')).toBe('5. Dez. 2026');
      expect(detailTime(posted, 'UTC')).toBe('18:00');
      expect(longDateTime(posted, 'UTC')).toBe('Samstag, 5. Dezember 2026 um 18:00');
      expect(commentDate(posted, 'UTC')).toBe('5. Dez. 2026 um 18:00');
      expect(relativeTime(posted, twoHoursOn)).toBe('vor 2 Std.');
      expect(relativeTime(posted, moment.getTime() + 1000)).toBe('gerade eben');
    });

    it('When the page is Arabic, then the same styles read in Arabic', async () => {
      await activateLanguage('ar');
      const heading = formatDate('dayHeading', moment, 'UTC');
      expect(heading).toContain('السبت');
      expect(heading).toContain('ديسمبر');
      expect(formatDate('time', moment, 'UTC')).toMatch(/م$/);
      expect(relativeTime(posted, twoHoursOn)).toBe('قبل ساعتين');
      expect(relativeTime(posted, moment.getTime() + 1000)).toBe('الآن');
    });
  });

  it('When a date is missing or unreadable, then the SPEC fallbacks show', () => {
    for (const value of [null, undefined, '', 'not a date', '2026-13-45']) {
      expect(shortDate(value)).toBe('No date');
      expect(longDateTime(value)).toBe('Date not specified');
      expect(detailDate(value)).toBe('Date not specified');
      expect(detailTime(value)).toBe('Time not specified');
      expect(commentDate(value)).toBe('Date unavailable');
      expect(toDateTimeLocal(value)).toBe('');
    }
  });

  it('When events are sorted, then they go by date ascending and unreadable dates go last', () => {
    const events = [
      { name: 'broken', date: 'soon' },
      { name: 'later', date: '2027-05-01T10:00:00.000Z' },
      { name: 'empty', date: '' },
      { name: 'sooner', date: '2026-05-01T10:00:00.000Z' },
    ];
    expect([...events].sort(byDateAscending).map((event) => event.name)).toEqual([
      'sooner',
      'later',
      'broken',
      'empty',
    ]);
  });
});
