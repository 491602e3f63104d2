// The organisation's name (BRAND_NAME) is the one the web app shows: the messages the server sends in its own
// words name it too, not the product's default name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGoogle, type FakeGoogle } from '../support/signing';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { startNotifyApp, type NotifyApp } from './notify-app';
import { startSmsEndpoint } from './sms-endpoint';

const BRAND = 'Riverside Youth & Friends';

describe("the organisation's name in what the server sends", () => {
  let google: FakeGoogle;
  let smtp: TestSmtpServer;
  let smsApi: Awaited<ReturnType<typeof startSmsEndpoint>>;
  let app: NotifyApp;

  beforeAll(async () => {
    [google, smtp, smsApi] = await Promise.all([startFakeGoogle(), startSmtpServer(), startSmsEndpoint()]);
    app = await startNotifyApp('pglite', {
      env: {
        BRAND_NAME: BRAND,
        GOOGLE_CLIENT_ID: google.clientId,
        GOOGLE_JWKS_URL: google.jwksUrl,
        SMS_PROVIDER: 'http',
        SMS_HTTP_URL: smsApi.url,
        SMS_HTTP_TOKEN: 'tok',
      },
    });
  });
  afterAll(async () => {
    await app?.stop();
    await Promise.all([smtp?.stop(), smsApi?.stop(), google?.close()]);
  });

  it('When an admin tests email, a member links an address and confirms a phone, then each message names the organisation', async () => {
    const admin = await app.admin();
    await app.saveSmtp(admin.client, smtp.port);
    expect((await admin.client.post('/api/smtp-settings/test', { testEmail: 'admin@example.org' })).status).toBe(200);
    const [test] = await smtp.waitFor(1);
    expect(test!.subject).toBe(`Test email from ${BRAND}`);
    expect(test!.text).toContain(`This is a test email from ${BRAND}.`);

    const member = await app.signedIn({ name: 'Ana', telegramId: '7301', telegramUsername: 'ana_tg' });
    expect((await member.client.post('/api/auth/link-accounts', { email: 'ana@example.org' })).status).toBe(202);
    await app.worker().drain();
    const [, link] = await smtp.waitFor(2);
    expect(link!.subject).toBe(`Confirm your email address for ${BRAND}`);
    expect(link!.text).toContain(`to their account on ${BRAND}.`);
    const url = /https?:\/\/\S+(\/api\/auth\/confirm-email\?token=[A-Za-z0-9_-]+)/.exec(link!.text)![1]!;
    const page = await app.anonymous().get(url);
    expect(page.status).toBe(200);
    // Escaped once, as HTML: the page shows the name as written.
    expect(page.text).toContain('<title>Confirm email address · Riverside Youth &amp; Friends</title>');
    expect(page.text).toContain('their account on Riverside Youth &amp; Friends.');

    expect((await member.client.patch('/api/users/me', { phoneNumber: '+4917612345678' })).status).toBe(200);
    expect((await member.client.post('/api/users/me/phone/verification')).status).toBe(202);
    expect(smsApi.requests.at(-1)!.body.text).toMatch(new RegExp(`^\\d{6} is your ${BRAND} code\\.`));
  });
});
