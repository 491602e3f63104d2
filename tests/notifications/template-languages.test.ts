// An admin's templates in several languages: a member gets the template of their language, else the
// organisation's (the whole message then in that language), else the built-in text of their language. Emails go
// through a real SMTP server, Telegram messages through the fake Bot API; the admin's test send goes out in each
// template's own language.
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

const GERMAN_EMAIL = 'Hallo! {{eventName}} steigt am {{eventDate}} in {{eventLocation}}. Bist du dabei?';
const GERMAN_SMS = 'Neu: {{eventName}}, {{eventDate}}, {{eventLocation}}';
const ENGLISH_EMAIL = 'Hi all! {{eventName}} happens on {{eventDate}} at {{eventLocation}}.';

describe.each(DATABASE_KINDS)('admin templates in each recipient’s language on %s', (kind) => {
  const suite = deliverySuite(kind, {
    clear: ['organisationSettings', 'notificationTemplate'],
    now: () => new Date('2030-05-01T10:00:00.000Z'),
  });
  const { deliver, telegramTo } = suite;
  let greta: User;
  let gunter: User;
  let fanny: User;
  let emma: User;

  beforeEach(async () => {
    const { prisma } = suite.app.deps;
    greta = await prisma.user.create({
      data: { name: 'Greta', language: 'de', googleEmail: suite.email('greta'), notificationPrefs: ['email'] },
    });
    gunter = await prisma.user.create({
      data: { name: 'Gunter', language: 'de', telegramId: suite.telegramId(77), notificationPrefs: ['telegram'] },
    });
    fanny = await prisma.user.create({
      data: { name: 'Fanny', language: 'fr', googleEmail: suite.email('fanny'), notificationPrefs: ['email'] },
    });
    emma = await prisma.user.create({
      data: { name: 'Emma', googleEmail: suite.email('emma'), notificationPrefs: ['email'] },
    });
  });

  const mailTo = (user: User) => {
    const mails = suite.mailsTo(user);
    expect(mails).toHaveLength(1);
    return mails[0]!;
  };

  async function writeTemplate(body: { channel: 'email' | 'sms'; template: string; language?: string }) {
    const res = await suite.admin.client.post('/api/notification-templates', { type: 'event_created', ...body });
    expect(res.status).toBe(201);
  }

  async function announce() {
    const res = await suite.admin.client.post('/api/events', EVENT);
    expect(res.status).toBe(201);
    await deliver();
  }

  it('When there is a German template, then German members get it with the date in German, and others the built-in text of their language', async () => {
    await writeTemplate({ channel: 'email', template: GERMAN_EMAIL, language: 'de' });
    await writeTemplate({ channel: 'sms', template: GERMAN_SMS, language: 'de' });
    await announce();

    const toGreta = mailTo(greta);
    expect(toGreta.subject).toBe('Neues Event: Canoe trip');
    expect(toGreta.text).toContain(
      'Hallo! Canoe trip steigt am Samstag, 1. Juni 2030 um 18:30 MESZ (Europe/Berlin) in Boathouse. Bist du dabei?',
    );
    expect(String(telegramTo(gunter)[0]!.params.text)).toBe(
      'Neu: Canoe trip, Samstag, 1. Juni 2030 um 18:30 MESZ (Europe/Berlin), Boathouse',
    );

    // The organisation speaks English and has no English template: the built-in texts, French and English.
    const toFanny = mailTo(fanny);
    expect(toFanny.subject).toBe('Nouvel événement : Canoe trip');
    expect(toFanny.text).toContain('Un nouvel événement a été annoncé : Canoe trip');
    expect(toFanny.text).toContain('Quand : samedi 1 juin 2030 à 18:30 UTC+2 (Europe/Berlin)');
    const toEmma = mailTo(emma);
    expect(toEmma.subject).toBe('New event: Canoe trip');
    expect(toEmma.text).toContain(
      'A new event has been announced: Canoe trip\n\n' +
        'When: Saturday, June 1, 2030 at 6:30 PM GMT+2 (Europe/Berlin)\nWhere: Boathouse',
    );
  });

  it('When no French template exists, then a French member gets the organisation’s template, all in its language', async () => {
    const settings = await suite.admin.client.patch('/api/admin/organisation', { defaultLanguage: 'de' });
    expect(settings.status).toBe(200);
    await writeTemplate({ channel: 'email', template: GERMAN_EMAIL });
    await writeTemplate({ channel: 'email', template: ENGLISH_EMAIL, language: 'en' });
    await announce();

    const toFanny = mailTo(fanny);
    expect(toFanny.subject).toBe('Neues Event: Canoe trip');
    expect(toFanny.text).toContain('Hallo! Canoe trip steigt am Samstag, 1. Juni 2030 um 18:30');
    expect(mailTo(greta).text).toContain('Hallo! Canoe trip steigt am Samstag');
    // English is spoken here too: Emma, who saved no language, follows the organisation (German).
    expect(mailTo(emma).text).toContain('Hallo! Canoe trip steigt am Samstag');

    await suite.app.deps.prisma.user.update({ where: { id: emma.id }, data: { language: 'en' } });
    suite.smtp.messages.length = 0;
    const again = await suite.admin.client.post('/api/events', { ...EVENT, name: 'Hike' });
    expect(again.status).toBe(201);
    await deliver();
    expect(mailTo(emma).subject).toBe('New event: Hike');
    expect(mailTo(emma).text).toContain('Hi all! Hike happens on Saturday, June 1, 2030 at 6:30 PM GMT+2');
  });

  it('When only a German SMS template exists and the organisation speaks English, then a French member’s email is the built-in French text', async () => {
    await writeTemplate({ channel: 'sms', template: GERMAN_SMS, language: 'de' });
    await announce();

    const toFanny = mailTo(fanny);
    expect(toFanny.subject).toBe('Nouvel événement : Canoe trip');
    expect(toFanny.text).toContain('Un nouvel événement a été annoncé : Canoe trip');
    expect(mailTo(greta).text).toContain('Ein neues Event wurde angekündigt: Canoe trip');
    expect(String(telegramTo(gunter)[0]!.params.text)).toContain('Neu: Canoe trip, Samstag');
  });

  it('When an admin tests the templates, then each goes out in its own language, and a missing one in the admin’s', async () => {
    await writeTemplate({ channel: 'email', template: GERMAN_EMAIL, language: 'de' });
    await writeTemplate({ channel: 'email', template: ENGLISH_EMAIL, language: 'en' });

    const res = await suite.admin.client.post('/api/test-notification-template', undefined, {
      headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    expect(res.status).toBe(200);
    const sent = res.body.results.filter((result: { status: string }) => result.status === 'sent');
    expect(sent.map((result: { type: string; language: string }) => `${result.type} ${result.language}`)).toEqual([
      'event_created en',
      'event_created de',
      'event_updated fr',
    ]);

    const subjects = suite.smtp.messages.map((mail) => mail.subject).sort();
    expect(subjects).toEqual([
      '[Test] Neues Event: Beispiel-Event',
      '[Test] New event: Sample Event',
      '[Test] Événement modifié : Événement d’exemple',
    ]);
    const german = suite.smtp.messages.find((mail) => mail.subject.startsWith('[Test] Neues'))!;
    expect(german.text).toMatch(
      /^Hallo! Beispiel-Event steigt am \w+, \d+\. \w+ \d{4} um \d+:\d\d .* in Gemeindesaal\./,
    );
  });
});
