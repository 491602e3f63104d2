// An event's news (its changes, its reminder, the organiser's messages, invitations) reaches active members
// only. A guardian account hears only about its own children (their copies); an account waiting for approval
// or suspended hears nothing, whatever invitation or reply an older version (or an admin's change of the
// account) left on the event.
import type { User } from '@prisma/client';
import { beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody } from '../support/events';
import { deliverySuite } from './delivery-suite';

const CHILD_BIRTH_DATE = new Date('2014-05-02T00:00:00.000Z');
const HOUR = 3600_000;

describe.each(DATABASE_KINDS)('event news for members only on %s', (kind) => {
  const suite = deliverySuite(kind, { clear: ['guardianship'] });
  let maria: User;
  let mia: User;
  let gustav: User;
  let paula: User;
  let sam: User;

  beforeEach(async () => {
    const { prisma } = suite.app.deps;
    const person = (name: string, data: Partial<User> = {}) =>
      prisma.user.create({
        data: { name, googleEmail: suite.email(name.toLowerCase()), notificationPrefs: ['email'], ...data },
      });
    maria = await person('Maria Schmidt', { birthDate: CHILD_BIRTH_DATE });
    mia = await person('Mia Member');
    gustav = await person('Gustav Schmidt', {
      role: 'guardian',
      telegramId: suite.telegramId(77),
      notificationPrefs: ['email', 'telegram'],
    });
    paula = await person('Paula Pending', { status: 'pending' });
    sam = await person('Sam Suspended', { status: 'suspended' });
    await prisma.guardianship.create({ data: { guardianId: gustav.id, childId: maria.id } });
  });

  /** A private event starting in twelve hours, with everyone invited and attending as rows only could make. */
  async function privateEventWithEveryone(): Promise<number> {
    const date = new Date(Date.now() + 12 * HOUR).toISOString();
    const res = await suite.admin.client.post(
      '/api/events',
      eventBody({ name: 'Secret hike', location: 'Hidden Lake', isPublic: false, date }),
    );
    expect(res.status).toBe(201);
    const eventId = res.body.id as number;
    const everyone = [maria, mia, gustav, paula, sam];
    const { prisma } = suite.app.deps;
    await prisma.invitation.createMany({ data: everyone.map((user) => ({ eventId, userId: user.id })) });
    await prisma.attendance.createMany({
      data: everyone.map((user) => ({ eventId, userId: user.id, status: 'attending' as const })),
    });
    await suite.expandAll();
    await prisma.outboxMessage.deleteMany();
    return eventId;
  }

  it('When a private event changes, is reminded of, is written about and invited to, then a guardian account gets only copies about its child', async () => {
    const eventId = await privateEventWithEveryone();
    const { prisma } = suite.app.deps;

    const edit = await suite.admin.client.patch(
      `/api/events/${eventId}`,
      eventBody({ name: 'Secret hike', location: 'Hidden Lake, north shore', isPublic: false }),
    );
    expect(edit.status).toBe(200);
    const message = await suite.admin.client.post(`/api/events/${eventId}/messages`, {
      audience: 'attending',
      text: 'Meet at the boathouse.',
    });
    expect(message.status).toBe(202);
    await prisma.event.update({
      where: { id: eventId },
      data: { date: new Date(Date.now() + 12 * HOUR), reminderSentAt: null },
    });
    expect(await suite.app.outbox.enqueueDueReminders(suite.app.deps.now())).toBe(1);
    // Invitations as they were made before inviting a non-member was refused.
    await prisma.$transaction((tx) => suite.app.outbox.invited(eventId, [mia.id, gustav.id, paula.id, sam.id], tx));
    await suite.expandAll();

    const rows = await suite.app.outboxRows();
    const kindsOf = (user: User, own: boolean) =>
      [
        ...new Set(
          rows
            .filter((row) => row.userId === user.id && row.idempotencyKey.includes('guardian-') !== own)
            .map((row) => row.kind),
        ),
      ].sort();
    // A member hears all of it; the minor too, and her guardian account a copy of what she hears.
    expect(kindsOf(mia, true)).toEqual(['event_message', 'event_updated', 'invited', 'reminder']);
    expect(kindsOf(maria, true)).toEqual(['event_message', 'event_updated', 'reminder']);
    expect(kindsOf(gustav, false)).toEqual(['event_message', 'event_updated', 'reminder']);
    // Nothing in the guardian account's own right: not the change, the reminder, the message or the invitation.
    expect(kindsOf(gustav, true)).toEqual([]);
    for (const row of rows.filter((row) => row.userId === gustav.id)) {
      expect(row.body.startsWith('About Maria Schmidt:')).toBe(true);
      expect(row.payload).toMatchObject({ childId: maria.id, buttons: false });
    }
    expect(rows.filter((row) => row.userId === paula.id || row.userId === sam.id)).toEqual([]);
  });
});
