import type { User } from '@prisma/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases';
import type { TestClient } from '../support/http-client';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { startNotifyApp, type NotifyApp } from './notify-app';
import { startSmsEndpoint } from './sms-endpoint';

describe.each(DATABASE_KINDS)("the admins' test sends on %s", (kind) => {
  let app: NotifyApp;
  let smtp: TestSmtpServer;
  let smsApi: Awaited<ReturnType<typeof startSmsEndpoint>>;
  let admin: { user: User; client: TestClient };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    smsApi = await startSmsEndpoint();
    app = await startNotifyApp(kind, {
      env: { SMS_PROVIDER: 'http', SMS_HTTP_URL: smsApi.url, SMS_HTTP_TOKEN: 'tok', SMTP_TEST_TIMEOUT_MS: '1000' },
    });
  });
  afterAll(async () => {
    await app.stop();
    await smtp.stop();
    await smsApi.stop();
  });
  beforeEach(async () => {
    await smtp.restart();
    smtp.messages.length = 0;
    smsApi.requests.length = 0;
    smsApi.failWith(null);
    await app.deps.prisma.smtpSettings.deleteMany();
    await app.deps.prisma.notificationTemplate.deleteMany();
    admin = await app.admin({ phoneNumber: '+15550001111', phoneVerifiedAt: new Date() });
  });

  it('When an admin sends a test email, then it goes out through the saved settings at once', async () => {
    await app.saveSmtp(admin.client, smtp.port);
    const res = await admin.client.post('/api/smtp-settings/test', { testEmail: 'Check@Example.org' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Test email sent to check@example.org' });
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]!.envelopeTo).toEqual(['check@example.org']);
    expect(smtp.messages[0]!.subject).toBe('Test email from Community Events');
    expect(await app.deps.prisma.outboxMessage.count()).toBe(0);
  });

  it('When the SMTP server fails, then the test email is a 502 that does not say why (the log does)', async () => {
    const failed = {
      code: expect.any(String),
      error: 'Could not send the test email. Check the SMTP settings and try again.',
    };
    await app.saveSmtp(admin.client, smtp.port);
    smtp.rejectRecipients.add('nobody@example.org');
    const refused = await admin.client.post('/api/smtp-settings/test', { testEmail: 'nobody@example.org' });
    expect(refused.status).toBe(502);
    expect(refused.body).toEqual(failed);
    smtp.rejectRecipients.clear();

    await smtp.stop();
    const down = await admin.client.post('/api/smtp-settings/test', { testEmail: 'someone@example.org' });
    expect(down.status).toBe(502);
    expect(down.body).toEqual(failed);
  });

  it('When settings are missing or not enabled, then the test email says so clearly', async () => {
    const missing = await admin.client.post('/api/smtp-settings/test', { testEmail: 'a@example.org' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      code: expect.any(String),
      error: 'No SMTP settings are saved yet. Save the email settings first.',
    });
    await app.saveSmtp(admin.client, smtp.port, false);
    const disabled = await admin.client.post('/api/smtp-settings/test', { testEmail: 'a@example.org' });
    expect(disabled.status).toBe(400);
    expect(disabled.body.error).toMatch(/^SMTP settings are not enabled/);
    expect(smtp.messages).toEqual([]);
  });

  it('When the test email input is bad or the caller is no admin, then it is refused', async () => {
    expect((await admin.client.post('/api/smtp-settings/test', {})).body).toEqual({
      code: expect.any(String),
      error: 'Email address required',
    });
    expect((await admin.client.post('/api/smtp-settings/test', { testEmail: 'nope' })).status).toBe(400);
    const member = await app.signedIn();
    expect((await member.client.post('/api/smtp-settings/test', { testEmail: 'a@example.org' })).status).toBe(403);
    expect((await app.anonymous().post('/api/test-notification-template')).status).toBe(401);
    expect((await member.client.post('/api/test-notification-template')).status).toBe(403);
    expect(smtp.messages).toEqual([]);
  });

  it('When an admin tests the templates, then each one is rendered with sample values and sent on its channel', async () => {
    await app.saveSmtp(admin.client, smtp.port);
    await admin.client.post('/api/notification-templates', {
      type: 'event_updated',
      channel: 'sms',
      template: 'CHANGED {{eventName}}: {{updateType}} ({{eventLocation}})',
    });
    const res = await admin.client.post('/api/test-notification-template');
    expect(res.status).toBe(200);
    expect(res.body.message).toContain('check your phone for SMS');
    expect(res.body.results.map((result: { channel: string; type: string; status: string }) => result.status)).toEqual([
      'sent',
      'sent',
      'sent',
      'sent',
    ]);

    expect(smtp.messages.map((mail) => mail.subject).sort()).toEqual([
      '[Test] Event updated: Sample Event',
      '[Test] New event: Sample Event',
    ]);
    expect(smtp.messages.every((mail) => mail.envelopeTo[0] === admin.user.googleEmail)).toBe(true);
    expect(smsApi.requests.map((request) => request.body.to)).toEqual(['+15550001111', '+15550001111']);
    const texts = smsApi.requests.map((request) => request.body.text);
    expect(texts).toContain('CHANGED Sample Event: date and location changed (Community Hall)');
    expect(texts.find((text) => text.startsWith('New event: Sample Event on '))).toBeDefined();
  });

  it('When one channel fails, then the report says which', async () => {
    await app.saveSmtp(admin.client, smtp.port);
    smsApi.failWith(401);
    const res = await admin.client.post('/api/test-notification-template');
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/Email: 2 test messages sent to /);
    expect(res.body.message).toMatch(/SMS: failed \(SMS provider answered 401/);
  });

  it('When the admin’s phone number is not verified, then no test SMS goes to it and the report says why', async () => {
    await app.saveSmtp(admin.client, smtp.port);
    // Any number can be typed in; a test send must not make it an SMS gun pointed at a stranger.
    const stranger = await app.admin({ phoneNumber: '+15550002222' });
    const res = await stranger.client.post('/api/test-notification-template');
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/SMS: skipped \(Your phone number is not verified/);
    expect(smsApi.requests).toEqual([]);
    expect(smtp.messages).toHaveLength(2);

    const { client } = await app.admin({ googleEmail: null, phoneNumber: '+15550003333' });
    const nowhere = await client.post('/api/test-notification-template');
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.error).toMatch(/no email address and your phone number is not verified/);
    expect(smsApi.requests).toEqual([]);
  });

  it('When nothing can be sent, then the template test is an error naming the reasons', async () => {
    const { client } = await app.admin({ googleEmail: null, phoneNumber: null });
    const nowhere = await client.post('/api/test-notification-template');
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.error).toMatch(/no email address and no phone number/);

    smsApi.failWith(500);
    const failing = await admin.client.post('/api/test-notification-template');
    expect(failing.status).toBe(502);
    expect(failing.body.error).toMatch(/Email: failed \(Email was not sent: no SMTP settings are saved/);
  });

  it('When a German-speaking admin tests email and templates, then every answer and reason is in German', async () => {
    const german = await app.admin({ language: 'de', phoneNumber: '+15550004444' });
    const notSaved = await german.client.post('/api/smtp-settings/test', { testEmail: 'a@example.org' });
    expect(notSaved.body).toEqual({
      code: 'smtp_test_not_saved',
      error: 'Es sind noch keine SMTP-Einstellungen gespeichert. Speichere zuerst die E-Mail-Einstellungen.',
    });

    const nothing = await german.client.post('/api/test-notification-template');
    expect(nothing.status).toBe(502);
    expect(nothing.body).toEqual({
      code: 'test_nothing_sent',
      error:
        'Es konnte keine Testbenachrichtigung gesendet werden. ' +
        'E-Mail: fehlgeschlagen (E-Mail wurde nicht gesendet: Es sind keine SMTP-Einstellungen gespeichert ' +
        '(Admin-Einstellungen → E-Mail-Einstellungen)). ' +
        'SMS: übersprungen (Deine Telefonnummer ist nicht bestätigt (Einstellungen → Kommunikation))',
    });

    await app.saveSmtp(admin.client, smtp.port);
    const sent = await german.client.post('/api/smtp-settings/test', { testEmail: 'a@example.org' });
    expect(sent.body).toEqual({ success: true, message: 'Test-E-Mail an a@example.org gesendet' });
    expect(smtp.messages[0]!.subject).toBe('Test-E-Mail von Community Events');
    expect(smtp.messages[0]!.text).toContain('Deine SMTP-Einstellungen funktionieren.');

    const report = await german.client.post('/api/test-notification-template');
    expect(report.status).toBe(200);
    expect(report.body.message).toBe(
      `E-Mail: 2 Testnachrichten an ${german.user.googleEmail} gesendet. ` +
        'SMS: übersprungen (Deine Telefonnummer ist nicht bestätigt (Einstellungen → Kommunikation)). ' +
        'Schau in dein E-Mail-Postfach und auf dein Handy für die SMS.',
    );
    expect(report.body.results.find((result: { channel: string }) => result.channel === 'sms').error).toBe(
      'Deine Telefonnummer ist nicht bestätigt (Einstellungen → Kommunikation)',
    );
  });
});
