// A new event of a section is news to that section only: its members and leaders hear of it, a member's
// guardian gets their copy, and nobody else in the organisation is told.
import type { User } from '@prisma/client';
import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody } from '../support/events';
import { deliverySuite } from './delivery-suite';

const CHILD_BIRTH_DATE = new Date('2016-05-02T00:00:00.000Z');

describe.each(DATABASE_KINDS)('news of a section event on %s', (kind) => {
  const suite = deliverySuite(kind, { clear: ['guardianship'] });

  it('When a Cubs event is created, then the Cubs and a Cub’s guardian are told and the Scouts are not', async () => {
    const { prisma } = suite.app.deps;
    const person = (name: string, data: Partial<User> = {}) =>
      prisma.user.create({
        data: { name, googleEmail: suite.email(name.toLowerCase()), notificationPrefs: ['email'], ...data },
      });
    const maria = await person('Maria Cub', { birthDate: CHILD_BIRTH_DATE });
    const leo = await person('Leo Leader');
    const gustav = await person('Gustav Guardian', { role: 'guardian' });
    const sam = await person('Sam Scout');
    await prisma.guardianship.create({ data: { guardianId: gustav.id, childId: maria.id } });
    const cubs = await suite.admin.client.post('/api/sections', { name: `Cubs ${suite.email('x')}`.slice(0, 60) });
    expect(cubs.status, cubs.text).toBe(201);
    expect((await suite.admin.client.put(`/api/sections/${cubs.body.id}/members`, { add: [maria.id] })).status).toBe(
      200,
    );
    expect((await suite.admin.client.put(`/api/sections/${cubs.body.id}/leaders`, { userIds: [leo.id] })).status).toBe(
      200,
    );

    const created = await suite.admin.client.post(
      '/api/events',
      eventBody({
        name: 'Cub meeting',
        date: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        sectionId: cubs.body.id,
      }),
    );
    expect(created.status, created.text).toBe(201);
    await suite.expandAll();

    const told = (await suite.app.outboxRows()).filter((row) => row.kind === 'event_created');
    const own = (user: User) => told.some((row) => row.userId === user.id && !row.idempotencyKey.includes('guardian-'));
    expect(own(maria)).toBe(true);
    expect(own(leo)).toBe(true);
    expect(own(sam)).toBe(false);
    expect(
      told.filter((row) => row.userId === gustav.id).every((row) => row.idempotencyKey.includes('guardian-')),
    ).toBe(true);
    expect(told.some((row) => row.userId === gustav.id)).toBe(true);
  });
});
