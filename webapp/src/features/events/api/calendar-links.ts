// "Add to calendar": the event's .ics, and Google Calendar's and Outlook's own "new event" pages
// filled in. Every entry lasts the same default time and says the same description as the server's .ics
// (shared/calendar.ts builds both).
import { calendarDescription, DEFAULT_EVENT_DURATION_MS } from '../../../../../shared/calendar';
import type { MemberTextKey } from '../../../../../shared/event-texts';
import type { EventDetail } from '../../../../../shared/types';
import { intlLocale, translate } from '../../../i18n';
import { api } from '../../../lib/api-client';

type CalendarEvent = Pick<
  EventDetail,
  'id' | 'name' | 'description' | 'date' | 'location' | 'timeZone' | MemberTextKey
>;

const endOf = (event: CalendarEvent) => new Date(Date.parse(event.date) + DEFAULT_EVENT_DURATION_MS);
/** 20300704T170000Z, as Google's dates parameter takes it. */
const compactUtc = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
/** The description in the page's language, linking to the event's page on `origin`. */
const details = (event: CalendarEvent, origin: string) =>
  calendarDescription(
    { ...event, date: new Date(event.date) },
    { language: intlLocale(), say: translate, baseUrl: origin },
  );

export function googleCalendarUrl(event: CalendarEvent, origin = window.location.origin): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.name,
    dates: `${compactUtc(new Date(event.date))}/${compactUtc(endOf(event))}`,
    details: details(event, origin),
    location: event.location,
    // Shown in the event's zone in Google's form.
    ctz: event.timeZone,
  });
  return `https://calendar.google.com/calendar/render?${params}`;
}

export function outlookCalendarUrl(event: CalendarEvent, origin = window.location.origin): string {
  const params = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: event.name,
    startdt: new Date(event.date).toISOString(),
    enddt: endOf(event).toISOString(),
    body: details(event, origin),
    location: event.location,
  });
  return `https://outlook.live.com/calendar/0/deeplink/compose?${params}`;
}

/** GET /api/events/{id}/calendar.ics */
export const eventIcsUrl = (id: number) => `/api/events/${id}/calendar.ics`;

/**
 * Fetched with the API client (inside the Mini App there is no session cookie for a plain link) and saved
 * from memory; a calendar app opens the file.
 */
export async function downloadEventIcs(event: Pick<EventDetail, 'id' | 'name'>): Promise<void> {
  const text = await api.get<string>(eventIcsUrl(event.id));
  const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
  const name = event.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'event';
  const link = Object.assign(document.createElement('a'), { href: url, download: `${name}.ics` });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
