// The one place that builds Intl date formats, for the web app, the bot and the server alike. Building an
// Intl.DateTimeFormat costs far more than using one (a feed or an inline query formats hundreds of dates), so
// each locale, zone and pattern is built once and kept; an unknown zone throws as Intl does.

const formats = new Map<string, Intl.DateTimeFormat>();
/** Zones come from events and members: the cache is bounded so that no input can grow it without end. */
const MAX_FORMATS = 2000;

/** The format of `locale` and `options` (`timeZone` undefined: the runtime's own), built once. */
export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let key = locale;
  for (const name in options) key += `|${name}=${String(options[name as keyof Intl.DateTimeFormatOptions])}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    if (formats.size >= MAX_FORMATS) formats.clear();
    formats.set(key, format);
  }
  return format;
}

/** The named parts of a date in a format (literals left out), e.g. { year: '2026', month: '03', … }. */
export function dateParts(
  format: Intl.DateTimeFormat,
  date: Date,
): Partial<Record<Intl.DateTimeFormatPartTypes, string>> {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of format.formatToParts(date)) if (part.type !== 'literal') parts[part.type] = part.value;
  return parts;
}

/**
 * "Sat, 28 Nov 2026, 18:00 CET": an event's moment for text read far from the event (a shared card, a link
 * preview), so the zone is written out. English keeps the day-month order; other languages their own.
 */
export function momentWithZone(date: Date, timeZone: string, language = 'en'): string {
  return dateFormat(language === 'en' ? 'en-GB' : language, {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(date);
}
