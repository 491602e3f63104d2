import type { TestClient } from './http-client';

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

/**
 * Creates `count` public events a day apart after `now` ('Evening 0', 'Evening 1', …) and a private 'Board meeting'
 * through the API as `admin`; returns the first evening's id and the private event's.
 */
export async function createEvenings(
  admin: TestClient,
  now: Date,
  count: number,
): Promise<{ firstId: number; privateId: number }> {
  let firstId = 0;
  for (let index = 0; index < count; index += 1) {
    const date = new Date(now.getTime() + (index + 1) * 86_400_000).toISOString();
    const res = await admin.post('/api/events', eventBody({ name: `Evening ${index}`, date }));
    if (res.status !== 201) throw new Error(`creating Evening ${index} answered ${res.status}`);
    if (index === 0) firstId = res.body.id as number;
  }
  const hidden = await admin.post('/api/events', eventBody({ name: 'Board meeting', isPublic: false }));
  if (hidden.status !== 201) throw new Error(`creating the private event answered ${hidden.status}`);
  return { firstId, privateId: hidden.body.id as number };
}
