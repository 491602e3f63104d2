// Who may run events, decided by the role a user holds now (never the one they held when they created something).
// The API enforces it on every request; the web app uses the same rule to decide which buttons to show.

/** Holds a role that may create and run events: organisers (their own) and admins (every event). */
export const mayCreateEvents = (user: { role: string }): boolean => user.role === 'organiser' || user.role === 'admin';

/**
 * Who may open the event form: those who may create events, and the leaders of a section (for their sections'
 * events only; the server checks the section on every save).
 */
export const mayOpenEventForm = (user: { role: string; leadsSections: readonly unknown[] }): boolean =>
  mayCreateEvents(user) || user.leadsSections.length > 0;

/**
 * Organiser powers over an event (edit, delete, invitations, attendee list, messages, check-in, sharing a
 * private event): admins over every event, its creator only while they still may create events.
 */
export const mayManageEvent = (
  user: { id: number; isAdmin: boolean; role: string },
  event: { creatorId: number },
): boolean => mayCreateEvents(user) && (user.isAdmin || event.creatorId === user.id);

/**
 * Whether the web app offers the organiser's tools on an event: mayManageEvent, or leading the event's section
 * (the server decides the same per request from the sections it reads: event-access.ts `manages`).
 */
export const managesEvent = (
  user: { id: number; isAdmin: boolean; role: string; leadsSections: readonly { id: number }[] },
  event: { creatorId: number; sectionId: number | null },
): boolean =>
  mayManageEvent(user, event) ||
  (event.sectionId !== null && user.leadsSections.some((section) => section.id === event.sectionId));
