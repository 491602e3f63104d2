// Two doors that used to end in an error or in silence: a parent whose account is still waiting opens /guardian and
// is told what happens next (in their language, never "Something went wrong · 403"), and an invite link says who
// invited the visitor to which organisation and, once they are in, "You're in" with the next step.
import type { User } from '@prisma/client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { checkScreen, launchBrowser, openPage, settle, shows } from './browser';

const PHONE = { width: 390, height: 844 };

describe('the waiting parent and the invite page', () => {
  let app: TestApp;
  let browser: Browser;
  let inviter: User;

  beforeAll(async () => {
    [app, browser] = await Promise.all([
      startTestApp('pglite', { env: { MEMBERSHIP_MODE: 'approval' } }),
      launchBrowser(),
    ]);
    inviter = await app.deps.prisma.user.create({ data: { name: 'Paula Parker', isAdmin: true, role: 'admin' } });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  /** A page as `user` (or signed out), in `language`, collecting the console's errors and the page's. */
  async function pageAs(user: User | null, language = 'en'): Promise<{ page: Page; errors: string[] }> {
    const page = await openPage(browser, app.url, { viewport: PHONE });
    // The first load of a test's app builds nothing, but a busy machine can take its time.
    page.setDefaultTimeout(30_000);
    await page.addInitScript((chosen) => localStorage.setItem('language', chosen), language);
    if (user) {
      const token = await createSession(app.deps, user.id);
      await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: app.url }]);
    }
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    return { page, errors };
  }

  it('When a parent whose account is still waiting opens /guardian, then they see what happens next and no error', async () => {
    const parent = await app.deps.prisma.user.create({ data: { name: 'Pat Parent', status: 'pending' } });
    for (const [language, title] of [
      ['en', 'Nothing to show yet'],
      ['de', 'Noch nichts zu sehen'],
      ['ar', 'لا شيء لعرضه بعد'],
    ] as const) {
      const { page, errors } = await pageAs(parent, language);
      const refused: string[] = [];
      page.on('response', (response) => {
        if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
      });
      await page.goto('/guardian');
      await shows(page.getByRole('heading', { name: title }));
      await settle(page);
      expect(await page.getByText('Something went wrong').count()).toBe(0);
      expect(refused).toEqual([]);
      expect(errors).toEqual([]);
      await checkScreen(page, `guardian-waiting-${language}`);
      await page.context().close();
    }
  });

  it('When a visitor opens an invite link, then it names who invited them, and after signing in they are told they are in', async () => {
    const invite = await app.deps.prisma.invite.create({
      data: { code: 'InviteForTheBrowser01', expiresAt: new Date(Date.now() + 86_400_000), createdBy: inviter.id },
    });
    const { page: visitor, errors } = await pageAs(null);
    await visitor.goto(`/join/${invite.code}`);
    await shows(visitor.getByRole('heading', { name: "You're invited" }));
    await shows(visitor.getByText('Paula Parker invited you to join Community Events.'));
    await checkScreen(visitor, 'invite-signed-out');
    expect(errors).toEqual([]);
    await visitor.context().close();

    // The same link once signed in (the account is new and waits for approval): the invite lets it in.
    const newcomer = await app.deps.prisma.user.create({ data: { name: 'Nina Newcomer', status: 'pending' } });
    for (const [language, title] of [
      ['de', 'Du bist dabei'],
      ['en', "You're in"],
    ] as const) {
      if (language === 'en')
        await app.deps.prisma.user.update({ where: { id: newcomer.id }, data: { status: 'pending' } });
      const { page, errors: signedInErrors } = await pageAs(newcomer, language);
      await page.goto(`/join/${invite.code}`);
      await shows(page.getByRole('heading', { name: title }));
      await checkScreen(page, `invite-joined-${language}`);
      expect(signedInErrors).toEqual([]);
      if (language === 'en') {
        await page.getByRole('link', { name: 'See upcoming events' }).click();
        await page.waitForURL('**/events');
      }
      await page.context().close();
    }
    expect((await app.deps.prisma.user.findUniqueOrThrow({ where: { id: newcomer.id } })).status).toBe('active');
  });
});
