// Siblings on the family home in Chromium: a guardian of two children replies for both to an event at once, all or
// none, answering each child's questions in the same sheet. With one place left neither is booked and both wait
// together (the sheet's outcome says so); with room both go, each with their own answers, and a required answer
// left out for one child is pointed at in that child's questions only. Inside Telegram the open sheet takes the
// BackButton: back closes the sheet, not the page. Screenshots of the sheet at 390×844 and 1366×900, light and
// dark, in English, German and Arabic: test-artifacts/web/family-siblings/.
import type { Event, User } from '@prisma/client';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import type { AnswerValues, EventsPage } from '../../shared/types';
import { ARTIFACTS_DIR } from '../support/env';
import { createFamily } from '../support/family';
import { startTestApp, TEST_BOT_TOKEN, type TestApp } from '../support/test-app';
import {
  checkScreen,
  expectAccessible,
  expectToast,
  futureDate,
  launchBrowser,
  openPage,
  settle,
  shows,
} from './browser';
import { SCHEMES, SIZES } from './layout-kit';
import { LIGHT_THEME, fromTelegram, launchMiniApp, probe } from './telegram-client';

const DIR = path.join(ARTIFACTS_DIR, 'web', 'family-siblings');
const CHILD_BIRTH = new Date(Date.UTC(new Date().getUTCFullYear() - 10, 2, 1));
const ADULT_BIRTH = new Date('1983-07-04T00:00:00.000Z');

/** The sheet at each size in each scheme: nothing wider than the screen, axe on the phone in light. */
async function screens(page: Page, name: string) {
  mkdirSync(DIR, { recursive: true });
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [label, size] of Object.entries(SIZES)) {
      await page.setViewportSize(size);
      await settle(page);
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth, `${name} scrolls sideways at ${label} size`).toBeLessThanOrEqual(innerWidth);
      if (label === 'phone' && scheme === 'light') await expectAccessible(page, name);
      await page.screenshot({ path: path.join(DIR, `${name}-${label}-${scheme}.png`), animations: 'disabled' });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(SIZES.phone);
}

describe('siblings replying together on the family home', { timeout: 300_000 }, () => {
  let app: TestApp;
  let browser: Browser;
  let guardian: User;
  let robin: User;
  let sam: User;
  let full: Event;
  let roomy: Event;
  let later: Event;
  const sizeOf: Record<number, number> = {};

  beforeAll(async () => {
    [app, browser] = await Promise.all([
      startTestApp('pglite', {
        env: { DEMO_MODE: 'off', TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN, TELEGRAM_BOT_USERNAME: 'events_test_bot' },
      }),
      launchBrowser(),
    ]);
    const { prisma } = app.deps;
    const organiser = await prisma.user.create({
      data: { name: 'Olive Organiser', role: 'organiser', birthDate: ADULT_BIRTH },
    });
    ({
      guardian,
      children: [robin, sam],
    } = await createFamily(prisma, {
      guardian: { name: 'Pat Young', telegramId: '779001', birthDate: ADULT_BIRTH },
      children: [{ name: 'Robin Young' }, { name: 'Sam Young' }],
      childBirth: CHILD_BIRTH,
    }));
    const event = async (name: string, days: number, capacity: number) => {
      const made = await prisma.event.create({
        data: {
          name,
          description: 'A day out',
          location: 'Lakeside',
          date: futureDate(days),
          imageUrl: '/images/events/hike.svg',
          isPublic: true,
          capacity,
          creatorId: organiser.id,
        },
      });
      const size = await prisma.registrationQuestion.create({
        data: {
          eventId: made.id,
          position: 0,
          label: 'T-shirt size',
          kind: 'single',
          options: ['S', 'M', 'L'],
          required: true,
        },
      });
      await prisma.registrationQuestion.create({
        data: { eventId: made.id, position: 1, label: 'Allergies', kind: 'long_text', sensitive: true },
      });
      sizeOf[made.id] = size.id;
      return made;
    };
    full = await event('Lake camp', 10, 3);
    roomy = await event('Forest day', 12, 20);
    later = await event('Autumn hike', 14, 20);
    // Two of Lake camp's three places are taken: one is left for two children.
    for (const name of ['Ada Adult', 'Ben Adult']) {
      const adult = await prisma.user.create({ data: { name, birthDate: ADULT_BIRTH } });
      await prisma.attendance.create({ data: { eventId: full.id, userId: adult.id, status: 'attending' } });
    }
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

  /** The guardian's view over the API: a child's reply to an event and their stored answers. */
  async function childState(page: Page, child: User, event: Event) {
    const list = (await (
      await page.request.get(`/api/guardian/children/${child.id}/events?limit=20`)
    ).json()) as EventsPage;
    const answers = (await (
      await page.request.get(`/api/events/${event.id}/answers?forUserId=${child.id}`)
    ).json()) as { answers: AnswerValues };
    const seen = list.events.find((item) => item.id === event.id);
    return {
      status: seen?.myStatus,
      position: seen?.myWaitlistPosition,
      attending: seen?.attendingCount,
      answers: answers.answers,
    };
  }

  const openSiblings = async (page: Page, event: string): Promise<Locator> => {
    const card = page.getByRole('region', { name: 'Reply for several children' });
    await shows(card);
    await card.getByRole('button', { name: `Reply for Robin and Sam to ${event}` }).click();
    const sheet = page.getByRole('dialog', { name: 'Reply for your children' });
    await shows(sheet);
    await shows(sheet.getByRole('region', { name: 'Answers for Sam' }));
    return sheet;
  };
  const answersOf = (sheet: Locator, name: string) => sheet.getByRole('region', { name: `Answers for ${name}` });

  it('When one place is left and the guardian replies for both all or none, then neither is booked and they wait together', async () => {
    const page = await signedIn(guardian);
    await page.goto('/guardian');
    const sheet = await openSiblings(page, 'Lake camp');
    // Who is included is plain: both ticked, named in the line above the questions and on the button.
    expect(await sheet.getByRole('checkbox', { name: /^Robin/ }).isChecked()).toBe(true);
    expect(await sheet.getByRole('checkbox', { name: /^Sam/ }).isChecked()).toBe(true);
    expect(await sheet.getByRole('checkbox', { name: 'All or none' }).isChecked()).toBe(true);
    await shows(sheet.getByText('1 place left'));
    await shows(sheet.getByText('Replying for: Robin and Sam'));
    // First names only: a child's full name is nowhere in the sheet.
    expect(await sheet.getByText('Robin Young').count()).toBe(0);
    await answersOf(sheet, 'Robin').getByRole('radio', { name: 'S', exact: true }).check();
    await answersOf(sheet, 'Robin').getByLabel('Allergies').fill('Pollen');
    await answersOf(sheet, 'Sam').getByRole('radio', { name: 'M', exact: true }).check();
    await checkScreen(page, 'family-siblings-sheet');
    await sheet.getByRole('button', { name: 'Send: Robin and Sam are going' }).click();

    const outcome = page
      .getByRole('region', { name: 'Reply for several children' })
      .getByRole('status')
      .filter({ hasText: 'none was booked' });
    await shows(outcome);
    expect(await outcome.textContent()).toBe(
      'There is not a place for each of them, so none was booked. Robin and Sam wait together on the waitlist from place 1 and get places together when there is room.',
    );
    await expect.poll(() => sheet.count()).toBe(0);
    await checkScreen(page, 'family-siblings-outcome');
    const [robinNow, samNow] = [await childState(page, robin, full), await childState(page, sam, full)];
    expect([robinNow.status, samNow.status]).toEqual(['waitlisted', 'waitlisted']);
    expect([robinNow.position, samNow.position].sort()).toEqual([1, 2]);
    // Their answers went with the reply all the same, each child's own.
    expect(robinNow.answers[sizeOf[full.id]!]).toBe('S');
    expect(samNow.answers[sizeOf[full.id]!]).toBe('M');
    expect(robinNow.attending, 'the one place is still free').toBe(2);
    await page.close();
  });

  it('When there is room, then a missing answer is pointed at in that child’s questions, and once given both go with their answers', async () => {
    const page = await signedIn(guardian);
    await page.goto('/guardian');
    const sheet = await openSiblings(page, 'Forest day');
    await answersOf(sheet, 'Robin').getByRole('radio', { name: 'L', exact: true }).check();
    await answersOf(sheet, 'Sam').getByLabel('Allergies').fill('Wasp stings');
    await sheet.getByRole('button', { name: 'Send: Robin and Sam are going' }).click();
    // The server refuses them both; only Sam's size is marked, and everything typed stays.
    await shows(answersOf(sheet, 'Sam').getByText('Please answer this question.'));
    expect(await answersOf(sheet, 'Robin').getByText('Please answer this question.').count()).toBe(0);
    await shows(sheet.getByText('Please answer: T-shirt size'));
    expect(await answersOf(sheet, 'Sam').getByLabel('Allergies').inputValue()).toBe('Wasp stings');
    expect((await childState(page, robin, roomy)).status).toBe('not_responded');

    await answersOf(sheet, 'Sam').getByRole('radio', { name: 'S', exact: true }).check();
    // Answered, the refusal is gone at once: its sentence and the mark on Sam's size, before anything is sent.
    await expect.poll(() => sheet.getByText('Please answer: T-shirt size').count()).toBe(0);
    expect(await answersOf(sheet, 'Sam').getByText('Please answer this question.').count()).toBe(0);
    expect(
      await answersOf(sheet, 'Sam').getByRole('radiogroup', { name: 'T-shirt size' }).getAttribute('aria-invalid'),
    ).toBeNull();
    await sheet.getByRole('button', { name: 'Send: Robin and Sam are going' }).click();
    await expectToast(page, 'Reply saved', 'Robin and Sam are going to Forest day.');
    await expect.poll(() => sheet.count()).toBe(0);
    const robinNow = await childState(page, robin, roomy);
    const samNow = await childState(page, sam, roomy);
    expect([robinNow.status, samNow.status]).toEqual(['attending', 'attending']);
    expect(robinNow.answers).toEqual({ [sizeOf[roomy.id]!]: 'L' });
    expect(samNow.answers).toMatchObject({ [sizeOf[roomy.id]!]: 'S' });
    expect(Object.values(samNow.answers)).toContain('Wasp stings');
    // Both hold a place now: the event leaves the siblings' card.
    await expect
      .poll(() => page.getByRole('button', { name: 'Reply for Robin and Sam to Forest day' }).count())
      .toBe(0);
    await page.close();
  });

  it('When the family home is in English, German or Arabic, then the siblings sheet reads in that language at every size', async () => {
    for (const [language, button, title] of [
      ['en', 'Reply for Robin and Sam to Autumn hike', 'Reply for your children'],
      ['de', 'Für Robin und Sam zu Autumn hike antworten', 'Für deine Kinder antworten'],
      ['ar', 'الرد عن Robin وSam لفعالية Autumn hike', 'الرد عن أطفالك'],
    ] as const) {
      const page = await signedIn(guardian, language);
      await page.goto('/guardian');
      await page.getByRole('button', { name: button }).click();
      const sheet = page.getByRole('dialog', { name: title });
      await shows(sheet);
      await sheet.getByRole('radio', { name: 'M', exact: true }).first().check();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
      await screens(page, `sheet-${language}`);
      await page.close();
    }
  });

  it('When the sheet is open inside Telegram, then the BackButton closes it and leaves the page where it was', async () => {
    const page = await openPage(browser, app.url, { viewport: SIZES.phone });
    await launchMiniApp(page, { id: 779001, first_name: 'Pat', last_name: 'Young' }, { theme: LIGHT_THEME });
    await expect.poll(() => new URL(page.url()).pathname).toBe('/guardian');
    await shows(page.getByRole('region', { name: 'Reply for several children' }));
    // The family home is a guardian's home: no BackButton until a sheet opens.
    await settle(page);
    expect((await probe(page)).backVisible).toBe(false);

    const sheet = await openSiblings(page, 'Autumn hike');
    await expect.poll(async () => (await probe(page)).backVisible).toBe(true);
    await expect
      .poll(async () => (await probe(page)).mainButton)
      .toMatchObject({ text: 'Send: Robin and Sam are going', is_visible: true });
    await fromTelegram(page, 'back_button_pressed');
    await expect.poll(() => sheet.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/guardian');
    await expect.poll(async () => (await probe(page)).backVisible).toBe(false);
    await expect.poll(async () => (await probe(page)).mainButton.is_visible).toBe(false);
    // Nothing was sent.
    expect(await app.deps.prisma.attendance.count({ where: { eventId: later.id } })).toBe(0);
    await page.close();
  });

  it('When a member’s questions sheet is open on an event page inside Telegram, then back closes the sheet first and the page’s back then goes home', async () => {
    const page = await openPage(browser, app.url, { viewport: SIZES.phone });
    await launchMiniApp(
      page,
      { id: 779002, first_name: 'Mo', last_name: 'Member' },
      { startParam: `event_${later.id}`, theme: LIGHT_THEME },
    );
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/events/${later.id}`);
    await expect.poll(async () => (await probe(page)).backVisible).toBe(true);
    await expect
      .poll(async () => (await probe(page)).mainButton)
      .toMatchObject({ text: 'I Will Attend', is_visible: true });
    await fromTelegram(page, 'main_button_pressed');
    const sheet = page.getByRole('dialog', { name: 'A few questions first' });
    await shows(sheet);

    await fromTelegram(page, 'back_button_pressed');
    await expect.poll(() => sheet.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/events/${later.id}`);
    // The page's own back is still there, and now it answers.
    await expect.poll(async () => (await probe(page)).backVisible).toBe(true);
    await fromTelegram(page, 'back_button_pressed');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await expect.poll(async () => (await probe(page)).backVisible).toBe(false);
    await page.close();
  });
});
