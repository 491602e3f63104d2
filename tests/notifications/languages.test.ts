// Notifications in each recipient's language: their saved choice, else the organisation's. Emails go through a
// real SMTP server, Telegram messages through the fake Bot API; dates read in the recipient's language and the
// event's time zone, a guardian's copy is in the guardian's language, and English stays word for word what it
// always was.
import type { User } from '@prisma/client';
import { beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody } from '../support/events';
import { deliverySuite } from './delivery-suite';

/** Saturday 1 June 2030, 18:30 in Berlin. */
const EVENT = eventBody({
  name: 'Canoe trip',
  location: 'Boathouse',
  date: '2030-06-01T16:30:00.000Z',
  timeZone: 'Europe/Berlin',
});

describe.each(DATABASE_KINDS)('notifications in the recipient’s language on %s', (kind) => {
  const suite = deliverySuite(kind, {
    clear: ['organisationSettings', 'guardianship'],
    now: () => new Date('2030-05-01T10:00:00.000Z'),
  });
  const { deliver, mailsTo, telegramTo } = suite;
  let greta: User;
  let olena: User;
  let emma: User;

  beforeEach(async () => {
    const { prisma } = suite.app.deps;
    greta = await prisma.user.create({
      data: { name: 'Greta', language: 'de', googleEmail: suite.email('greta'), notificationPrefs: ['email'] },
    });
    olena = await prisma.user.create({
      data: { name: 'Olena', language: 'uk', telegramId: suite.telegramId(88), notificationPrefs: ['telegram'] },
    });
    emma = await prisma.user.create({
      data: { name: 'Emma', googleEmail: suite.email('emma'), notificationPrefs: ['email'] },
    });
  });

  async function createEvent(): Promise<number> {
    const res = await suite.admin.client.post('/api/events', EVENT);
    expect(res.status).toBe(201);
    return res.body.id as number;
  }

  it('When an event is announced, then each member reads it in their own language, the date in the event’s zone', async () => {
    await createEvent();
    await deliver();

    const [toGreta] = mailsTo(greta);
    expect(mailsTo(greta)).toHaveLength(1);
    expect(toGreta!.subject).toBe('Neues Event: Canoe trip');
    expect(toGreta!.text).toContain(
      'Ein neues Event wurde angekündigt: Canoe trip\n\n' +
        'Wann: Samstag, 1. Juni 2030 um 18:30 MESZ (Europe/Berlin)\nWo: Boathouse\n\n' +
        'Sag uns auf der Event-Seite, ob du dabei bist.',
    );
    expect(toGreta!.html).toContain('Wann: Samstag, 1. Juni 2030 um 18:30');

    const toOlena = telegramTo(olena);
    expect(toOlena).toHaveLength(1);
    expect(String(toOlena[0]!.params.text)).toBe(
      'Нова подія: Canoe trip, субота, 1 червня 2030 р. о 18:30 GMT+2 (Europe/Berlin), Boathouse.',
    );

    // No saved language and the organisation speaks English: the text as it always was.
    const [toEmma] = mailsTo(emma);
    expect(toEmma!.subject).toBe('New event: Canoe trip');
    expect(toEmma!.text).toContain(
      'A new event has been announced: Canoe trip\n\n' +
        'When: Saturday, June 1, 2030 at 6:30 PM GMT+2 (Europe/Berlin)\nWhere: Boathouse',
    );
  });

  /** The labels of the buttons under a Telegram message, row by row. */
  const buttonsOf = (call: ReturnType<typeof telegramTo>[number]) =>
    (call.params.reply_markup?.inline_keyboard as Array<Array<{ text: string }>> | undefined)?.map((row) =>
      row.map((button) => button.text),
    );

  it('When a German member is told of an event in Telegram, then the buttons under the German text are German', async () => {
    const { prisma } = suite.app.deps;
    const jonas = await prisma.user.create({
      data: { name: 'Jonas', language: 'de', telegramId: suite.telegramId(77), notificationPrefs: ['telegram'] },
    });
    await createEvent();
    await deliver();

    const [toJonas] = telegramTo(jonas);
    expect(String(toJonas!.params.text)).toMatch(/^Neues Event: Canoe trip/);
    expect(buttonsOf(toJonas!)).toEqual([['Ich bin dabei', 'Kann nicht']]);
    // Olena's in Ukrainian.
    expect(buttonsOf(telegramTo(olena)[0]!)).toEqual([['Я прийду', 'Не зможу']]);
  });

  it('When a German guardian is asked in Telegram to approve a child’s place, then Approve and Decline are German', async () => {
    const { prisma } = suite.app.deps;
    const child = await suite.app.signedIn({ name: 'Tom Kind', birthDate: new Date('2020-05-02T00:00:00.000Z') });
    const gisela = await prisma.user.create({
      data: { name: 'Gisela', language: 'de', role: 'guardian', telegramId: suite.telegramId(66) },
    });
    await prisma.guardianship.create({ data: { guardianId: gisela.id, childId: child.user.id } });
    await prisma.guardianConsent.create({
      data: { childId: child.user.id, guardianId: gisela.id, method: 'paper', textVersion: 0 },
    });
    const created = await suite.admin.client.post('/api/events', { ...EVENT, requiresGuardianApproval: true });
    expect(created.status).toBe(201);
    const reply = await child.client.post(`/api/events/${created.body.id}/attend`, { status: 'attending' });
    expect(reply.body.status).toBe('awaiting_guardian');
    await deliver();

    const [request] = telegramTo(gisela);
    expect(String(request!.params.text)).toContain('Tom Kind möchte');
    expect(buttonsOf(request!)).toEqual([['Erlauben', 'Ablehnen']]);
  });

  it('When the organisation speaks French, then a member without a saved language is told in French, the others in theirs', async () => {
    const res = await suite.admin.client.patch('/api/admin/organisation', { defaultLanguage: 'fr' });
    expect(res.status).toBe(200);
    const id = await createEvent();
    const { prisma } = suite.app.deps;
    await prisma.attendance.createMany({
      data: [greta, olena, emma].map((user) => ({ eventId: id, userId: user.id, status: 'attending' as const })),
    });
    await deliver();
    suite.smtp.messages.length = 0;
    suite.app.botApi.calls.length = 0;

    const moved = await suite.admin.client.patch(`/api/events/${id}`, { ...EVENT, location: 'Old mill' });
    expect(moved.status).toBe(200);
    await deliver();

    expect(mailsTo(emma).map((mail) => mail.subject)).toEqual(['Événement modifié : Canoe trip']);
    expect(mailsTo(emma)[0]!.text).toContain(
      'L’événement Canoe trip a été modifié (changements : lieu).\n\n' +
        'Quand : samedi 1 juin 2030 à 18:30 UTC+2 (Europe/Berlin)\nOù : Old mill',
    );
    expect(mailsTo(greta)[0]!.text).toContain('Das Event Canoe trip wurde geändert (Ort geändert).');
    expect(String(telegramTo(olena)[0]!.params.text)).toBe(
      'Подію змінено (змінено: місце): Canoe trip, субота, 1 червня 2030 р. о 18:30 GMT+2 (Europe/Berlin), Old mill.',
    );
  });

  it('When an organiser writes to those attending, then the line naming them reads in each recipient’s language', async () => {
    const id = await createEvent();
    const { prisma } = suite.app.deps;
    await prisma.attendance.createMany({
      data: [greta, olena].map((user) => ({ eventId: id, userId: user.id, status: 'attending' as const })),
    });
    await deliver();
    suite.smtp.messages.length = 0;
    suite.app.botApi.calls.length = 0;

    const res = await suite.admin.client.post(`/api/events/${id}/messages`, {
      audience: 'attending',
      text: 'Bring a towel.',
    });
    expect(res.status).toBe(202);
    await deliver();

    const [toGreta] = mailsTo(greta);
    expect(toGreta!.subject).toBe('Nachricht zu Canoe trip');
    expect(toGreta!.text).toMatch(
      /^Admin \d+ hat zu Canoe trip \(Samstag, 1\. Juni 2030 um 18:30 [^)]+\)\) geschrieben:/,
    );
    expect(toGreta!.text).toContain('Bring a towel.');
    expect(String(telegramTo(olena)[0]!.params.text)).toMatch(/^Admin \d+ пише про «Canoe trip» \(субота, 1 червня/);
  });

  it('When an event is announced to a minor, then their guardian’s copy is in the guardian’s language', async () => {
    const { prisma } = suite.app.deps;
    const maria = await prisma.user.create({
      data: {
        name: 'Maria Schmidt',
        birthDate: new Date('2020-05-02T00:00:00.000Z'),
        googleEmail: suite.email('maria'),
        notificationPrefs: ['email'],
      },
    });
    const oksana = await prisma.user.create({
      data: {
        name: 'Oksana',
        language: 'uk',
        role: 'guardian',
        telegramId: suite.telegramId(99),
        notificationPrefs: ['telegram'],
      },
    });
    await prisma.guardianConsent.create({
      data: { childId: maria.id, guardianId: oksana.id, method: 'email_link', textVersion: 0 },
    });
    await prisma.guardianship.create({ data: { guardianId: oksana.id, childId: maria.id } });

    await createEvent();
    await deliver();

    expect(mailsTo(maria).map((mail) => mail.subject)).toEqual(['New event: Canoe trip']);
    const copies = telegramTo(oksana);
    expect(copies).toHaveLength(1);
    expect(String(copies[0]!.params.text)).toBe(
      'Стосується: Maria Schmidt\n\n' +
        'Нова подія: Canoe trip, субота, 1 червня 2030 р. о 18:30 GMT+2 (Europe/Berlin), Boathouse.',
    );
  });
});
