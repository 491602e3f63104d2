// Small text helpers for the bot's messages.
import { dateFormat } from '../../shared/date-format';
import { defineMessages } from '../../shared/i18n/define';
import type { Language } from '../../shared/i18n/languages';
import { zoneShortName } from '../../shared/time-zones';
import { botText } from './i18n';

const FORMAT = defineMessages({
  unknownBrowser: { id: 'bot.format.unknownBrowser', defaultMessage: 'an unknown browser' },
  /** "Chrome on Windows". */
  browserOnSystem: { id: 'bot.format.browserOnSystem', defaultMessage: '{browser} on {system}' },
  unrecognisedBrowser: {
    id: 'bot.format.unrecognisedBrowser',
    defaultMessage: 'an unrecognised browser ({userAgent})',
  },
  justNow: { id: 'bot.format.justNow', defaultMessage: 'just now' },
  minutesAgo: {
    id: 'bot.format.minutesAgo',
    defaultMessage: '{count, plural, one {# minute ago} other {# minutes ago}}',
  },
});

/** "Chrome on Windows" from a User-Agent header; enough for a person to recognise their own browser. */
export function describeBrowser(userAgent: string | null | undefined, language: Language = 'en'): string {
  if (!userAgent) return botText(language, FORMAT.unknownBrowser);
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\/|Opera/.test(userAgent)
      ? 'Opera'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrome\/|CriOS\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : null;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser && system) return botText(language, FORMAT.browserOnSystem, { browser, system });
  if (browser || system) return (browser ?? system)!;
  return botText(language, FORMAT.unrecognisedBrowser, { userAgent: userAgent.slice(0, 80) });
}

/** "21 Nov 2026, 12:10 UTC" in the configured time zone (English keeps the day-month order). */
export function formatMoment(date: Date, timeZone: string, language: Language = 'en'): string {
  return dateFormat(language === 'en' ? 'en-GB' : language, {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(date);
}

/** "Sat 28 Nov, 18:00 GMT+1" for event lists: the event's local time and its zone, in the reader's language. */
export function formatEventShort(date: Date, timeZone: string, language: Language = 'en'): string {
  // English keeps the day-month order the bot has always written.
  const local = dateFormat(language === 'en' ? 'en-GB' : language, {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
  return `${local} ${zoneShortName(date, timeZone, language)}`;
}

export function minutesAgo(then: Date, now: Date, language: Language = 'en'): string {
  const minutes = Math.max(0, Math.round((now.getTime() - then.getTime()) / 60_000));
  if (minutes === 0) return botText(language, FORMAT.justNow);
  return botText(language, FORMAT.minutesAgo, { count: minutes });
}
