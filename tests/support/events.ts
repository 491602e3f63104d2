import type { Prisma } from '@prisma/client';
import type { EventCreateInput } from '../../shared/schemas/events';
import type { TestClient } from './http-client';

/**
 * A valid public event for POST /api/events (and PATCH), with the fields a test cares about overridden. Typed as
 * the form's own input, so a misspelt or mistyped field fails typecheck instead of being silently ignored; a test
 * that sends what the form cannot builds its body itself.
 */
export const eventBody = (overrides: Partial<EventCreateInput> = {}): EventCreateInput => ({
  name: 'Campfire night',
  description: 'Songs and marshmallows by the lake',
  date: '2030-06-01T18:30:00.000Z',
  location: 'Lakeside camp',
  imageUrl: '/images/events/campfire.svg',
  isPublic: true,
  ...overrides,
});

/**
 * The same event as a row for the database itself, for what only the database can make (an event of a member
 * who may not create one, an event from before a column existed), with columns overridden.
 */
export function eventRow(
  creatorId: number,
  overrides: Partial<Prisma.EventUncheckedCreateInput> = {},
): Prisma.EventUncheckedCreateInput {
  const { name, description, date, location, imageUrl, isPublic } = eventBody();
  return { name, description, date: new Date(date), location, imageUrl, isPublic, creatorId, ...overrides };
}

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
