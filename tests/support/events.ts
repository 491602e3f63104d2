// A valid public event for POST /api/events, with the fields a test cares about overridden.
export const eventBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Campfire night',
  description: 'Songs and marshmallows by the lake',
  date: '2030-06-01T18:30:00.000Z',
  location: 'Lakeside camp',
  imageUrl: '/images/events/campfire.svg',
  isPublic: true,
  ...overrides,
});
