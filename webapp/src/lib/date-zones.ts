// Dates across time zones: the note beside an event's time when it is in another zone than the viewer's, the
// event form's wall-time fields, and a nightly job's hour. Only the screens that show them load this code and the
// zone arithmetic under it (shared/time-zones.ts); lib/dates.ts formats the rest.
import { dateFormat, dateParts } from '../../../shared/date-format';
import { instantFromWallTime, zoneOffsetMinutes, zoneShortName } from '../../../shared/time-zones';
import { defineMessages, translate } from '../i18n';
import { formatDate, formatOr, localeFor, rowText, toDate, viewerTimeZone } from './dates';

const messages = defineMessages({
  yourTime: {
    id: 'web.dates.yourTime',
    defaultMessage: '{time} your time',
    description: "The same moment on the viewer's clock, beside an event's time in another zone.",
  },
});

/** Every zone the browser knows, for the event form (the current one included even if it is not listed). */
export function timeZoneOptions(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}

/** A time of day given as 'HH:MM' in `zone` (a nightly job's hour), in the time style: '6:00 PM'. */
export function clockTime(hhmm: string, zone = 'UTC'): string {
  const [hour, minute] = hhmm.split(':').map(Number) as [number, number];
  const wall = instantFromWallTime({ year: 2026, month: 1, day: 15, hour, minute }, zone);
  return Number.isNaN(wall.getTime()) ? hhmm : formatDate('time', wall, zone);
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * What goes beside an event's time: its zone ('GMT+1 (Europe/Berlin)', or 'UTC') and, when the viewer's clocks
 * show another time at that moment, the viewer's ('1:05 PM your time', with the day when it differs).
 */
export function zoneNote(
  value: string | null | undefined,
  zone: string,
  viewerZone = viewerTimeZone(),
): { zone: string; yours: string | null } | null {
  const date = toDate(value);
  if (!date) return null;
  const name = zoneShortName(date, zone, localeFor('en'));
  const label = name === zone ? name : `${name} (${zone})`;
  if (zoneOffsetMinutes(date, zone) === zoneOffsetMinutes(date, viewerZone)) return { zone: label, yours: null };
  const theirDay = formatDate('shortDay', date, viewerZone);
  const when =
    formatDate('shortDay', date, zone) === theirDay
      ? formatDate('time', date, viewerZone)
      : rowText(theirDay, formatDate('time', date, viewerZone));
  return { zone: label, yours: translate(messages.yourTime, { time: when }) };
}

/** For <input type="datetime-local">: the wall time to the minute, in `zone` (left out: the viewer's). */
export const toDateTimeLocal = (value?: string | null, zone?: string) =>
  formatOr(
    value,
    (d) => {
      if (!zone) {
        return (
          `${String(d.getFullYear()).padStart(4, '0')}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` +
          `T${pad(d.getHours())}:${pad(d.getMinutes())}`
        );
      }
      const parts = dateParts(
        dateFormat('en-US', {
          timeZone: zone,
          hourCycle: 'h23',
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
        }),
        d,
      );
      return `${parts.year!.padStart(4, '0')}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
    },
    '',
  );

/** A datetime-local value read as wall time in `zone`: the ISO instant, or null when unreadable. */
export function fromDateTimeLocal(value: string, zone: string): string | null {
  const match = /^(\d{4,6})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match || !toDate(value)) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  return instantFromWallTime({ year, month, day, hour, minute }, zone).toISOString();
}
