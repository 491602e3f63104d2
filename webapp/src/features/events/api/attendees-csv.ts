import { api } from '../../../lib/api-client';

/**
 * GET /api/events/{id}/attendees.csv: the organiser's spreadsheet; on the website the session cookie authorises the
 * link. `sensitive`: with the answers to sensitive questions (the server records that download).
 */
export const attendeesCsvUrl = (id: number, sensitive = false) =>
  `/api/events/${id}/attendees.csv${sensitive ? '?sensitive=true' : ''}`;

/**
 * Inside the Mini App there is no session cookie (the API client carries the app's session), so a plain link would
 * answer 401: the file is fetched with the client and saved from memory instead.
 */
export async function downloadAttendeesCsv(id: number, sensitive = false): Promise<void> {
  const text = await api.get<string>(attendeesCsvUrl(id, sensitive));
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: `attendees-event-${id}.csv` });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
