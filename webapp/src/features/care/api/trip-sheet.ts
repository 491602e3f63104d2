// The trip sheet (GET /api/events/{id}/trip-sheet, and .csv): each reading is audited, so it is read once per
// opening of the page, never again on a window's focus, and dropped from memory when the page closes.
import { useQuery } from '@tanstack/react-query';
import type { TripSheet } from '../../../../../shared/care';
import { api } from '../../../lib/api-client';

export const useTripSheet = (eventId: number) =>
  useQuery({
    queryKey: ['trip-sheet', eventId],
    queryFn: () => api.get<TripSheet>(`/api/events/${eventId}/trip-sheet`),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });

/** On the website the session cookie authorises the link itself. */
export const tripSheetCsvUrl = (eventId: number) => `/api/events/${eventId}/trip-sheet.csv`;

/** Inside the Mini App there is no session cookie: the file is fetched with the client and saved from memory. */
export async function downloadTripSheetCsv(eventId: number): Promise<void> {
  const text = await api.get<string>(tripSheetCsvUrl(eventId));
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), {
    href: url,
    download: `trip-sheet-event-${eventId}.csv`,
  });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
