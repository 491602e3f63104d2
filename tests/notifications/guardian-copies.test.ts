// Guardians in copy: every notification and every organiser message that goes to a minor also goes to each of
// the minor's guardians, on the guardian's own channels (email through a real SMTP server, Telegram through the
// fake Bot API), once per guardian and child, saying whom it is about, however often the job runs.
import type { User } from '@prisma/client';
import { beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody } from '../support/events';
import type { TestClient } from '../support/http-client';
import { deliverySuite } from './delivery-suite';

const CHILD_BIRTH_DATE = new Date('2014-05-02T00:00:00.000Z');
const ADULT_BIRTH_DATE = new Date('1990-01-15T00:00:00.000Z');

describe.each(DATABASE_KINDS)('guardians in copy on %s', (kind) => {
  const suite = deliverySuite(kind, { clear: ['guardianship'] });
  const { expandAll, mailsTo, telegramTo } = suite;
  let maria: { user: User; client: TestClient };
  let max: User;
  let mark: User;
  let greta: User;
  let gustav: User;

  beforeEach(async () => {
    const { email } = suite;
    const { prisma } = suite.app.deps;
    maria = await suite.app.signedIn({
      name: 'Maria Schmidt',
      birthDate: CHILD_BIRTH_DATE,
      googleEmail: email('maria'),
      notificationPrefs: ['email'],
    });
    max = await prisma.user.create({
      data: { name: 'Max Schmidt', birthDate: CHILD_BIRTH_DATE, googleEmail: email('max'), notificationPrefs: [] },
    });
    // An adult who once had a guardian on record (came of age): the row no longer makes copies.
    mark = await prisma.user.create({
      data: {
        name: 'Mark Adult',
        birthDate: ADULT_BIRTH_DATE,
        googleEmail: email('mark'),
        notificationPrefs: ['email'],
      },
    });
    greta = await prisma.user.create({
      // A member who is also a guardian; Gustav's account exists only to look after the children.
      data: { name: 'Greta Schmidt', googleEmail: email('greta'), notificationPrefs: ['email'], role: 'member' },
    });
    gustav = await prisma.user.create({
      data: { name: 'Gustav Schmidt', telegramId: '770001', notificationPrefs: ['telegram'], role: 'guardian' },
    });
    for (const child of [maria.user, max]) {
      await prisma.guardianConsent.create({
        data: { childId: child.id, guardianId: greta.id, method: 'email_link', textVersion: 0 },
      });
    }
    await prisma.guardianship.createMany({
      data: [
        { guardianId: greta.id, childId: maria.user.id },
        { guardianId: gustav.id, childId: maria.user.id },
        { guardianId: greta.id, childId: max.id },
        { guardianId: gustav.id, childId: mark.id },
      ],
    });
  });

  async function createEvent(isPublic = true): Promise<number> {
    const res = await suite.admin.client.post('/api/events', eventBody({ name: 'Canoe trip', isPublic }));
    expect(res.status).toBe(201);
    return res.body.id as number;
  }

  it('When an event is announced to a minor, then each guardian gets one copy about the child on their own channel', async () => {
    await createEvent();
    await expandAll();
    await suite.app.worker({ concurrency: 1 }).drain();

    expect(mailsTo(maria.user).map((mail) => mail.subject)).toEqual(['New event: Canoe trip']);
    // Greta: her own announcement (she is a member too), a copy about Maria and one about Max (whose own
    // channels are off: the copy does not depend on the child's choices).
    expect(
      mailsTo(greta)
        .map((mail) => mail.subject)
        .sort(),
    ).toEqual([
      'About Maria Schmidt: New event: Canoe trip',
      'About Max Schmidt: New event: Canoe trip',
      'New event: Canoe trip',
    ]);
    const copy = mailsTo(greta).find((mail) => mail.subject.startsWith('About Maria'))!;
    expect(copy.text.startsWith('About Maria Schmidt:\n\nA new event has been announced: Canoe trip')).toBe(true);
    expect(copy.html).toContain('<p>About Maria Schmidt:</p>');

    // Gustav, on Telegram: a guardian account gets no announcements of its own, only the copy about Maria,
    // without RSVP buttons (a press would answer for him), and nothing about Mark, who is grown up.
    const sent = telegramTo('770001');
    expect(sent).toHaveLength(1);
    const copies = sent.filter((call) => String(call.params.text).startsWith('About Maria Schmidt:'));
    expect(copies).toHaveLength(1);
    expect(copies[0]!.params.reply_markup).toBeUndefined();
    expect(sent.some((call) => String(call.params.text).includes('Mark'))).toBe(false);

    // The adult's announcement reached only the adult.
    expect(mailsTo(mark).map((mail) => mail.subject)).toEqual(['New event: Canoe trip']);
    const aboutMark = (await suite.app.outboxRows()).filter((row) => row.body.includes('Mark Adult'));
    expect(aboutMark).toEqual([]);
  });

  it('When the job is expanded again and the worker runs twice, then no guardian gets a copy twice', async () => {
    await createEvent();
    await expandAll();
    const first = await suite.app.outboxRows();
    await suite.app.deps.prisma.notificationJob.updateMany({
      data: { status: 'pending', cursor: 0, finishedAt: null },
    });
    await expandAll();
    expect(await suite.app.outboxRows()).toEqual(first);
    await suite.app.worker({ concurrency: 1 }).drain();
    await suite.app.worker({ concurrency: 1 }).drain();

    const copyKeys = first.filter((row) => row.idempotencyKey.includes('guardian-')).map((row) => row.idempotencyKey);
    expect(copyKeys).toHaveLength(3);
    expect(copyKeys).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`:${maria.user.id}:guardian-${greta.id}:email`),
        expect.stringContaining(`:${maria.user.id}:guardian-${gustav.id}:telegram`),
        expect.stringContaining(`:${max.id}:guardian-${greta.id}:email`),
      ]),
    );
    expect(mailsTo(greta)).toHaveLength(3);
    expect(telegramTo('770001')).toHaveLength(1);
  });

  it('When an organiser writes to those attending, then the minor’s guardians get the message about the child once', async () => {
    const id = await createEvent(false);
    const { prisma } = suite.app.deps;
    await prisma.invitation.createMany({ data: [maria.user, mark].map((user) => ({ eventId: id, userId: user.id })) });
    await prisma.attendance.createMany({
      data: [maria.user, mark].map((user) => ({ eventId: id, userId: user.id, status: 'attending' as const })),
    });
    await expandAll();
    suite.smtp.messages.length = 0;
    suite.app.botApi.calls.length = 0;
    await prisma.outboxMessage.deleteMany();

    const res = await suite.admin.client.post(`/api/events/${id}/messages`, {
      audience: 'attending',
      text: 'Bring a towel and dry clothes.',
    });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ recipients: 2 });
    await expandAll();
    await expandAll();
    await suite.app.worker({ concurrency: 1 }).drain();

    expect(mailsTo(maria.user)).toHaveLength(1);
    expect(mailsTo(mark)).toHaveLength(1);
    const toGreta = mailsTo(greta);
    expect(toGreta).toHaveLength(1);
    expect(toGreta[0]!.subject).toBe('About Maria Schmidt: Message about Canoe trip');
    expect(toGreta[0]!.text).toMatch(/^About Maria Schmidt:\n\n[\s\S]*Bring a towel and dry clothes\./);
    const toGustav = telegramTo('770001');
    expect(toGustav).toHaveLength(1);
    expect(String(toGustav[0]!.params.text)).toMatch(/^About Maria Schmidt:\n\n[\s\S]*Bring a towel/);
  });
});
