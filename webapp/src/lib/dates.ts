// The web app's one place for dates (SPEC §2/§9): a few named styles (STYLES) on the browser's own Intl (no date
// library in the bundle), in the page's language; every screen formats through them, so a date reads the same
// everywhere. English keeps the SPEC's patterns exactly; another language gets the same parts in its own order
// and clock. An event's dates are in the event's own time zone; other moments (comments, admin entries) in the
// organisation's. Invalid or missing dates fall back to the SPEC's words. What only some screens need is beside
// it, so the first page's script carries none of it: how long ago (relative-time.ts) and time zones (date-zones.ts).
import { dateFormat } from '../../../shared/date-format';
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
  notSet: { id: 'web.dates.notSet', defaultMessage: 'Not set' },
  today: { id: 'web.dates.today', defaultMessage: 'Today' },
  tomorrow: { id: 'web.dates.tomorrow', defaultMessage: 'Tomorrow' },
});

/** The locale Intl formats in: English's own for English (the SPEC's patterns), else the page's (intlLocale). */
export const localeFor = (english: string): string => (currentLanguage() === 'en' ? english : intlLocale());
export const isEnglish = () => currentLanguage() === 'en';

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

/**
 * The named styles: the one way each kind of date reads everywhere in the UI. English reads them in the SPEC's
 * American order with a 12-hour clock ('Saturday, December 5, 2026', 'Dec 5, 2026', '6:00 PM'); another language
 * gets the same parts in its own order and clock.
 */
const STYLES = {
  /** 'Saturday, December 5': a day's heading in a list (this year's). */
  dayHeading: { weekday: 'long', month: 'long', day: 'numeric' },
  /** 'Saturday, December 5, 2026': an event's day (the details table), or a heading of another year. */
  longDate: { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' },
  /** 'Dec 5, 2026': a date among others (cards, tables, the sidebar). */
  shortDate: { month: 'short', day: 'numeric', year: 'numeric' },
  /** 'Sat, Dec 5': a day beside a time where the year goes without saying. */
  shortDay: { weekday: 'short', month: 'short', day: 'numeric' },
  /** '6:00 PM' (14:05 in most other languages). */
  time: { hour: 'numeric', minute: '2-digit' },
  /** The calendar badge on covers: 'Dec' over '5'. */
  badgeMonth: { month: 'short' },
  badgeDay: { day: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
export type DateStyle = keyof typeof STYLES;

/** English's own clock for English (the SPEC's h:mm a), the language's own otherwise. */
const clock = (style: DateStyle): Intl.DateTimeFormatOptions =>
  style === 'time' && isEnglish() ? { hour12: true } : {};

/**
 * A date in one of the named styles, in `zone` (left out: the organisation's). Intl may put a narrow no-break
 * space before AM/PM; the SPEC's strings use a plain space. A year keeps at least four digits ('yyyy').
 */
export function formatDate(style: DateStyle, date: Date, zone: string | undefined = defaultZone()): string {
  return dateFormat(localeFor('en-US'), { ...STYLES[style], ...clock(style), timeZone: zone })
    .formatToParts(date)
    .map((part) => (part.type === 'year' ? part.value.padStart(4, '0') : part.value.replace(/\s/g, ' ')))
    .join('');
}

/**
 * Where a date without an event is read: the organisation's zone (its setting, written into the page), so that
 * every member reads a comment's or an audit entry's time alike; the viewer's own where there is no page.
 */
const defaultZone = (): string | undefined => (typeof document === 'undefined' ? undefined : organisationTimeZone());

export const formatOr = (value: string | null | undefined, render: (date: Date) => string, fallback: string) => {
  const date = toDate(value);
  return date ? render(date) : fallback;
};

/** 'Date unavailable': a moment that cannot be read. */
export const dateUnavailable = () => translate(messages.dateUnavailable);

const dayAtTime = (day: string, at: string) => translate(messages.dayAtTime, { day, time: at });

// Each screen's date, `zone` being the event's time zone (left out: the organisation's).
/** 'Dec 5, 2026' or 'No date'. */
export const shortDate = (value?: string | null, zone?: string) =>
  formatOr(value, (d) => formatDate('shortDate', d, zone), translate(messages.noDate));
/** 'Saturday, December 5, 2026 at 6:00 PM' or 'Date not specified'. */
export const longDateTime = (value?: string | null, zone?: string) =>
  formatOr(
    value,
    (d) => dayAtTime(formatDate('longDate', d, zone), formatDate('time', d, zone)),
    translate(messages.dateNotSpecified),
  );
/** 'Saturday, December 5, 2026' or 'Date not specified'. */
export const detailDate = (value?: string | null, zone?: string) =>
  formatOr(value, (d) => formatDate('longDate', d, zone), translate(messages.dateNotSpecified));
/** '6:00 PM' or 'Time not specified'. */
export const detailTime = (value?: string | null, zone?: string) =>
  formatOr(value, (d) => formatDate('time', d, zone), translate(messages.timeNotSpecified));
/** A moment (a comment, a reply): 'Dec 5, 2026 at 6:00 PM' (SPEC's 'MMM d, yyyy at h:mm a'), or 'Date unavailable'. */
export const commentDate = (value?: string | null, zone?: string) =>
  formatOr(value, (d) => dayAtTime(formatDate('shortDate', d, zone), formatDate('time', d, zone)), dateUnavailable());
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
  return date ? { month: formatDate('badgeMonth', date, zone), day: formatDate('badgeDay', date, zone) } : null;
}

/** A calendar date (YYYY-MM-DD, e.g. a birth date) as 'March 12, 2011': no time, so no zone can move it. */
export const calendarDateText = (value?: string | null) =>
  formatOr(
    value ? `${value}T12:00:00Z` : null,
    (d) => dateFormat(localeFor('en-US'), { dateStyle: 'long', timeZone: 'UTC' }).format(d),
    translate(messages.notSet),
  );

// The list's days: rows are grouped by their calendar day in the event's zone.
const DAY_KEY = (zone?: string) =>
  dateFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: zone });

/** The calendar day (YYYY-MM-DD) of a date in `zone`, or null when unreadable: the list groups its rows by it. */
export const dayKey = (value?: string | null, zone?: string) => {
  const date = toDate(value);
  return date ? DAY_KEY(zone).format(date) : null;
};

/**
 * A day's heading in the list: 'Today', 'Tomorrow', 'Wednesday, December 2' (with the year when it is not this
 * year's), or 'No date'. Today is the viewer's today in the event's zone: where the event happens.
 */
export function dayHeading(value?: string | null, zone?: string, now = new Date()): string {
  const date = toDate(value);
  if (!date) return translate(messages.noDate);
  const key = DAY_KEY(zone).format(date);
  if (key === DAY_KEY(zone).format(now)) return translate(messages.today);
  if (key === DAY_KEY(zone).format(new Date(now.getTime() + 86_400_000))) return translate(messages.tomorrow);
  return formatDate(key.slice(0, 4) === DAY_KEY(zone).format(now).slice(0, 4) ? 'dayHeading' : 'longDate', date, zone);
}

/** A day and a time side by side: 'Wed, Dec 2 · 6:00 PM'. */
export const rowText = (day: string, at: string) => `${day} · ${at}`;

/** A short day and time, 'Wed, Dec 2 · 6:00 PM', in the event's zone; 'Date not specified' when unreadable. */
export const rowDateTime = (value?: string | null, zone?: string) =>
  formatOr(
    value,
    (d) => rowText(formatDate('shortDay', d, zone), formatDate('time', d, zone)),
    translate(messages.dateNotSpecified),
  );
