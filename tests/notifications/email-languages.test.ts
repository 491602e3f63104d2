// Emails to addresses that may have no account yet are written in the language of the member who caused them:
// the guardian consent email in the child's, the email-link confirmation in the request's. Both go through the
// real outbox to a real SMTP server; English stays as it was.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases';
import type { TestClient } from '../support/http-client';
import { startSmtpServer, type CapturedMail, type TestSmtpServer } from '../support/smtp';
import { startNotifyApp, type NotifyApp } from './notify-app';

const NOW = new Date('2026-11-26T12:00:00.000Z');
const CHILD_BIRTH = new Date('2014-05-01T00:00:00.000Z');

describe.each(DATABASE_KINDS)('emails in the reader’s language on %s', (kind) => {
  let smtp: TestSmtpServer;
  let app: NotifyApp;
  let admin: { user: User; client: TestClient };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await startNotifyApp(kind);
  });
  afterAll(async () => {
    await app.stop();
    await smtp.stop();
  });
  beforeEach(async () => {
    app.setNow(NOW);
    await app.reset();
    smtp.messages.length = 0;
    admin = await app.admin({ role: 'admin' });
    await app.saveSmtp(admin.client, smtp.port);
    const mode = await admin.client.patch('/api/admin/organisation', { membershipMode: 'open' });
    expect(mode.status).toBe(200);
  });

  async function mailTo(email: string): Promise<CapturedMail> {
    await app.worker().drain();
    const mail = (await smtp.waitFor(1)).find((message) => message.envelopeTo.includes(email));
    expect(mail).toBeDefined();
    return mail!;
  }

  it('When a German child asks a guardian for consent, then the email is in German with the date in German', async () => {
    const lena = await app.signedIn({ name: 'Lena Kind', birthDate: CHILD_BIRTH, language: 'de' });
    const asked = await lena.client.post('/api/users/me/guardians', { email: 'mama@example.org' });
    expect(asked.status).toBe(202);

    const mail = await mailTo('mama@example.org');
    expect(mail.subject).toBe('Community Events: Zustimmung für Lena Kind');
    expect(mail.text).toContain(
      'Lena Kind bittet dich als Elternteil oder erziehungsberechtigte Person um deine Zustimmung, bei Community Events mitzumachen.',
    );
    expect(mail.text).toContain(
      'Um den Einwilligungstext zu lesen und zu entscheiden, öffne diesen Link (er funktioniert einmal, bis zum 3. Dezember 2026):',
    );
    expect(mail.text).toContain('Ohne den Link ändert sich nichts.');
    expect(mail.html).toContain('>Einwilligungstext lesen und entscheiden</a>');
  });

  it('When a child without a saved language asks from an English browser, then the email is in English as before, its date written out', async () => {
    const tilly = await app.signedIn({ name: 'Tilly Child', birthDate: CHILD_BIRTH });
    const asked = await tilly.client.post(
      '/api/users/me/guardians',
      { email: 'parent@example.org' },
      { headers: { 'accept-language': 'en-GB,en;q=0.8' } },
    );
    expect(asked.status).toBe(202);

    const mail = await mailTo('parent@example.org');
    expect(mail.subject).toBe('Community Events: consent for Tilly Child');
    expect(mail.text).toContain(
      'Tilly Child asked you, as their parent or guardian, to consent to them taking part in Community Events.',
    );
    expect(mail.text).toContain('open this link (it works once, until December 3, 2026):');
  });

  it('When a member asks from a German browser to link an email, then the confirmation email is in German', async () => {
    const max = await app.signedIn({ name: 'Max', telegramId: '7101', telegramUsername: 'max_tg' });
    const res = await max.client.post(
      '/api/auth/link-accounts',
      { email: 'max@example.org' },
      { headers: { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' } },
    );
    expect(res.status).toBe(202);

    const mail = await mailTo('max@example.org');
    expect(mail.subject).toBe('Bestätige deine E-Mail-Adresse für Community Events');
    expect(mail.text).toContain(
      '„Max“ (Telegram-Konto @max_tg) möchte diese E-Mail-Adresse, max@example.org, mit dem eigenen Konto bei Community Events verknüpfen.',
    );
    expect(mail.text).toContain('Wenn du dieses Konto nicht kennst, bestätige nicht');
    expect(mail.text).toMatch(/Zum Bestätigen öffne diesen Link:\nhttp\S+\/api\/auth\/confirm-email\?token=/);
    expect(mail.html).toContain('>Diese E-Mail-Adresse bestätigen</a>');

    // Whoever opens the link reads the confirmation page in their browser's language.
    const link = /http\S+\/api\/auth\/confirm-email\?token=\S+/.exec(mail.text)![0];
    const page = await app.anonymous().get(link.slice(link.indexOf('/api/')), { headers: { 'accept-language': 'de' } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<html lang="de" dir="ltr">');
    expect(page.text).toContain(
      '„<bdi>Max</bdi>“ (<bdi>Telegram-Konto @max_tg</bdi>) möchte <bdi>max@example.org</bdi> mit dem eigenen Konto bei Community Events verknüpfen.',
    );
    expect(page.text).toContain('<button type="submit">E-Mail-Adresse bestätigen</button>');
    const arabic = await app
      .anonymous()
      .get(link.slice(link.indexOf('/api/')), { headers: { 'accept-language': 'ar' } });
    expect(arabic.text).toContain('<html lang="ar" dir="rtl">');
  });
});
