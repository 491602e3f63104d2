// The organisation's settings in the web app: the first admin's setup card on the home page (shown only until the
// settings are first saved) and Admin → Organisation, which edits every setting and sends only what changed.
// Screenshots of both at the layout tests' sizes, light and dark, in English, German and Arabic (saved under
// test-artifacts/web/organisation).
import type { User } from '@prisma/client';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import { ARTIFACTS_DIR } from '../support/env';
import { startTestApp, type TestApp } from '../support/test-app';
import {
  WEB_DATABASE_KINDS,
  expectAccessible,
  expectToast,
  launchBrowser,
  newTestContext,
  settle,
  shows,
} from './browser';
import { SCHEMES, SIZES } from './layout-kit';

describe.each(WEB_DATABASE_KINDS)('the organisation’s settings on %s', (kind) => {
  let app: TestApp;
  let browser: Browser;
  let admin: User;

  beforeAll(async () => {
    [app, browser] = await Promise.all([
      startTestApp(kind, { env: { NOTIFICATIONS_TIME_ZONE: 'UTC', MEMBERSHIP_MODE: 'approval' } }),
      launchBrowser(),
    ]);
    admin = await app.deps.prisma.user.create({ data: { name: 'Alex Admin', isAdmin: true, role: 'admin' } });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  /** A page signed in as `user`, in a browser whose clock runs in `timezoneId`, speaking `language`. */
  async function pageFor(
    user: User,
    options: { timezoneId?: string; language?: string; size?: keyof typeof SIZES; scheme?: 'light' | 'dark' } = {},
  ): Promise<Page> {
    const context = await newTestContext(browser, {
      baseURL: app.url,
      viewport: SIZES[options.size ?? 'desktop'],
      colorScheme: options.scheme ?? 'light',
      timezoneId: options.timezoneId ?? 'UTC',
    });
    const token = await createSession(app.deps, user.id);
    await context.addCookies([
      { name: SESSION_COOKIE, value: token, url: app.url },
      ...(options.language ? [{ name: 'language', value: options.language, url: app.url }] : []),
    ]);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    return page;
  }

  const setupCard = (page: Page) => page.getByRole('region', { name: 'Set up your organisation' });

  it('When the first admin opens the app, then the setup asks for the zone (theirs), language and mode, once', async () => {
    const member = await app.deps.prisma.user.create({ data: { name: 'Mia Member' } });
    const memberPage = await pageFor(member);
    await memberPage.goto('/');
    await shows(memberPage.getByText(/Good to see you/));
    expect(await setupCard(memberPage).count()).toBe(0);
    await memberPage.context().close();

    const page = await pageFor(admin, { timezoneId: 'Europe/Berlin' });
    await page.goto('/');
    const card = setupCard(page);
    await shows(card);
    // The browser's own zone, not the server's UTC.
    expect(await card.getByLabel('Time zone').inputValue()).toBe('Europe/Berlin');
    await expectAccessible(page, 'first-run setup');
    await card.getByLabel('Default language').selectOption('de');
    await card.getByRole('radio', { name: /Invite only/ }).check();
    await card.getByRole('button', { name: 'Save and start' }).click();
    await expectToast(page, 'Your organisation is set up');
    await expect.poll(() => setupCard(page).count()).toBe(0);
    expect(await app.deps.prisma.organisationSettings.findFirstOrThrow()).toMatchObject({
      timeZone: 'Europe/Berlin',
      defaultLanguage: 'de',
      membershipMode: 'invite',
    });

    await page.reload();
    await shows(page.getByText(/Good to see you/));
    await settle(page);
    expect(await setupCard(page).count()).toBe(0);
    await page.context().close();
  });

  it('When an admin edits settings in Admin → Organisation, then only the changed ones are sent and they persist', async () => {
    const page = await pageFor(admin);
    await page.goto('/admin/settings?tab=organisation');
    const zone = page.getByLabel('Time zone');
    await shows(zone);
    expect(await zone.inputValue()).toBe('Europe/Berlin');
    const save = page.getByRole('button', { name: 'Save settings' });
    expect(await save.isDisabled()).toBe(true);

    // A zone that does not exist is said under the field, and nothing is sent.
    await zone.fill('Mars/Olympus');
    await save.click();
    await shows(page.getByText('Choose a time zone from the list, for example Europe/Berlin.'));

    await zone.fill('Asia/Tokyo');
    await page.getByLabel('Age of consent').selectOption('14');
    await page.getByRole('radio', { name: 'Counts at once' }).check();
    await page.getByLabel(/Show the name, date and cover/).uncheck();
    const patches: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && request.url().endsWith('/api/admin/organisation'))
        patches.push(request.postDataJSON());
    });
    await save.click();
    await expectToast(page, 'Organisation settings saved');
    expect(patches).toEqual([
      { timeZone: 'Asia/Tokyo', consentAge: 14, consentVerification: 'email', linkPreviews: false },
    ]);
    expect(await app.deps.prisma.organisationSettings.findFirstOrThrow()).toMatchObject({
      timeZone: 'Asia/Tokyo',
      consentAge: 14,
      consentVerification: 'email',
      linkPreviews: false,
      // Untouched: still what the setup saved, the consent text still the built-in one.
      defaultLanguage: 'de',
      membershipMode: 'invite',
      consentText: null,
    });
    expect(await save.isDisabled()).toBe(true);

    await page.reload();
    await shows(page.getByLabel('Time zone'));
    expect(await page.getByLabel('Time zone').inputValue()).toBe('Asia/Tokyo');
    expect(await page.getByLabel('Age of consent').inputValue()).toBe('14');
    // The served page names the new zone: the event form's default.
    expect(await page.locator('meta[name="time-zone"]').getAttribute('content')).toBe('Asia/Tokyo');
    await page.context().close();
  });

  it('When the tab and the setup open on a phone and a desktop, light and dark, in three languages, nothing overflows', async () => {
    for (const language of ['en', 'de', 'ar']) {
      for (const scheme of SCHEMES) {
        for (const size of Object.keys(SIZES) as Array<keyof typeof SIZES>) {
          const page = await pageFor(admin, { language, scheme, size, timezoneId: 'Europe/Berlin' });
          await page.goto('/admin/settings?tab=organisation');
          await shows(page.getByRole('tabpanel').locator('textarea'));
          await settle(page);
          await expectNoSidewaysScroll(page, `tab ${language} ${size} ${scheme}`);
          if (size === 'phone' && language !== 'de') await expectAccessible(page, `tab ${language} ${scheme}`);
          await screenshot(page, `tab-${language}-${size}-${scheme}`);

          // The setup as the first admin saw it: before any save.
          await app.deps.prisma.organisationSettings.deleteMany();
          await page.goto('/');
          await shows(page.locator('#first-run-setup-title'));
          await settle(page);
          await expectNoSidewaysScroll(page, `setup ${language} ${size} ${scheme}`);
          await screenshot(page, `setup-${language}-${size}-${scheme}`);
          await page.context().close();
        }
      }
    }
  }, 600_000);

  async function expectNoSidewaysScroll(page: Page, what: string) {
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth, `${what} scrolls sideways`).toBeLessThanOrEqual(innerWidth);
  }

  async function screenshot(page: Page, name: string) {
    const dir = path.join(ARTIFACTS_DIR, 'web', 'organisation');
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true, animations: 'disabled' });
  }
});
