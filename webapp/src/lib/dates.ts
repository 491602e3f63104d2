// Date formats of SPEC §2/§9, with the browser's own Intl (no date library in the bundle), in the page's language:
// English keeps the SPEC's patterns exactly; another language gets the same parts in its own order and clock. An
// event's dates are in the event's own time zone when given (else the viewer's). Invalid or missing dates fall
// back to the SPEC's words.
import { dateFormat, dateParts } from '../../../shared/date-format';
import { instantFromWallTime, zoneOffsetMinutes, zoneShortName } from '../../../shared/time-zones';
import { currentLanguage, defineMessages, intlLocale, translate } from '../i18n';

const messages = defineMessages({
  noDate: { id: 'web.dates.noDate', defaultMessage: 'No date' },
  dateNotSpecified: { id: 'web.dates.dateNotSpecified', defaultMessage: 'Date not specified' },
  timeNotSpecified: { id: 'web.dates.timeNotSpecified', defaultMessage: 'Time not specified' },
  dateUnavailable: { id: 'web.dates.dateUnavailable', defaultMessage: 'Date unavailable' },
  dayAtTime: {
    id: 'web.dates.dayAtTime',
    defaultMessage: '{day} at {time}',
    description: 'A date and its time: "Saturday, March 7, 2026 at 2:05 PM".',
  },
  yourTime: {
    id: 'web.dates.yourTime',
    defaultMessage: '{time} your time',
    description: "The same moment on the viewer's clock, beside an event's time in another zone.",
  },
  notSet: { id: 'web.dates.notSet', defaultMessage: 'Not set' },
  today: { id: 'web.dates.today', defaultMessage: 'Today' },
  tomorrow: { id: 'web.dates.tomorrow', defaultMessage: 'Tomorrow' },
});

/** The locale Intl formats in: English's own for English (the SPEC's patterns), else the page's (intlLocale). */
const localeFor = (english: string): string => (currentLanguage() === 'en' ? english : intlLocale());
const isEnglish = () => currentLanguage() === 'en';

/** ISO 8601 (date, or date and time, optional zone) as the API sends it; anything else is unreadable. */
const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(?:(Z)|([+-])(\d{2})(?::?(\d{2}))?)?)?$/;

/** A date string to a Date: without a zone it is local time (a date alone is local midnight); null when unreadable. */
export function toDate(value: string | null | undefined): Date | null {
  const match = value ? ISO.exec(value.trim()) : null;
  if (!match) return null;
  const [year, month, day, hour, minute, second, zoneHours, zoneMinutes] = [1, 2, 3, 4, 5, 6, 10, 11].map((i) =>
    Number(match[i] ?? 0),
  ) as [number, number, number, number, number, number, number, number];
  const ms = Number((match[7] ?? '').slice(0, 3).padEnd(3, '0'));
  // 24:00 (end of day, ISO 8601) is the next midnight; other out-of-range times are unreadable.
  if (hour > 24 || minute > 59 || second > 59 || zoneMinutes > 59) return null;
  if (hour === 24 && minute + second + ms > 0) return null;
  const zoned = match[8] !== undefined || match[9] !== undefined;
  const date = new Date(0);
  // set(UTC)FullYear keeps years below 100 as they are; a day that rolls over (2026-02-30) is unreadable.
  if (zoned) date.setUTCFullYear(year, month - 1, day);
  else date.setFullYear(year, month - 1, day);
  const [gotMonth, gotDay] = zoned ? [date.getUTCMonth(), date.getUTCDate()] : [date.getMonth(), date.getDate()];
  if (gotMonth !== month - 1 || gotDay !== day) return null;
  if (zoned) date.setUTCHours(hour, minute, second, ms);
  else date.setHours(hour, minute, second, ms);
  const offsetMs = (match[9] === '-' ? -1 : 1) * (zoneHours * 60 + zoneMinutes) * 60_000;
  return new Date(date.getTime() - offsetMs);
}

/** The viewer's own zone (the browser's; the Mini App's web view reports the phone's). */
export const viewerTimeZone = () => dateFormat('en-US', {}).resolvedOptions().timeZone;

/** The organisation's zone (its setting, written into index.html by the server): new events' default. */
export function organisationTimeZone(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="time-zone"]');
  return meta?.content.trim() || viewerTimeZone();
}

/** Every zone the browser knows, for the event form (the current one included even if it is not listed). */
export function timeZoneOptions(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}

/** A pattern in a zone (undefined: the viewer's). */
const formatter = (options: Intl.DateTimeFormatOptions) => (zone?: string) =>
  dateFormat(localeFor('en-US'), { ...options, timeZone: zone });
const MONTH_SHORT = formatter({ month: 'short' });
const DAY = formatter({ day: 'numeric' });
const SHORT = formatter({ month: 'short', day: 'numeric', year: 'numeric' }); // Mar 7, 2026
const LONG = formatter({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }); // Saturday, March 7, 2026
const TIME_12 = formatter({ hour: 'numeric', minute: '2-digit', hour12: true }); // 2:05 PM
const TIME_LOCAL = formatter({ hour: 'numeric', minute: '2-digit' }); // 14:05 in most languages
const TIME = (zone?: string) => (isEnglish() ? TIME_12 : TIME_LOCAL)(zone);
const WEEKDAY_SHORT = formatter({ weekday: 'short', month: 'short', day: 'numeric' }); // Sat, Mar 7

const pad = (value: number) => String(value).padStart(2, '0');
/** Intl may put a narrow no-break space before AM/PM; the SPEC's strings use a plain space. */
const time = (date: Date, zone?: string) => TIME(zone).format(date).replace(/\s/g, ' ');
/** 'yyyy' of the SPEC's patterns: the year has at least four digits. */
const withYear = (format: (zone?: string) => Intl.DateTimeFormat) => (date: Date, zone?: string) =>
  format(zone)
    .formatToParts(date)
    .map((part) => (part.type === 'year' ? part.value.padStart(4, '0') : part.value))
    .join('');
const short = withYear(SHORT);
const long = withYear(LONG);

const formatOr = (value: string | null | undefined, render: (date: Date) => string, fallback: string) => {
  const date = toDate(value);
  return date ? render(date) : fallback;
};

/** `zone`: the event's time zone (left out: the viewer's). */
const dayAtTime = (day: string, at: string) => translate(messages.dayAtTime, { day, time: at });

export const shortDate = (value?: string | null, zone?: string) =>
  formatOr(value, (d) => short(d, zone), translate(messages.noDate));
export const longDateTime = (value?: string | null, zone?: string) =>
  formatOr(value, (d) => dayAtTime(long(d, zone), time(d, zone)), translate(messages.dateNotSpecified));
export const detailDate = (value?: string | null, zone?: string) =>
  formatOr(value, (d) => long(d, zone), translate(messages.dateNotSpecified));
export const detailTime = (value?: string | null, zone?: string) =>
  formatOr(value, (d) => time(d, zone), translate(messages.timeNotSpecified));
export const commentDate = (value?: string | null) =>
  formatOr(value, (d) => dayAtTime(short(d), time(d)), translate(messages.dateUnavailable));

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
  const name = zoneShortName(date, zone);
  const label = name === zone ? name : `${name} (${zone})`;
  if (zoneOffsetMinutes(date, zone) === zoneOffsetMinutes(date, viewerZone)) return { zone: label, yours: null };
  const sameDay = WEEKDAY_SHORT(zone).format(date) === WEEKDAY_SHORT(viewerZone).format(date);
  const when = sameDay
    ? time(date, viewerZone)
    : `${WEEKDAY_SHORT(viewerZone).format(date)}, ${time(date, viewerZone)}`;
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

/** Date ascending; events whose date cannot be read go last. */
export function byDateAscending<T extends { date: string }>(a: T, b: T): number {
  const left = toDate(a.date)?.getTime();
  const right = toDate(b.date)?.getTime();
  if (left === undefined && right === undefined) return 0;
  if (left === undefined) return 1;
  if (right === undefined) return -1;
  return left - right;
}

/** The calendar badge on cards: 'Mar' and '7', or null when the date cannot be read. */
export function badgeParts(value?: string | null, zone?: string): { month: string; day: string } | null {
  const date = toDate(value);
  return date ? { month: MONTH_SHORT(zone).format(date), day: DAY(zone).format(date) } : null;
}

/** A calendar date (YYYY-MM-DD, e.g. a birth date) as 'March 12, 2011': no time, so no zone can move it. */
export const calendarDateText = (value?: string | null) =>
  formatOr(
    value ? `${value}T12:00:00Z` : null,
    (d) => dateFormat(localeFor('en-US'), { dateStyle: 'long', timeZone: 'UTC' }).format(d),
    translate(messages.notSet),
  );

// The list's compact formats: day headings ('Wednesday 2 December', 'Today') and a row's 'Wed 2 Dec · 6:00 PM'.
const DAY_KEY = (zone?: string) =>
  dateFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: zone });
const DAY_HEADING = (zone?: string) =>
  dateFormat(localeFor('en-GB'), { weekday: 'long', day: 'numeric', month: 'long', timeZone: zone });
const DAY_HEADING_YEAR = (zone?: string) =>
  dateFormat(localeFor('en-GB'), { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: zone });
const ROW_DAY = (zone?: string) =>
  dateFormat(localeFor('en-GB'), { weekday: 'short', day: 'numeric', month: 'short', timeZone: zone });

/** The calendar day (YYYY-MM-DD) of a date in `zone`, or null when unreadable: the list groups its rows by it. */
export const dayKey = (value?: string | null, zone?: string) => {
  const date = toDate(value);
  return date ? DAY_KEY(zone).format(date) : null;
};

/**
 * A day's heading in the list: 'Today', 'Tomorrow', 'Wednesday 2 December' (with the year when it is not this
 * year's), or 'No date'. Today is the viewer's today in the event's zone: where the event happens.
 */
export function dayHeading(value?: string | null, zone?: string, now = new Date()): string {
  const date = toDate(value);
  if (!date) return translate(messages.noDate);
  const key = DAY_KEY(zone).format(date);
  if (key === DAY_KEY(zone).format(now)) return translate(messages.today);
  if (key === DAY_KEY(zone).format(new Date(now.getTime() + 86_400_000))) return translate(messages.tomorrow);
  return (key.slice(0, 4) === DAY_KEY(zone).format(now).slice(0, 4) ? DAY_HEADING : DAY_HEADING_YEAR)(zone).format(
    date,
  );
}

/** A row's short date and time, 'Wed 2 Dec · 6:00 PM', in the event's zone; 'Date not specified' when unreadable. */
export const rowDateTime = (value?: string | null, zone?: string) =>
  formatOr(value, (d) => `${ROW_DAY(zone).format(d)} · ${time(d, zone)}`, translate(messages.dateNotSpecified));
