// The web app's date rules (SPEC §2/§9) as pure functions: formats, fallbacks and the list order.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  byDateAscending,
  commentDate,
  detailDate,
  detailTime,
  longDateTime,
  shortDate,
  toDateTimeLocal,
} from '../../webapp/src/lib/dates';
import { messagesPending } from '../../webapp/src/i18n';

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
