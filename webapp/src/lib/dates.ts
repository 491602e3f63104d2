// Date formats of SPEC §2/§9, with the browser's own Intl (no date library in the bundle). English names and the
// viewer's local time zone. Invalid or missing dates fall back to the SPEC's words.

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

const formatter = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', options);
const MONTH_SHORT = formatter({ month: 'short' });
const SHORT = formatter({ month: 'short', day: 'numeric', year: 'numeric' }); // Mar 7, 2026
const LONG = formatter({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }); // Saturday, March 7, 2026
const TIME = formatter({ hour: 'numeric', minute: '2-digit', hour12: true }); // 2:05 PM

const pad = (value: number) => String(value).padStart(2, '0');
/** Intl may put a narrow no-break space before AM/PM; the SPEC's strings use a plain space. */
const time = (date: Date) => TIME.format(date).replace(/\s/g, ' ');
/** 'yyyy' of the SPEC's patterns: the year has at least four digits. */
const withYear = (format: Intl.DateTimeFormat) => (date: Date) =>
  format
    .formatToParts(date)
    .map((part) => (part.type === 'year' ? part.value.padStart(4, '0') : part.value))
    .join('');
const short = withYear(SHORT);
const long = withYear(LONG);

const formatOr = (value: string | null | undefined, render: (date: Date) => string, fallback: string) => {
  const date = toDate(value);
  return date ? render(date) : fallback;
};

export const shortDate = (value?: string | null) => formatOr(value, short, 'No date');
export const longDateTime = (value?: string | null) =>
  formatOr(value, (d) => `${long(d)} at ${time(d)}`, 'Date not specified');
export const detailDate = (value?: string | null) => formatOr(value, long, 'Date not specified');
export const detailTime = (value?: string | null) => formatOr(value, time, 'Time not specified');
export const commentDate = (value?: string | null) =>
  formatOr(value, (d) => `${short(d)} at ${time(d)}`, 'Date unavailable');
/** For <input type="datetime-local">: local time to the minute. */
export const toDateTimeLocal = (value?: string | null) =>
  formatOr(
    value,
    (d) =>
      `${String(d.getFullYear()).padStart(4, '0')}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` +
      `T${pad(d.getHours())}:${pad(d.getMinutes())}`,
    '',
  );

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
export function badgeParts(value?: string | null): { month: string; day: string } | null {
  const date = toDate(value);
  return date ? { month: MONTH_SHORT.format(date), day: String(date.getDate()) } : null;
}
