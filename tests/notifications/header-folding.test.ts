// Event names and places are one line of text without bidirectional overrides (which can make "gpj.exe" read as
// "exe.jpg" or reorder a place): forms and the API strip them and fold line breaks. A name that carries CR/LF
// anyway (stored before that rule) cannot add a header to the emails that name it: the subject stays folded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventSummary } from '../../shared/types';
import { eventBody, eventRow } from '../support/events';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { startNotifyApp, type NotifyApp } from './notify-app';

const OVERRIDES = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069';

describe('line breaks and bidirectional overrides in event texts', () => {
  let app: NotifyApp;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await startNotifyApp('pglite');
  });
  afterAll(async () => {
    await app.stop();
    await smtp.stop();
  });

  it('When an event name or place carries bidi overrides and line breaks, then they are stored as one plain line; the description keeps its lines', async () => {
    const { client } = await app.admin();
    const created = await client.post<EventSummary>(
      '/api/events',
      eventBody({
        name: `Camp\u202Egpj.exe\u202C night\r\nBcc: everyone@example.org`,
        location: `${OVERRIDES}Hall\n2nd floor\u2069`,
        description: 'Line one\nLine two \u202E',
      }),
    );
    expect(created.status, created.text).toBe(201);
    const shown = (await client.get<EventSummary>(`/api/events/${created.body.id}`)).body;
    expect(shown.name).toBe('Campgpj.exe night Bcc: everyone@example.org');
    expect(shown.location).toBe('Hall 2nd floor');
    expect(shown.description).toBe('Line one\nLine two \u202E');

    // Only overrides: nothing is left, which is no name at all.
    const empty = await client.post('/api/events', eventBody({ name: OVERRIDES }));
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ code: expect.any(String), error: 'All fields are required' });

    const edited = await client.patch<EventSummary>(
      `/api/events/${created.body.id}`,
      eventBody({ name: 'Renamed\u2066 \n camp', location: '\u202DYard' }),
    );
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Renamed camp', location: 'Yard' });
  });

  it('When an email names an event whose stored name carries CR/LF, then no header is added and the subject stays one folded header', async () => {
    await app.reset();
    const admin = await app.admin();
    await app.saveSmtp(admin.client, smtp.port);
    smtp.messages.length = 0;
    const event = await app.deps.prisma.event.create({
      data: eventRow(admin.user.id, { name: 'Camp\r\nBcc: intruder@example.org\r\nX-Injected: yes' }),
    });
    const member = await app.signedIn({ googleEmail: 'camper@example.org', notificationPrefs: ['email'] });
    expect((await member.client.post(`/api/events/${event.id}/attend`, { status: 'attending' })).status).toBe(200);

    const sent = await admin.client.post(`/api/events/${event.id}/messages`, { audience: 'attending', text: 'Hi' });
    expect(sent.status, sent.text).toBe(202);
    while (await app.system.outbox.expandNext(app.deps.now(), 500));
    await app.worker().drain();

    const [mail] = await smtp.waitFor(1);
    expect(mail!.envelopeTo).toEqual(['camper@example.org']);
    expect(Object.keys(mail!.headers)).not.toContain('bcc');
    expect(Object.keys(mail!.headers)).not.toContain('x-injected');
    const headerBlock = mail!.raw.slice(0, mail!.raw.indexOf('\r\n\r\n'));
    expect(headerBlock).not.toMatch(/^(Bcc|X-Injected):/im);
    expect(headerBlock).toMatch(/^Subject: Message about Camp Bcc: intruder@example\.org X-Injected: yes$/m);
    expect(mail!.subject).not.toMatch(/[\r\n]/);
    expect(mail!.subject).toContain('Camp');
  });
});
