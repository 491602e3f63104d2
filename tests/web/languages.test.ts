// The web app in the member's language, in Chromium: the page the server writes is already in the request's
// language (lang, dir, description); the picker switches at once, without a reload, and the choice is kept (on
// the device signed out, on the account signed in); every screen read in the pseudo-language (English accented and
// a third longer) shows no text that did not come from a catalog and never scrolls sideways, at 390×844 and
// 1366×900; every screen in Arabic is right-to-left and never scrolls sideways. The data the screens show is
// written in Cyrillic, so any Latin letter on a pseudo-language screen is a string outside the catalogs.
import type { Browser, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import { MSG } from '../../shared/messages';
import { eventRow } from '../support/events';
import { ARTIFACTS_DIR } from '../support/env';
import { startTestApp, type TestApp } from '../support/test-app';
import { futureDate, launchBrowser, openPage, settle } from './browser';

/** What the API answers in English when the page's language is the pseudo-language. */
const SERVER_WORDS = new Set<unknown>(Object.values(MSG).filter((text) => typeof text === 'string'));
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } } as const;
const DIR = path.join(ARTIFACTS_DIR, 'web', 'languages');

/** Every screen, as the admin sees it (the admin sees the most), plus the signed-out home. */
const SCREENS = (eventId: number) => [
  { name: 'home', path: '/' },
  { name: 'events', path: '/events' },
  { name: 'past-events', path: '/events?when=past' },
  { name: 'details', path: `/events/${eventId}` },
  { name: 'create', path: '/events/create' },
  { name: 'edit', path: `/events/${eventId}/edit` },
  { name: 'settings', path: '/settings' },
  ...['templates', 'email', 'backups', 'members', 'reports', 'audit', 'organisation', 'setup'].map((tab) => ({
    name: `admin-${tab}`,
    path: `/admin/settings?tab=${tab}`,
  })),
  { name: 'guardian', path: '/guardian' },
  // These two show the server's refusal: the server speaks our languages, not the web app's pseudo-language.
  { name: 'consent', path: '/guardian/consent?token=unknown-token', serverWords: true },
  { name: 'join', path: '/join/no-such-code', serverWords: true },
  { name: 'telegram-callback', path: '/telegram-auth-callback' },
  { name: 'not-found', path: '/no-such-page' },
];

/**
 * Visible text and labels with a Latin letter, outside URLs, e-mail addresses, host names, template placeholders,
 * zone names, other languages and what members type (fields).
 */
function textOutsideCatalogs(): string[] {
  const found = new Set<string>();
  const allowed = [
    /https?:\/\/\S+/g,
    /\S+@\S+/g,
    /\b[\w-]+(?:\.[\w-]+)*\.(?:org|com|net)\b/g,
    /\{\{\w+\}\}/g,
    /\b[A-Z][A-Za-z_]+\/[A-Za-z_/+-]+\b/g, // Europe/Berlin
    /\b(?:UTC|GMT)(?:[+-]\d{1,2}(?::\d{2})?)?/g,
    /\b(?:CSV|ICS|SMTP|SMS|URL|ID|PDF|QR)\b/g,
    /Telegram|Google/g,
  ];
  const latin = (text: string) => {
    let rest = text;
    for (const pattern of allowed) rest = rest.replace(pattern, ' ');
    return /[A-Za-z]/.test(rest);
  };
  const shown = (element: Element) => {
    if (element.closest('[lang]:not(html)')?.getAttribute('lang') !== document.documentElement.lang) {
      if (element.closest('[lang]:not(html)')) return false; // a language named in itself, in the picker
    }
    if (element.closest('[aria-hidden="true"], script, style, noscript, template, textarea')) return false;
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden' || style.display === 'none') return false;
    return element.getClientRects().length > 0 || element.closest('.sr-only, .visually-hidden') !== null;
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? '';
    const parent = node.parentElement;
    if (text && parent && shown(parent) && latin(text)) found.add(text);
  }
  for (const element of document.body.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')) {
    if (!shown(element)) continue;
    for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
      const value = element.getAttribute(name)?.trim();
      if (value && latin(value)) found.add(`${name}="${value}"`);
    }
  }
  return [...found];
}

/** A sweep opens all 23 screens, each allowed its own 10 s: the web tests' 60 s default is too short on a busy machine. */
const SWEEP_TIMEOUT = 150_000;

/** The screen as drawn once loaded: no boot mark, no loading skeleton, a heading in the content. */
async function loaded(page: Page, name: string) {
  await settle(page);
  await page
    .waitForFunction(
      () =>
        !document.querySelector('.boot') &&
        !document.querySelector('main [role="status"][aria-live="polite"]') &&
        document.querySelector('main h1, main h2') !== null,
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => {
      throw new Error(`${name} did not finish loading`);
    });
}

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth > document.scrollingElement!.clientWidth + 1);

describe('the web app in the member’s language', () => {
  let app: TestApp;
  let browser: Browser;
  let adminId: number;
  let memberId: number;
  let eventId: number;

  beforeAll(async () => {
    [app, browser] = await Promise.all([
      startTestApp('pglite', { env: { BRAND_NAME: 'Молодёжный клуб' } }),
      launchBrowser(),
    ]);
    const { prisma } = app.deps;
    const admin = await prisma.user.create({
      data: { name: 'Алекс Админов', isAdmin: true, role: 'admin' },
    });
    const member = await prisma.user.create({ data: { name: 'Мия Участникова' } });
    [adminId, memberId] = [admin.id, member.id];
    const event = await prisma.event.create({
      data: eventRow(admin.id, {
        name: 'Вечер настольных игр',
        description: 'Приходи, приводи друзей. Будет весело!',
        location: 'Молодёжный центр, комната 2',
        imageUrl: '/images/events/workshop.svg',
        date: futureDate(2, 18),
      }),
    });
    eventId = event.id;
    await prisma.event.create({
      data: eventRow(admin.id, {
        name: 'Прогулка у реки',
        description: 'Песни и зефир у озера.',
        location: 'Старый мост',
        date: futureDate(-3, 18),
      }),
    });
    await prisma.attendance.create({ data: { eventId, userId: member.id, status: 'attending' } });
    await prisma.comment.create({ data: { eventId, userId: member.id, content: 'Я приду!' } });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function signedIn(page: Page, userId: number) {
    const token = await createSession(app.deps, userId);
    await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: app.url, httpOnly: true }]);
  }

  async function inLanguage(language: string, size: keyof typeof SIZES, userId: number | null): Promise<Page> {
    const page = await openPage(browser, app.url, { viewport: SIZES[size] });
    await page.addInitScript((chosen) => localStorage.setItem('language', chosen), language);
    if (userId !== null) await signedIn(page, userId);
    return page;
  }

  async function screenshot(page: Page, name: string) {
    mkdirSync(DIR, { recursive: true });
    await page.screenshot({ path: path.join(DIR, `${name}.png`), fullPage: false, animations: 'disabled' });
  }

  /** The page as the server writes it, before any script runs. */
  const pageText = async (headers: Record<string, string>) => (await fetch(new URL('/', app.url), { headers })).text();

  it('When a page is requested, then the server writes it in the request’s language with its lang and dir', async () => {
    const arabic = await pageText({ 'Accept-Language': 'ar-EG,en;q=0.5' });
    expect(arabic).toMatch(/<html lang="ar" dir="rtl"/);
    expect(arabic).toContain('فعاليات مجتمعنا الشبابي');
    expect(await pageText({ 'Accept-Language': 'ar', Cookie: 'language=de' })).toMatch(/<html lang="de" dir="ltr"/);
    expect(await pageText({ 'Accept-Language': 'pt-BR, de-AT;q=0.8' })).toMatch(/<html lang="de" dir="ltr"/);
    const english = await pageText({ 'Accept-Language': 'en-US' });
    expect(english).toMatch(/<html lang="en" dir="ltr"/);
    expect(english).toContain('Events of our youth community');
  });

  it('When a visitor picks a language in the footer, then the page switches at once and keeps it', async () => {
    const page = await openPage(browser, app.url, { viewport: SIZES.phone });
    await page.goto('/');
    await settle(page);
    await expect.poll(() => page.getByRole('heading', { name: 'Member-Only Events' }).isVisible()).toBe(true);
    // No reload: a marker on the window survives the switch.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByLabel('Language').selectOption('de');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('de');
    await expect.poll(() => page.getByLabel('Sprache').isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await screenshot(page, 'visitor-de-phone');
    await page.reload();
    await settle(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await expect.poll(() => page.getByLabel('Sprache').isVisible()).toBe(true);
    await page.context().close();
  });

  it('When a member picks a language in Settings, then it is saved on the account and another device follows', async () => {
    const page = await openPage(browser, app.url, { viewport: SIZES.desktop });
    await signedIn(page, memberId);
    await page.goto('/settings');
    await settle(page);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('uk');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('uk');
    await expect
      .poll(async () => (await app.deps.prisma.user.findUniqueOrThrow({ where: { id: memberId } })).language)
      .toBe('uk');
    await page.context().close();

    // Another browser, another language in its headers: the account's choice wins, from the server's first byte.
    const other = await openPage(browser, app.url, { viewport: SIZES.phone, locale: 'fr-FR' });
    await signedIn(other, memberId);
    await other.goto('/');
    await settle(other);
    expect(await other.evaluate(() => document.documentElement.lang)).toBe('uk');
    await screenshot(other, 'member-uk-phone');
    await other.context().close();
    await app.deps.prisma.user.update({ where: { id: memberId }, data: { language: null } });
  });

  for (const size of ['phone', 'desktop'] as const) {
    it(
      `When every screen is read in the pseudo-language on a ${size}, then all its text comes from the catalogs`,
      async () => {
        const problems: string[] = [];
        const visitor = await inLanguage('en-XA', size, null);
        await visitor.goto('/');
        await loaded(visitor, 'signed-out home');
        for (const text of await visitor.evaluate(textOutsideCatalogs)) problems.push(`signed-out home: ${text}`);
        if (await scrollsSideways(visitor)) problems.push('signed-out home scrolls sideways');
        await visitor.context().close();

        const page = await inLanguage('en-XA', size, adminId);
        for (const screen of SCREENS(eventId)) {
          await page.goto(screen.path);
          await loaded(page, screen.name);
          expect(await page.evaluate(() => document.documentElement.lang), screen.name).toBe('en-XA');
          for (const text of await page.evaluate(textOutsideCatalogs)) {
            if (!(screen.serverWords && SERVER_WORDS.has(text))) problems.push(`${screen.name}: ${text}`);
          }
          if (await scrollsSideways(page)) problems.push(`${screen.name} scrolls sideways`);
          await screenshot(page, `pseudo-${screen.name}-${size}`);
        }
        await page.context().close();
        expect(problems).toEqual([]);
      },
      SWEEP_TIMEOUT,
    );

    it(
      `When every screen is read in Arabic on a ${size}, then it is right-to-left and never scrolls sideways`,
      async () => {
        const problems: string[] = [];
        const page = await inLanguage('ar', size, adminId);
        for (const screen of SCREENS(eventId)) {
          await page.goto(screen.path);
          await loaded(page, screen.name);
          const { lang, dir } = await page.evaluate(() => ({
            lang: document.documentElement.lang,
            dir: document.documentElement.dir,
          }));
          if (lang !== 'ar' || dir !== 'rtl') problems.push(`${screen.name}: lang=${lang} dir=${dir}`);
          if (await scrollsSideways(page)) problems.push(`${screen.name} scrolls sideways`);
          await screenshot(page, `ar-${screen.name}-${size}`);
        }
        await page.context().close();
        expect(problems).toEqual([]);
      },
      SWEEP_TIMEOUT,
    );
  }
});
