// How long ago a comment was written ('2h ago'): only an event's discussion says it, so its code loads with it.
import { defineMessages, translate } from '../i18n';
import { dateUnavailable, formatDate, isEnglish, localeFor, toDate } from './dates';

const messages = defineMessages({
  justNow: { id: 'web.dates.justNow', defaultMessage: 'just now', description: 'A comment posted under a minute ago.' },
});

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
function relativeFormat(): Intl.RelativeTimeFormat {
  const locale = localeFor('en');
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { style: isEnglish() ? 'narrow' : 'short', numeric: 'auto' });
    relativeFormats.set(locale, format);
  }
  return format;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/**
 * How long ago a moment was, for comments: 'just now', '5m ago', '2h ago', 'yesterday', '3d ago'; after a
 * week its short date. English reads the narrow style ('2h ago'); other languages the short one, whose narrow
 * forms are signs in some ('-2 ч'). A moment in the future (a clock ahead) reads 'just now'.
 */
export function relativeTime(value?: string | null, now = Date.now(), zone?: string): string {
  const date = toDate(value);
  if (!date) return dateUnavailable();
  const ago = now - date.getTime();
  if (ago < MINUTE) return translate(messages.justNow);
  if (ago >= 7 * DAY) return formatDate('shortDate', date, zone);
  const format = relativeFormat();
  if (ago < HOUR) return format.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return format.format(-Math.floor(ago / HOUR), 'hour');
  return format.format(-Math.floor(ago / DAY), 'day');
}
