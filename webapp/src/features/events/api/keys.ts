// Query keys of the events feature, general to specific: invalidating ['events'] refreshes every list and detail.
export const eventKeys = {
  all: ['events'] as const,
  list: () => [...eventKeys.all, 'list'] as const,
  /**
   * One paged view of the list (upcoming or past, of one section or all); under list(), so invalidating the list
   * refreshes them all.
   */
  page: (when: 'upcoming' | 'past', sectionId: number | null = null) =>
    sectionId === null ? ([...eventKeys.list(), when] as const) : ([...eventKeys.list(), when, { sectionId }] as const),
  featured: () => [...eventKeys.list(), 'featured'] as const,
  /** The soonest upcoming event the member is going to (home's "Your next event"). */
  myNext: () => [...eventKeys.list(), 'my-next'] as const,
  detail: (id: number) => [...eventKeys.all, 'detail', id] as const,
  attendees: (id: number) => [...eventKeys.detail(id), 'attendees'] as const,
  comments: (id: number) => [...eventKeys.detail(id), 'comments'] as const,
  invitations: (id: number) => [...eventKeys.detail(id), 'invitations'] as const,
  pass: (id: number) => [...eventKeys.detail(id), 'pass'] as const,
  users: () => ['users', 'list'] as const,
  /** GET /api/sections: the same list and key as Admin → Sections, so an admin's change shows here too. */
  sections: () => ['sections'] as const,
};
