// The emailed confirmation link and its page name the account that asked, so the owner of an address can refuse
// to hand it to a stranger (account pre-hijacking: link a victim's address, wait for a careless Confirm, then
// share the account the victim's Google sign-in opens). Mail goes through the real outbox to a real SMTP server.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startNotifyApp, type NotifyApp } from '../notifications/notify-app';
import { DATABASE_KINDS } from '../support/databases';
import { startFakeGoogle, type FakeGoogle } from '../support/signing';
import { startSmtpServer, type CapturedMail, type TestSmtpServer } from '../support/smtp';

/** What a reader sees of an HTML page or email: its text, tags dropped and entities decoded. */
const visibleText = (html: string) =>
  html
    .replace(/<(style|title)[^>]*>[\s\S]*?<\/\1>/g, '')
    .replace(/<\/?(a|b|bdi|em|span|strong)\b[^>]*>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

const formAction = (html: string) => /<form method="post" action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
const linkIn = (mail: CapturedMail) =>
  /https?:\/\/\S+\/api\/auth\/confirm-email\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];

const BIDI_AND_BREAKS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\r\n]/;

describe.each(DATABASE_KINDS)('Who asked for an email link, on %s', (kind) => {
  let google: FakeGoogle;
  let smtp: TestSmtpServer;
  let app: NotifyApp;

  beforeAll(async () => {
    google = await startFakeGoogle();
    smtp = await startSmtpServer();
    app = await startNotifyApp(kind, { env: { GOOGLE_CLIENT_ID: google.clientId, GOOGLE_JWKS_URL: google.jwksUrl } });
  });
  afterAll(async () => {
    await app.stop();
    await smtp.stop();
    await google.close();
  });
  beforeEach(async () => {
    await app.reset();
    smtp.messages.length = 0;
    const admin = await app.admin();
    await app.saveSmtp(admin.client, smtp.port);
  });

  /** The account `asker` asks to link `email`; answers the email its owner receives. */
  async function askToLink(asker: Awaited<ReturnType<NotifyApp['signedIn']>>, email: string) {
    const res = await asker.client.post('/api/auth/link-accounts', { email });
    expect(res.status).toBe(202);
    await app.worker().drain();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.envelopeTo).toEqual([email]);
    return mail!;
  }

  it('When a stranger’s Telegram account links my address, then the email and the page name it and warn, and only my Confirm lets my Google sign-in open it', async () => {
    const attacker = await app.signedIn({ name: 'Mallory', telegramId: '7001', telegramUsername: 'mallory_tg' });

    const mail = await askToLink(attacker, 'victim@example.org');

    const asker = '“Mallory” (Telegram account @mallory_tg)';
    expect(mail.text).toContain(`${asker} asked to link this email address, victim@example.org, to their account`);
    expect(mail.text).toContain('If you do not know this account, do not confirm');
    expect(visibleText(mail.html!)).toContain(`${asker} asked to link this email address, victim@example.org`);
    expect(visibleText(mail.html!)).toContain('If you do not know this account, do not confirm');

    // The victim opens the link: the page says who asked before anything can be confirmed.
    const victim = app.anonymous();
    const link = linkIn(mail)!;
    const page = await victim.get(link.slice(app.url.length));
    expect(page.status).toBe(200);
    const shown = visibleText(page.text);
    expect(shown).toContain(`${asker} asked to link victim@example.org to their account on Community Events.`);
    expect(shown).toContain(
      'If you do not know this account, do not confirm: close this page. Once confirmed, signing in with Google ' +
        'as victim@example.org opens that account, and whoever holds it can use it too.',
    );

    // Confirmed anyway: from now on the victim's Google sign-in opens the account that asked — which the page said.
    const confirmed = await victim.post(formAction(page.text)!, undefined, { headers: { origin: app.url } });
    expect(confirmed.headers.get('location')).toBe('/settings?emailLinked=1');
    const viaGoogle = await app
      .anonymous()
      .post('/api/auth/login', { credential: await google.idToken('victim@example.org') });
    expect(viaGoogle.status).toBe(200);
    expect(viaGoogle.body.id).toBe(attacker.user.id);
  });

  it('When a Google account asks, then it is named as one without giving away its own address', async () => {
    const asker = await app.signedIn({
      name: 'Alice',
      googleSub: 'sub-alice',
      googleEmail: 'alice.private@example.org',
    });

    const mail = await askToLink(asker, 'alice.other@example.org');
    const page = await app.anonymous().get(linkIn(mail)!.slice(app.url.length));

    for (const text of [mail.text, visibleText(mail.html!), visibleText(page.text)]) {
      expect(text).toContain('“Alice” (Google account) asked to link');
      expect(text).not.toContain('alice.private@example.org');
    }
  });

  it('When the asking account’s name carries HTML, line breaks or bidi overrides, then the email and the page show it as inert text on one line', async () => {
    const name = 'Support <b>team</b>\n\nYour bank\u202Egnp.exe <script>alert(1)</script>';
    const asker = await app.signedIn({ name, telegramId: '7002', telegramUsername: 'support_tg' });

    const mail = await askToLink(asker, 'reader@example.org');
    const page = await app.anonymous().get(linkIn(mail)!.slice(app.url.length));

    const inert = '“Support <b>team</b> Your bankgnp.exe <script>alert(1)</script>” (Telegram account @support_tg)';
    const line = mail.text.split('\n').find((text) => text.includes('asked to link'))!;
    expect(line.startsWith(inert)).toBe(true);
    expect(mail.text).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    expect(mail.subject).toBe('Confirm your email address for Community Events');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>');
    expect(visibleText(mail.html!)).toContain(inert);

    expect(page.text).not.toContain('<script>alert');
    expect(page.text).not.toContain('<b>team');
    expect(visibleText(page.text)).toContain(inert);
    const nameInPage = /“([^”]*)”/.exec(page.text)?.[1] ?? '';
    expect(nameInPage).not.toMatch(BIDI_AND_BREAKS);
  });

  it('When the link is used, superseded or unknown, then opening it names nobody and says linking failed', async () => {
    const asker = await app.signedIn({ name: 'Tess', telegramId: '7003', telegramUsername: 'tess_tg' });
    const first = linkIn(await askToLink(asker, 'tess.old@example.org'))!.slice(app.url.length);
    smtp.messages.length = 0;
    const used = linkIn(await askToLink(asker, 'tess@example.org'))!.slice(app.url.length);
    const confirmed = await app.anonymous().post(used, undefined, { headers: { origin: app.url } });
    expect(confirmed.headers.get('location')).toBe('/settings?emailLinked=1');

    for (const target of [used, first, `/api/auth/confirm-email?token=${'u'.repeat(43)}`]) {
      const page = await app.anonymous().get(target);
      expect(page.status).toBe(303);
      expect(page.headers.get('location')).toBe('/settings?emailLinked=0');
      expect(page.text).not.toContain('Tess');
      // A page left open from before is refused as well.
      const again = await app.anonymous().post(target, undefined, { headers: { origin: app.url } });
      expect(again.headers.get('location')).toBe('/settings?emailLinked=0');
    }
  });
});
