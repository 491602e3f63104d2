// What calendar entries (the .ics, the feed, the Google and Outlook links) agree on.

/** Events have a start only: calendars show them this long. */
export const DEFAULT_EVENT_DURATION_MS = 2 * 60 * 60 * 1000;
