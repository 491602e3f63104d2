// Linking an email in a real browser: the member asks in Settings, the link arrives at a real SMTP server, and the
// page it opens names the account that asked; its Confirm button posts from that page, past the same-origin guard.
import type { User } from '@prisma/client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import { startNotifyApp, type NotifyApp } from '../notifications/notify-app';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { WEB_DATABASE_KINDS, expectToast, launchBrowser, openPage, shows } from './browser';

describe.each(WEB_DATABASE_KINDS)('Linking an email in the web app on %s', (kind) => {
  let app: NotifyApp;
  let smtp: TestSmtpServer;
  let browser: Browser;
  let member: User;
  let page: Page;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    [app, browser] = await Promise.all([startNotifyApp(kind), launchBrowser()]);
    const admin = await app.admin();
    await app.saveSmtp(admin.client, smtp.port);
    member = await app.deps.prisma.user.create({
      data: { name: 'Tele Member', telegramId: '8101', telegramUsername: 'tele_member' },
    });
    page = await openPage(browser, app.url);
    const token = await createSession(app.deps, member.id);
    await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: app.url, httpOnly: true }]);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await smtp?.stop();
  });

  it('When a member opens the emailed link and presses Confirm, then the page named their account and the email is linked', async () => {
    await page.goto('/settings');
    await page.getByLabel('Email address').fill('tele.member@example.org');
    await page.getByRole('button', { name: 'Link Email' }).click();
    await shows(page.getByText('We sent a confirmation link to'));

    await app.worker().drain();
    const [mail] = await smtp.waitFor(1);
    const link = /https?:\/\/\S+\/api\/auth\/confirm-email\?token=[A-Za-z0-9_-]+/.exec(mail!.text)?.[0];
    expect(link).toBeDefined();

    const confirmPost = page.waitForRequest((request) => request.method() === 'POST');
    await page.goto(link!);
    await shows(page.getByText('“Tele Member” (Telegram account @tele_member) asked to link tele.member@example.org'));
    await shows(page.getByText('If you do not know this account, do not confirm'));
    await page.getByRole('button', { name: 'Confirm email address' }).click();

    // The post named its origin (the guard refuses "null"), and the token went nowhere but our own origin.
    const sent = await (await confirmPost).allHeaders();
    expect(sent.origin).toBe(app.url);
    await expectToast(page, 'Email account linked', 'Your email account has been successfully linked to your profile.');
    expect(new URL(page.url()).pathname).toBe('/settings');
    const settled = await page.evaluate(() => document.referrer);
    expect(settled).not.toContain('token=');
    const linked = await app.deps.prisma.user.findUniqueOrThrow({ where: { id: member.id } });
    expect(linked).toMatchObject({ linkedEmail: 'tele.member@example.org', linkedEmailConfirmed: true });
  });
});
