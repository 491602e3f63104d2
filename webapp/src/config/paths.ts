// Every route of SPEC §2 in one place.
export const paths = {
  home: '/',
  events: '/events',
  createEvent: '/events/create',
  event: (id: number | string) => `/events/${id}`,
  editEvent: (id: number | string) => `/events/${id}/edit`,
  tripSheet: (id: number | string) => `/events/${id}/trip-sheet`,
  register: (id: number | string) => `/events/${id}/register`,
  settings: '/settings',
  adminSettings: '/admin/settings',
  telegramCallback: '/telegram-auth-callback',
  join: (code: string) => `/join/${encodeURIComponent(code)}`,
  guardian: '/guardian',
  guardianConsent: '/guardian/consent',
} as const;
