// What calendar entries (the .ics, the feed, the Google and Outlook links) agree on: how long they last and what
// their description says. The server's .ics and the web app's links both build the description here, each reading
// the catalog its own way (the server's translator, the web app's loaded part).
import { dateFormat } from './date-format';
import { memberTextsShown, type MemberTexts } from './event-texts';
import { defineMessages, type MessageDescriptor } from './i18n/define';
import { zoneLabel } from './time-zones';

/** Events have a start only: calendars show them this long. */
export const DEFAULT_EVENT_DURATION_MS = 2 * 60 * 60 * 1000;

const CALENDAR_TEXTS = defineMessages({
  eventDate: {
    id: 'calendar.eventDate',
    description: 'day: "Saturday, November 28, 2026"; time: "6:00 PM"; zone: " GMT+1 (Europe/Berlin)" with its space',
    defaultMessage: '{day} at {time}{zone}',
  },
  eventText: {
    id: 'calendar.eventText',
    description:
      'One of the event\'s texts in a calendar entry. heading: "What to bring"; text: the organiser\'s words',
    defaultMessage: '{heading}: {text}',
  },
});

/** A catalog message in the reader's language, with its values. */
export type Say = (message: MessageDescriptor, values: Record<string, string>) => string;

/** Who reads an entry: their language (an Intl locale), how messages are said to them, and where pages are. */
export interface CalendarReader {
  language: string;
  say: Say;
  /** PUBLIC_URL, or the origin the request or the page came from. */
  baseUrl: string;
}

/**
 * "Saturday, November 28, 2026 at 6:00 PM GMT+1 (Europe/Berlin)": the event's local time in `language`, with
 * its zone ("… at 6:00 PM UTC" when the short name is the zone's own).
 */
export function eventDateText(date: Date, timeZone: string, language: string, say: Say): string {
  const locale = language === 'en' ? 'en-US' : language;
  const day = dateFormat(locale, { timeZone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
  const time = dateFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' });
  return say(CALENDAR_TEXTS.eventDate, {
    day: day.format(date),
    time: time.format(date),
    zone: zoneLabel(date, timeZone, language),
  });
}

/** The event's page, where every entry links. */
export const eventPageUrl = (baseUrl: string, id: number) => `${baseUrl}/events/${id}`;

/**
 * An entry's description: the event's own words and the texts members read (each after its heading), then its local time and zone (calendars get the instant in
 * UTC), then its page.
 */
export function calendarDescription(
  event: { id: number; description: string; date: Date; timeZone: string } & Partial<MemberTexts>,
  reader: CalendarReader,
): string {
  const when = eventDateText(event.date, event.timeZone, reader.language, reader.say);
  const texts = memberTextsShown(event).map(
    ({ heading, text }) => `\n\n${reader.say(CALENDAR_TEXTS.eventText, { heading: reader.say(heading, {}), text })}`,
  );
  return `${event.description}${texts.join('')}\n\n${when}\n${eventPageUrl(reader.baseUrl, event.id)}`;
}
