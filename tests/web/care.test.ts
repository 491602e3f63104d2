// The care card's screens in Chromium: a member fills in Settings → Health & emergency (a refused phone shown by
// its field, everything typed kept), a minor whose guardian keeps the card reads it only; a guardian's family home
// lists each child's events with their reply, replies for the child and keeps the child's card, on the website and
// in the Mini App; an event's leader opens the trip sheet from the organiser's tools (nobody else sees the link)
// and it prints on A4 without the app around it, each member's block whole. Screenshots at 390×844 and 1366×900,
// light and dark, and in Arabic, go to test-artifacts/web/care/.
import type { Event, User } from '@prisma/client';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import { ARTIFACTS_DIR } from '../support/env';
import { createFamily } from '../support/family';
import { startBotTestApp, type BotTestApp } from '../support/bot-test-app';
import {
  animationsDone,
  expectAccessible,
  expectToast,
  futureDate,
  launchBrowser,
  openPage,
  settle,
  shows,
} from './browser';
import { SCHEMES, SIZES } from './layout-kit';
import { launchMiniApp } from './telegram-client';

const DIR = path.join(ARTIFACTS_DIR, 'web', 'care');
const CHILD_BIRTH = new Date(Date.UTC(new Date().getUTCFullYear() - 11, 4, 1));
const ADULT_BIRTH = new Date('1984-02-10T00:00:00.000Z');

/** No sideways scrolling, axe on the phone, and a picture at each size in each scheme. */
async function screens(page: Page, name: string) {
  mkdirSync(DIR, { recursive: true });
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    await animationsDone(page);
    for (const [label, size] of Object.entries(SIZES)) {
      await page.setViewportSize(size);
      await page.evaluate(() => window.scrollTo(0, 0));
      await settle(page);
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth, `${name} scrolls sideways at ${label} size`).toBeLessThanOrEqual(innerWidth);
      if (label === 'phone') await expectAccessible(page, `${name} (${scheme})`);
      await page.screenshot({ path: path.join(DIR, `${name}-${label}-${scheme}.png`), fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(SIZES.phone);
}

// Screenshots in two schemes at two sizes with axe, on a machine that may be busy.
describe('care screens in the browser', { timeout: 240_000 }, () => {
  let app: BotTestApp;
  let browser: Browser;
  let organiser: User;
  let child: User;
  let guardian: User;
  let hike: Event;
  let full: Event;
  let trip: Event;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startBotTestApp('pglite'), launchBrowser()]);
    const { prisma } = app.deps;
    organiser = await prisma.user.create({
      data: { name: 'Olive Organiser', role: 'organiser', birthDate: ADULT_BIRTH },
    });
    ({
      guardian,
      children: [child],
    } = await createFamily(prisma, {
      guardian: { name: 'Pat Parent', telegramId: '770001', phoneNumber: '+447700900777' },
      children: [{ name: 'Robin Young' }],
      childBirth: CHILD_BIRTH,
    }));
    const event = (name: string, days: number, extra: { capacity?: number; requiresGuardianApproval?: boolean } = {}) =>
      prisma.event.create({
        data: {
          name,
          description: 'Outdoors with the group',
          location: 'Lakeside camp',
          date: futureDate(days),
          imageUrl: '/images/events/hike.svg',
          isPublic: true,
          creatorId: organiser.id,
          ...extra,
        },
      });
    hike = await event('Forest hike', 5);
    full = await event('Full camp', 6, { capacity: 1 });
    trip = await event('Canoe trip', 7, { requiresGuardianApproval: true });
    const filler = await prisma.user.create({ data: { name: 'Fay First', birthDate: ADULT_BIRTH } });
    await prisma.attendance.create({ data: { eventId: full.id, userId: filler.id, status: 'attending' } });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function signedIn(user: User, language = 'en'): Promise<Page> {
    const page = await openPage(browser, app.url, { viewport: SIZES.phone });
    await page.addInitScript((chosen) => localStorage.setItem('language', chosen), language);
    const token = await createSession(app.deps, user.id);
    await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: app.url }]);
    return page;
  }

  it('When a member saves a card with a phone not in international format, then the phone field says why, what was typed stays, and the corrected card is saved', async () => {
    const member = await app.deps.prisma.user.create({ data: { name: 'Mia Member', birthDate: ADULT_BIRTH } });
    const page = await signedIn(member);
    await page.goto('/settings');
    const card = page.getByRole('region', { name: 'Health & emergency' });
    await shows(card);
    await shows(card.getByText('until 7 days after the event', { exact: false }));
    await card.getByLabel('Allergies').fill('Peanuts: carries an EpiPen');
    await card.getByLabel('Vegetarian').check();
    await card.getByLabel('Nut-free').check();
    await card.getByRole('button', { name: 'Add a contact' }).click();
    await card.getByLabel('Name').fill('Helga Member');
    await card.getByLabel('Relation').fill('Mother');
    await card.getByLabel('Phone').fill('07700 900123');
    await card.getByRole('button', { name: 'Save card' }).click();

    const phone = card.getByLabel('Phone');
    await shows(card.getByText('Write the number with + and the country code', { exact: false }));
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    expect(await card.getByLabel('Allergies').inputValue()).toBe('Peanuts: carries an EpiPen');
    expect(await card.getByLabel('Nut-free').isChecked()).toBe(true);
    expect(await app.deps.prisma.careCard.count({ where: { userId: member.id } })).toBe(0);
    await screens(page, 'settings-refused');

    await phone.fill('+44 7700 900123');
    await card.getByRole('button', { name: 'Save card' }).click();
    await expectToast(page, 'Health & emergency card saved');
    const client = await app.clientFor(member);
    const saved = await client.get('/api/users/me/care');
    expect(saved.body).toMatchObject({
      allergies: 'Peanuts: carries an EpiPen',
      dietary: { needs: ['vegetarian', 'nut_free'] },
      emergencyContacts: [{ name: 'Helga Member', relation: 'Mother', phone: '+447700900123' }],
    });
    await screens(page, 'settings-saved');

    // Arabic, right to left.
    const arabic = await signedIn(member, 'ar');
    await arabic.goto('/settings');
    await shows(arabic.getByRole('region', { name: 'الصحة والطوارئ' }));
    expect(await arabic.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await screens(arabic, 'settings-ar');
    await page.context().close();
    await arabic.context().close();
  });

  it('When a minor whose guardian keeps the card opens Settings, then the card is shown to read, with who keeps it, and no form', async () => {
    const client = await app.clientFor(guardian);
    const put = await client.put(`/api/guardian/children/${child.id}/care`, {
      medications: 'Inhaler before sport',
      emergencyContacts: [{ name: 'Pat Parent', relation: 'Father', phone: '+447700900777' }],
    });
    expect(put.status).toBe(200);
    const page = await signedIn(child);
    await page.goto('/settings');
    const card = page.getByRole('region', { name: 'Health & emergency' });
    await shows(card.getByText('Your parent or guardian keeps this card.'));
    await shows(card.getByText('Inhaler before sport'));
    expect(await card.getByRole('button', { name: 'Save card' }).count()).toBe(0);
    expect(await card.getByRole('textbox').count()).toBe(0);
    await screens(page, 'settings-minor');
    await page.context().close();
  });

  it('When a guardian opens the family home, then each event shows the child’s reply and its state, and the guardian replies and keeps the card', async () => {
    const { prisma } = app.deps;
    const robin = await app.clientFor(child);
    expect((await robin.post(`/api/events/${full.id}/attend`, { status: 'attending' })).body.status).toBe('waitlisted');
    expect((await robin.post(`/api/events/${trip.id}/attend`, { status: 'attending' })).body.status).toBe(
      'awaiting_guardian',
    );
    const page = await signedIn(guardian);
    await page.goto('/guardian');
    const home = page.getByRole('article', { name: 'Robin Young' });
    await shows(home);
    const row = (name: string) => home.getByRole('listitem').filter({ hasText: name }).last();
    await shows(row('Forest hike').getByText('Not Responded'));
    await shows(row('Full camp').getByText('Waitlisted: place 1'));
    await shows(row('Canoe trip').getByText('Your approval is needed'));
    await shows(home.getByRole('button', { name: 'Approve Canoe trip for Robin' }));

    await home.getByRole('button', { name: 'Robin is going to Forest hike' }).click();
    await expectToast(page, 'Reply saved', 'Robin is going to Forest hike.');
    await shows(row('Forest hike').getByText('Attending'));
    const reply = await prisma.attendance.findFirstOrThrow({ where: { eventId: hike.id, userId: child.id } });
    expect(reply.status).toBe('attending');

    await home.getByRole('button', { name: 'Open Robin’s card' }).click();
    await shows(home.getByText('Who sees this card: you, Robin', { exact: false }));
    await home.getByLabel('Allergies').fill('Wasps');
    await home.getByRole('button', { name: 'Save card' }).click();
    await expectToast(page, 'Health & emergency card saved');
    const client = await app.clientFor(guardian);
    expect((await client.get(`/api/guardian/children/${child.id}/care`)).body).toMatchObject({
      allergies: 'Wasps',
      medications: 'Inhaler before sport',
    });
    await screens(page, 'family-home');
    await page.context().close();
  });

  it('When a guardian opens the Mini App, then the family home shows the child’s events and card in Telegram too', async () => {
    const page = await openPage(browser, app.url, { viewport: SIZES.phone });
    await launchMiniApp(page, { id: 770001, first_name: 'Pat', last_name: 'Parent' });
    const nav = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Your children' });
    await shows(nav);
    await nav.click();
    const home = page.getByRole('article', { name: 'Robin Young' });
    await shows(home.getByRole('listitem').filter({ hasText: 'Forest hike' }).getByText('Attending'));
    await home.getByRole('button', { name: 'Open Robin’s card' }).click();
    await shows(home.getByLabel('Allergies'));
    expect(await home.getByLabel('Allergies').inputValue()).toBe('Wasps');
    await screens(page, 'family-home-mini-app');
    await page.context().close();
  });

  it('When the leader opens the trip sheet from the organiser’s tools, then it lists each member’s block and prints on A4 without the app, no block split', async () => {
    const { prisma } = app.deps;
    // Enough members for the sheet to run over several pages.
    for (let index = 0; index < 9; index++) {
      const member = await prisma.user.create({
        data: { name: `Camper ${String.fromCharCode(65 + index)} Example`, birthDate: ADULT_BIRTH },
      });
      await prisma.attendance.create({ data: { eventId: hike.id, userId: member.id, status: 'attending' } });
      await (
        await app.clientFor(member)
      ).put('/api/users/me/care', {
        allergies: 'Pollen in spring, and a long note that runs over a few lines. '.repeat(4),
        medicalNotes: 'Carries a spare inhaler in the side pocket of the rucksack.',
        dietary: { needs: ['vegan'], notes: 'No sesame' },
        emergencyContacts: [
          { name: 'Parent One', relation: 'Mother', phone: '+447700900001' },
          { name: 'Parent Two', relation: 'Father', phone: '+447700900002' },
        ],
      });
    }
    // Another member sees no link on the same page.
    const member = await prisma.user.create({ data: { name: 'Nico Nolink', birthDate: ADULT_BIRTH } });
    const other = await signedIn(member);
    await other.goto(`/events/${hike.id}`);
    await shows(other.getByRole('heading', { level: 1, name: 'Forest hike' }));
    await settle(other);
    expect(await other.getByRole('link', { name: 'Trip sheet' }).count()).toBe(0);
    await other.context().close();

    const page = await signedIn(organiser);
    await page.setViewportSize(SIZES.desktop);
    await page.goto(`/events/${hike.id}`);
    await page.getByRole('link', { name: 'Trip sheet' }).click();
    await shows(page.getByRole('heading', { level: 1, name: 'Trip sheet: Forest hike' }));
    await shows(page.getByRole('article', { name: 'Robin Young' }).getByText('Wasps'));
    // The guardian to call, with their number, besides the card's own emergency contact.
    const guardians = page.getByRole('article', { name: 'Robin Young' }).getByRole('listitem');
    await shows(guardians.filter({ hasText: 'Pat Parent' }).filter({ hasText: 'Father' }));
    await shows(guardians.filter({ hasText: 'Pat Parent' }).filter({ hasNotText: 'Father' }));
    expect(await page.getByRole('article').count()).toBe(10);
    expect(await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      `/api/events/${hike.id}/trip-sheet.csv`,
    );
    await screens(page, 'trip-sheet');

    // On paper: the chrome is gone and every block avoids breaking across pages.
    await page.setViewportSize(SIZES.desktop);
    await page.emulateMedia({ media: 'print' });
    const printed = await page.evaluate(() => {
      // Drawn at all: an element inside a hidden parent keeps its own display, so ask the browser.
      const shown = (selector: string) =>
        [...document.querySelectorAll(selector)].filter((element) => element.checkVisibility()).length;
      return {
        chrome: ['.site-header', '.sidebar', '.main-nav', '.site-footer', 'main button', 'main a[download]'].map(
          (selector) => [selector, shown(selector)],
        ),
        blocks: [...document.querySelectorAll('main article')].map((block) => getComputedStyle(block).breakInside),
      };
    });
    expect(printed.chrome.filter(([, count]) => count !== 0)).toEqual([]);
    expect(printed.blocks).toHaveLength(10);
    expect(new Set(printed.blocks)).toEqual(new Set(['avoid']));
    await page.emulateMedia({ colorScheme: 'dark' });
    const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true });
    mkdirSync(DIR, { recursive: true });
    writeFileSync(path.join(DIR, 'trip-sheet.pdf'), pdf);
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;
    // Ten blocks of about a third of a page each, none split: more than one page, fewer than one per block.
    expect(pages).toBeGreaterThan(1);
    expect(pages).toBeLessThan(10);
    await page.screenshot({ path: path.join(DIR, 'trip-sheet-print.png'), fullPage: true });
    await page.context().close();
  });
});
