/** GET /api/events/{id}/attendees.csv: the organiser's spreadsheet; the session cookie authorises the download. */
export const attendeesCsvUrl = (id: number) => `/api/events/${id}/attendees.csv`;
