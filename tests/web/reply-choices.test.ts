// A member who has not replied is offered the choices, with one of them leading: on the event page 'I Will
// Attend' is the filled button above 'Maybe' and 'Cannot Attend' (side by side on a phone), and nothing says
// "change" before there is a reply; home's dropdown reads 'Reply' until then. The date of birth is three selects
// (day, month by name, year) in the order the member's language writes a date, sent as the API's ISO date, and
// a day the month lacks is refused. In English, German and Arabic, at 390×844 and 1366×900, light and dark;
// screenshots in test-artifacts/web/reply-choices.
import type { Event, User } from '@prisma/client';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import { ARTIFACTS_DIR } from '../support/env';
import { eventRow } from '../support/events';
import { startTestApp, type TestApp } from '../support/test-app';
import {
  animationsDone,
  chooseBirthDate,
  expectAccessible,
  expectToast,
  futureDate,
  launchBrowser,
  openPage,
  settle,
  shows,
} from './browser';

const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } } as const;
const SCHEMES = ['light', 'dark'] as const;
const DIR = path.join(ARTIFACTS_DIR, 'web', 'reply-choices');
type Language = 'en' | 'de' | 'ar';

/** Each language's words for the three choices and the date of birth, as its catalog says them. */
const WORDS: Record<Language, { choices: [string, string, string]; birthDate: string; parts: string[] }> = {
  en: {
    choices: ['I Will Attend', 'Maybe', 'Cannot Attend'],
    birthDate: 'Date of birth',
    parts: ['Month', 'Day', 'Year'],
  },
  de: {
    choices: ['Ich bin dabei', 'Vielleicht', 'Kann nicht'],
    birthDate: 'Geburtsdatum',
    parts: ['Tag', 'Monat', 'Jahr'],
  },
  ar: { choices: ['سأحضر', 'ربما', 'لن أحضر'], birthDate: 'تاريخ الميلاد', parts: ['اليوم', 'الشهر', 'السنة'] },
};

const background = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).backgroundColor);

async function shoot(page: Page, name: string, whole = true) {
  mkdirSync(DIR, { recursive: true });
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${name} scrolls sideways`).toBeLessThanOrEqual(innerWidth);
  await page.screenshot({ path: path.join(DIR, `${name}.png`), fullPage: whole, animations: 'disabled' });
}

describe('the reply choices and the date of birth', () => {
  let app: TestApp;
  let browser: Browser;
  let members: Record<Language, User>;
  let picnic: Event;
  let games: Event;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startTestApp('pglite'), launchBrowser()]);
    const { prisma } = app.deps;
    const olga = await prisma.user.create({
      data: { name: 'Olga Organiser', role: 'organiser', birthDate: new Date('1985-03-03') },
    });
    members = {
      en: await prisma.user.create({ data: { name: 'Nina Newcomer', language: 'en' } }),
      de: await prisma.user.create({ data: { name: 'Dora Deutsch', language: 'de' } }),
      ar: await prisma.user.create({ data: { name: 'Amal Amin', language: 'ar' } }),
    };
    picnic = await prisma.event.create({
      data: eventRow(olga.id, {
        name: 'Picnic in the Park',
        date: futureDate(3, 12),
        imageUrl: '/images/events/hike.svg',
      }),
    });
    games = await prisma.event.create({
      data: eventRow(olga.id, { name: 'Board Games Night', date: futureDate(5, 18) }),
    });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function pageAs(user: User, size: keyof typeof SIZES, scheme: 'light' | 'dark' = 'light') {
    const page = await openPage(browser, app.url, { viewport: SIZES[size], colorScheme: scheme });
    const token = await createSession(app.deps, user.id);
    await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: app.url, httpOnly: true }]);
    return page;
  }

  for (const language of ['en', 'de', 'ar'] as const) {
    it(`When a member who has not replied opens an event (${language}), then the first choice leads and nothing offers a change`, async () => {
      const [attendWords, maybeWords, cannotWords] = WORDS[language].choices;
      // One page, looked at in each size and scheme: loads are the slow part on a busy machine.
      const page = await pageAs(members[language], 'phone');
      await page.goto(`/events/${picnic.id}`, { waitUntil: 'domcontentloaded' });
      const choices = page.locator('.rsvp-buttons');
      const attend = choices.getByRole('button', { name: attendWords, exact: true });
      const maybe = choices.getByRole('button', { name: maybeWords, exact: true });
      const cannot = choices.getByRole('button', { name: cannotWords, exact: true });
      await attend.waitFor({ timeout: 30_000 });
      await settle(page);
      await expectAccessible(page, `reply choices (${language})`);
      if (language === 'en') expect(await page.getByText(/Change (RSVP|reply)/i).count()).toBe(0);
      for (const scheme of SCHEMES) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const size of ['phone', 'desktop'] as const) {
          await page.setViewportSize(SIZES[size]);
          await animationsDone(page);
          // One filled lead; the two others alike, and not like it.
          expect(await background(attend)).not.toBe(await background(maybe));
          expect(await background(maybe)).toBe(await background(cannot));
          // The lead on a row of its own, the two others under it (side by side on a phone; the desktop's side
          // column stacks them), each on one line.
          const [lead, second, third] = [
            await attend.boundingBox(),
            await maybe.boundingBox(),
            await cannot.boundingBox(),
          ];
          expect(second!.y).toBeGreaterThan(lead!.y);
          if (size === 'phone') {
            expect(Math.round(second!.y)).toBe(Math.round(third!.y));
            expect(lead!.width).toBeGreaterThan(second!.width * 1.8);
          } else {
            expect(third!.y).toBeGreaterThan(second!.y);
          }
          for (const box of [lead, second, third]) expect(box!.height, `${language} ${size}`).toBeLessThan(48);
          await page.evaluate(() => window.scrollTo(0, 0));
          await shoot(page, `event-unanswered-${language}-${size}-${scheme}`);
        }
      }
      await page.context().close();
    });
  }

  it('When the member answers Cannot Attend, then that choice is the filled one and I Will Attend steps back', async () => {
    const page = await pageAs(members.en, 'phone');
    await page.goto(`/events/${picnic.id}`, { waitUntil: 'domcontentloaded' });
    const choices = page.locator('.rsvp-buttons');
    const attend = choices.getByRole('button', { name: 'I Will Attend' });
    const maybe = choices.getByRole('button', { name: 'Maybe' });
    const cannot = choices.getByRole('button', { name: 'Cannot Attend' });
    await attend.waitFor({ timeout: 30_000 });
    const lead = await background(attend);
    await cannot.click();
    await expectToast(page, 'Attendance updated');
    await expect.poll(() => cannot.getAttribute('aria-pressed')).toBe('true');
    // Away from the button just pressed: hovered, it is drawn a shade darker on purpose.
    await page.mouse.move(0, 0);
    await expect.poll(() => background(cannot)).toBe(lead);
    expect(await background(attend)).toBe(await background(maybe));
    expect(await background(attend)).not.toBe(lead);
    await shoot(page, 'event-not-attending-en-phone-light');
    await page.context().close();
  });

  it('When the member opens home, then an unanswered event offers Reply and an answered one Change RSVP', async () => {
    for (const size of ['phone', 'desktop'] as const) {
      const page = await pageAs(members.en, size);
      await page.goto('/', { waitUntil: 'domcontentloaded' });
      const featured = page.getByRole('region', { name: 'Featured Events' });
      await featured.getByRole('button', { name: 'Reply to Board Games Night' }).waitFor({ timeout: 30_000 });
      await shows(featured.getByRole('button', { name: 'Change RSVP for Picnic in the Park' }));
      expect(await featured.getByRole('button', { name: 'Change RSVP for Board Games Night' }).count()).toBe(0);
      // The reply is filled like a main action; the change is not.
      const reply = featured.getByRole('button', { name: 'Reply to Board Games Night' });
      const change = featured.getByRole('button', { name: 'Change RSVP for Picnic in the Park' });
      expect(await background(reply)).not.toBe(await background(change));
      if (size === 'desktop') {
        await reply.click();
        await page.getByRole('menuitem', { name: 'Attending', exact: true }).click();
        await expectToast(page, 'RSVP updated');
        await shows(featured.getByRole('button', { name: 'Change RSVP for Board Games Night' }));
        const saved = await app.deps.prisma.attendance.findFirst({
          where: { eventId: games.id, userId: members.en.id },
        });
        expect(saved?.status).toBe('attending');
      }
      await settle(page);
      await shoot(page, `home-${size}-light`);
      await page.context().close();
    }
  });

  for (const language of ['en', 'de', 'ar'] as const) {
    it(`When a member gives their date of birth in Settings (${language}), then day, month and year come in the language's order`, async () => {
      const words = WORDS[language];
      const page = await pageAs(members[language], 'phone');
      await page.goto('/settings', { waitUntil: 'domcontentloaded' });
      const group = page.getByRole('group', { name: words.birthDate });
      // Settings is a chunk of its own: on a busy machine it may take a while.
      await group.waitFor({ timeout: 30_000 });
      expect(await group.locator('label > .visually-hidden').allTextContents()).toEqual(words.parts);
      const selects = group.locator('select');
      if (language === 'de') {
        expect(await selects.nth(1).locator('option').allTextContents()).toContain('Februar');
      }
      if (language === 'ar') {
        // Right to left: the day, first in the Arabic order, sits on the right of the month.
        const [day, month] = [await selects.nth(0).boundingBox(), await selects.nth(1).boundingBox()];
        expect(day!.x).toBeGreaterThan(month!.x);
      }
      // The three on one row, even on a phone.
      const tops = await selects.evaluateAll((all) =>
        all.map((select) => Math.round(select.getBoundingClientRect().top)),
      );
      expect(new Set(tops).size).toBe(1);
      const card = page.locator('section, .card').filter({ has: group }).last();
      for (const scheme of SCHEMES) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const size of ['phone', 'desktop'] as const) {
          await page.setViewportSize(SIZES[size]);
          await card.scrollIntoViewIfNeeded();
          await settle(page);
          mkdirSync(DIR, { recursive: true });
          await card.screenshot({
            path: path.join(DIR, `birth-date-${language}-${size}-${scheme}.png`),
            animations: 'disabled',
          });
        }
      }
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize(SIZES.phone);
      await expectAccessible(page, `birth date selects (${language})`);

      const sent = page.waitForRequest((request) => request.url().endsWith('/api/users/me/birth-date'));
      await chooseBirthDate(page, '2001-12-24', words.birthDate);
      await group.locator('xpath=ancestor::form//button[@type="submit"]').click();
      expect((await sent).postDataJSON()).toEqual({ birthDate: '2001-12-24' });
      await expect
        .poll(async () =>
          (
            await app.deps.prisma.user.findUniqueOrThrow({ where: { id: members[language].id } })
          ).birthDate?.toISOString(),
        )
        .toBe('2001-12-24T00:00:00.000Z');
      await page.context().close();
    });
  }

  it('When a member picks 31 February, then the form refuses it and saves nothing; 28 February is saved', async () => {
    const member = await app.deps.prisma.user.create({ data: { name: 'Fay February', language: 'en' } });
    const page = await pageAs(member, 'phone');
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/users/me/birth-date')) requests.push(request.postData() ?? '');
    });
    await page.goto('/settings', { waitUntil: 'domcontentloaded' });
    const group = page.getByRole('group', { name: 'Date of birth' });
    await group.waitFor({ timeout: 30_000 });
    const [day, month, year] = [group.getByLabel('Day'), group.getByLabel('Month'), group.getByLabel('Year')];
    // Picked month first, a day it lacks cannot be chosen at all.
    await month.selectOption('2');
    await year.selectOption('2010');
    expect(await day.locator('option[value="28"]').isDisabled()).toBe(false);
    for (const missing of ['29', '30', '31']) {
      expect(await day.locator(`option[value="${missing}"]`).isDisabled(), missing).toBe(true);
    }
    // Picked day first, the impossible date is refused at once and on saving.
    await page.reload({ waitUntil: 'domcontentloaded' });
    await group.waitFor({ timeout: 30_000 });
    await day.selectOption('31');
    await month.selectOption('2');
    await year.selectOption('2010');
    const refusal = group.getByRole('alert');
    await shows(refusal);
    expect(await refusal.textContent()).toBe('That month has no such day. Check the day, the month and the year.');
    expect(await day.getAttribute('aria-invalid')).toBe('true');
    const save = group.locator('xpath=ancestor::form//button[@type="submit"]');
    await save.click();
    await shows(refusal);
    await shoot(page, 'birth-date-31-february-en-phone-light', false);
    expect(requests).toEqual([]);

    await day.selectOption('28');
    await expect.poll(() => refusal.count()).toBe(0);
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/users/me/birth-date'));
    await save.click();
    expect((await answer).status()).toBe(200);
    await expectToast(page, 'Date of birth saved');
    expect(requests.map((body) => JSON.parse(body))).toEqual([{ birthDate: '2010-02-28' }]);
    const saved = await app.deps.prisma.user.findUniqueOrThrow({ where: { id: member.id } });
    expect(saved.birthDate?.toISOString().slice(0, 10)).toBe('2010-02-28');
    await page.context().close();
  });
});
