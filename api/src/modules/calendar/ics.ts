// iCalendar text with ical-generator: one VEVENT per event, the same for the single-event download and every
// feed, so calendar apps recognise an event by its UID and update it in place when SEQUENCE grows.
import ical, { ICalAlarmType, ICalEventStatus, ICalEventTransparency, type ICalEventData } from 'ical-generator';
import { calendarDescription, DEFAULT_EVENT_DURATION_MS, eventPageUrl, type Say } from '../../../../shared/calendar';
import type { MemberTexts } from '../../../../shared/event-texts';
import { translator } from '../../../../shared/i18n/all-catalogs';
import { defineMessages } from '../../../../shared/i18n/define';
import type { Language } from '../../../../shared/i18n/languages';

const CALENDAR = defineMessages({
  /** The description of an entry whose event was cancelled or that the member no longer sees. */
  cancelled: { id: 'calendar.cancelled', defaultMessage: 'Cancelled' },
});

/** The alarm calendar apps ring before the event. */
export const ALARM_BEFORE_SECONDS = 60 * 60;

export type EntryStatus = 'confirmed' | 'tentative' | 'cancelled';

export interface CalendarEntry {
  id: number;
  name: string;
  /** Null for a cancellation (calendars only need to know it is gone). */
  description: string | null;
  date: Date;
  timeZone: string;
  location: string | null;
  sequence: number;
  /** DTSTAMP and LAST-MODIFIED: the same entry gives the same text. */
  changedAt: Date;
  status: EntryStatus;
  /** The texts members read (shared/event-texts.ts), in the description; none for a cancellation. */
  texts: Partial<MemberTexts>;
}

export interface IcsContext {
  /** Where the events' pages are (PUBLIC_URL, or the origin the request came to). */
  baseUrl: string;
  /** UIDs are `event-<id>@<uidHost>`: PUBLIC_URL's host, the same for every feed and download. */
  uidHost: string;
  brandName: string;
  /** The language of the texts inside (descriptions, dates): the reader's. */
  language: Language;
}

const STATUS: Record<EntryStatus, ICalEventStatus> = {
  confirmed: ICalEventStatus.CONFIRMED,
  tentative: ICalEventStatus.TENTATIVE,
  cancelled: ICalEventStatus.CANCELLED,
};

export const eventUid = (id: number, uidHost: string) => `event-${id}@${uidHost}`;

function toVevent(entry: CalendarEntry, context: IcsContext): ICalEventData {
  const say: Say = (message, values) => translator.t(context.language, message.id, values);
  const url = eventPageUrl(context.baseUrl, entry.id);
  const cancelled = entry.status === 'cancelled';
  return {
    id: eventUid(entry.id, context.uidHost),
    sequence: entry.sequence,
    start: entry.date,
    end: new Date(entry.date.getTime() + DEFAULT_EVENT_DURATION_MS),
    stamp: entry.changedAt,
    lastModified: entry.changedAt,
    summary: entry.name,
    description: cancelled
      ? `${translator.t(context.language, CALENDAR.cancelled.id)}\n\n${url}`
      : // DTSTART/DTEND in UTC (no VTIMEZONE needed); the description says the local time and its zone.
        calendarDescription({ ...entry, ...entry.texts, description: entry.description ?? '' }, { ...context, say }),
    location: entry.location,
    url,
    status: STATUS[entry.status],
    // Only what the member attends marks them busy.
    transparency: entry.status === 'confirmed' ? ICalEventTransparency.OPAQUE : ICalEventTransparency.TRANSPARENT,
    alarms: cancelled
      ? []
      : [{ type: ICalAlarmType.display, triggerBefore: ALARM_BEFORE_SECONDS, description: entry.name }],
  };
}

/** A VCALENDAR with these entries; `name` makes it a subscribable calendar (X-WR-CALNAME, refresh hints). */
export function buildCalendar(entries: CalendarEntry[], context: IcsContext, name?: string): string {
  const calendar = ical({
    prodId: { company: context.brandName, product: 'Events', language: context.language.toUpperCase() },
    ...(name ? { name, ttl: 60 * 60 } : {}),
  });
  for (const entry of entries) calendar.createEvent(toVevent(entry, context));
  return calendar.toString();
}
