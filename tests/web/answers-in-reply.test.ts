// Registration questions from the member's side: replying to an event that asks questions opens them in place (a
// bottom sheet on a phone, a dialog on a desktop) with one input per kind, required ones marked and sensitive ones
// saying who reads them; a refused reply (no connection, a required answer missing) keeps everything typed and
// points at the question; the answers then show on the event page and Edit changes them until RSVPs close. Also in
// German and Arabic, inside Telegram (its MainButton sends the sheet), and the event form's warning states the
// server's SENSITIVE_ANSWERS_DAYS. Screenshots in test-artifacts/web/answers-in-reply/.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Event, User } from '@prisma/client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import { ARTIFACTS_DIR } from '../support/env';
import { signInitData } from '../support/signing';
import { startTestApp, TEST_BOT_TOKEN, type TestApp } from '../support/test-app';
import {
  WEB_DATABASE_KINDS,
  expectAccessible,
  expectToast,
  futureDate,
  launchBrowser,
  openPage,
  settle,
  shows,
} from './browser';
import { LIGHT_THEME, fromTelegram, installTelegram, launchHash, probe } from './telegram-client';

const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } } as const;
const SHOTS = path.join(ARTIFACTS_DIR, 'web', 'answers-in-reply');

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await settle(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), animations: 'disabled' });
}

describe.each(WEB_DATABASE_KINDS)('answering registration questions with a reply on %s', (kind) => {
  let app: TestApp;
  let browser: Browser;
  let host: User;
  let camp: Event;
  let ids: Record<'size' | 'allergies' | 'shoe' | 'arrival' | 'activities' | 'swim', number>;
  let people = 0;

  /** A member's own browser, signed in with a session of their own. */
  async function memberPage(
    name: string,
    viewport: { width: number; height: number } = SIZES.phone,
    language?: string,
  ) {
    const user = await app.deps.prisma.user.create({
      data: { name, googleEmail: `answers-${++people}@example.org`, language },
    });
    const page = await openPage(browser, app.url, { viewport });
    const token = await createSession(app.deps, user.id);
    await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: app.url, httpOnly: true }]);
    return { user, page };
  }

  const answersOf = async (user: User) =>
    Object.fromEntries(
      (await app.deps.prisma.registrationAnswer.findMany({ where: { eventId: camp.id, userId: user.id } })).map(
        (answer) => [answer.questionId, answer.value],
      ),
    );
  const statusOf = async (user: User) =>
    (
      await app.deps.prisma.attendance.findUnique({
        where: { eventId_userId: { eventId: camp.id, userId: user.id } },
      })
    )?.status;

  beforeAll(async () => {
    [app, browser] = await Promise.all([
      startTestApp(kind, {
        env: {
          DEMO_MODE: 'off',
          TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
          TELEGRAM_BOT_USERNAME: 'events_test_bot',
          // Not the default 30: the event form states what this organisation chose.
          SENSITIVE_ANSWERS_DAYS: '14',
        },
      }),
      launchBrowser(),
    ]);
    host = await app.deps.prisma.user.create({ data: { name: 'Camp Leader', isAdmin: true } });
    camp = await app.deps.prisma.event.create({
      data: {
        name: 'Summer Camp',
        description: 'Two nights under canvas by the lake.',
        location: 'Lakeside campsite',
        imageUrl: '/images/events/campfire.svg',
        date: futureDate(20),
        isPublic: true,
        creatorId: host.id,
      },
    });
    const question = (position: number, label: string, type: string, extra: object = {}) =>
      app.deps.prisma.registrationQuestion.create({
        data: { eventId: camp.id, position, label, kind: type, ...extra },
      });
    const made = await Promise.all([
      question(0, 'T-shirt size', 'single', { options: ['S', 'M', 'L'], required: true }),
      question(1, 'Allergies', 'long_text', { sensitive: true }),
      question(2, 'Shoe size', 'number'),
      question(3, 'Arrival day', 'date'),
      question(4, 'Activities', 'multi', { options: ['Canoe', 'Climbing', 'Campfire songs'] }),
      question(5, 'Can swim 25 m', 'checkbox'),
    ]);
    ids = {
      size: made[0].id,
      allergies: made[1].id,
      shoe: made[2].id,
      arrival: made[3].id,
      activities: made[4].id,
      swim: made[5].id,
    };
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const card = (page: Page) => page.getByRole('region', { name: 'Your RSVP' });

  it('When a member replies on a phone, then the questions are asked in place, a refused reply keeps what was typed, and the answers go with the reply', async () => {
    const { user, page } = await memberPage('Mia Member');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`/events/${camp.id}`);
    // Pressed as soon as it shows: the card first learns whether the event asks questions, then asks them before
    // anything is sent.
    await card(page).getByRole('button', { name: 'I Will Attend' }).click();
    const sheet = page.getByRole('dialog', { name: 'A few questions first' });
    await shows(sheet);
    expect(await sheet.getByRole('alert').count(), 'nothing is refused before the member answers').toBe(0);
    await shows(sheet.getByText('The organisers of “Summer Camp” ask these with each reply.'));
    // One input per kind; the required one is marked and the sensitive one says who reads it.
    await shows(sheet.getByRole('radiogroup', { name: 'T-shirt size' }));
    expect(await sheet.getByRole('radio', { name: 'M' }).count()).toBe(1);
    expect(await sheet.getByRole('radio', { name: 'No answer' }).count()).toBe(0);
    await shows(sheet.getByLabel('Allergies'));
    expect(await sheet.getByLabel('Shoe size').getAttribute('type')).toBe('number');
    expect(await sheet.getByLabel('Arrival day').getAttribute('type')).toBe('date');
    await shows(sheet.getByRole('checkbox', { name: 'Climbing' }));
    await shows(sheet.getByRole('checkbox', { name: 'Can swim 25 m' }));
    await shows(sheet.getByText('Only this event’s leaders see this answer.'));
    expect(
      await sheet.getByRole('radiogroup', { name: 'T-shirt size' }).getAttribute('aria-required'),
      'the required question is marked for screen readers too',
    ).toBe('true');
    await expectAccessible(page, 'questions sheet (phone, light)');
    await shot(page, 'phone-light-sheet');

    await sheet.getByLabel('Allergies').fill('Peanuts, and wasp stings');
    await sheet.getByLabel('Shoe size').fill('37');
    await sheet.getByRole('checkbox', { name: 'Canoe' }).check();

    // No connection: nothing is lost and the sheet says so.
    await page.route('**/api/events/*/attend', (route) => route.abort('internetdisconnected'));
    await sheet.getByRole('button', { name: 'I Will Attend' }).click();
    await shows(sheet.getByText('Your reply could not be sent. Your answers are still here'));
    await page.unroute('**/api/events/*/attend');
    expect(await sheet.getByLabel('Allergies').inputValue()).toBe('Peanuts, and wasp stings');

    // The server refuses: the size is required. The question is pointed at, everything typed stays.
    await sheet.getByRole('button', { name: 'I Will Attend' }).click();
    await shows(sheet.getByText('Please answer: T-shirt size'));
    const size = sheet.getByRole('radiogroup', { name: 'T-shirt size' });
    await shows(size.getByText('Please answer this question.'));
    expect(await size.getAttribute('aria-invalid')).toBe('true');
    expect(await sheet.getByLabel('Allergies').inputValue()).toBe('Peanuts, and wasp stings');
    expect(await sheet.getByLabel('Shoe size').inputValue()).toBe('37');
    expect(await sheet.getByRole('checkbox', { name: 'Canoe' }).isChecked()).toBe(true);
    expect(await statusOf(user)).toBeUndefined();
    await shot(page, 'phone-light-refused');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'phone-dark-refused');
    await page.emulateMedia({ colorScheme: 'light' });

    await size.getByRole('radio', { name: 'M' }).check();
    await sheet.getByRole('button', { name: 'I Will Attend' }).click();
    await expectToast(page, 'Attendance updated');
    await expect.poll(() => sheet.count()).toBe(0);
    expect(await statusOf(user)).toBe('attending');
    expect(await answersOf(user)).toEqual({
      [ids.size]: 'M',
      [ids.allergies]: 'Peanuts, and wasp stings',
      [ids.shoe]: 37,
      [ids.activities]: ['Canoe'],
      [ids.swim]: false,
    });

    // The member sees their answers on the event page, sensitive ones marked as the leaders' only.
    const yours = card(page).getByRole('region', { name: 'Your answers' });
    await shows(yours);
    await shows(yours.getByText('Peanuts, and wasp stings'));
    await shows(yours.getByText('Only the leaders see this'));
    expect(await yours.getByRole('definition').allTextContents()).toEqual([
      'M',
      'Peanuts, and wasp stings',
      '37',
      'Not answered',
      'Canoe',
      'No',
    ]);
    await yours.scrollIntoViewIfNeeded();
    await shot(page, 'phone-light-your-answers');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'phone-dark-your-answers');
    await page.emulateMedia({ colorScheme: 'light' });

    // Edit opens the same questions with the stored answers; a change is saved alone.
    await yours.getByRole('button', { name: 'Edit your answers' }).click();
    const edit = page.getByRole('dialog', { name: 'Your answers' });
    await shows(edit);
    expect(await edit.getByRole('radio', { name: 'M' }).isChecked()).toBe(true);
    expect(await edit.getByLabel('Allergies').inputValue()).toBe('Peanuts, and wasp stings');
    await edit.getByRole('radio', { name: 'L' }).check();
    await edit.getByLabel('Arrival day').fill(futureDate(20).toISOString().slice(0, 10));
    await edit.getByRole('button', { name: 'Save answers' }).click();
    await expectToast(page, 'Answers saved');
    await shows(yours.getByText('L', { exact: true }));
    expect(await answersOf(user)).toMatchObject({ [ids.size]: 'L', [ids.arrival]: expect.any(String) });
    expect(await statusOf(user)).toBe('attending');

    // Once RSVPs are closed the answers stay to read, with no Edit.
    await app.deps.prisma.event.update({
      where: { id: camp.id },
      data: { rsvpClosesAt: new Date(Date.now() - 60_000) },
    });
    await page.reload();
    await shows(card(page).getByRole('region', { name: 'Your answers' }).getByText('Peanuts, and wasp stings'));
    expect(await page.getByRole('button', { name: 'Edit your answers' }).count()).toBe(0);
    await app.deps.prisma.event.update({ where: { id: camp.id }, data: { rsvpClosesAt: null } });
    await page.context().close();
  });

  it('When a member says maybe on a desktop, then the questions open as a dialog, prefilled after a refusal, and go with the maybe', async () => {
    const { user, page } = await memberPage('Dev Desktop', SIZES.desktop);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`/events/${camp.id}`);
    await card(page).getByRole('button', { name: 'Maybe' }).click();
    const sheet = page.getByRole('dialog', { name: 'A few questions first' });
    await shows(sheet);
    await sheet.getByLabel('Allergies').fill('None');
    await sheet.getByRole('button', { name: 'Maybe' }).click();
    await shows(sheet.getByText('Please answer this question.'));
    await shot(page, 'desktop-dark-refused');
    // Closed and opened again: what was typed is still there.
    await sheet.getByRole('button', { name: 'Cancel' }).click();
    await card(page).getByRole('button', { name: 'Maybe' }).click();
    await shows(sheet);
    expect(await sheet.getByLabel('Allergies').inputValue()).toBe('None');
    await sheet.getByRole('radio', { name: 'S' }).check();
    await page.emulateMedia({ colorScheme: 'light' });
    await shot(page, 'desktop-light-sheet');
    await sheet.getByRole('button', { name: 'Maybe' }).click();
    await expectToast(page, 'Attendance updated');
    expect(await statusOf(user)).toBe('maybe');
    expect(await answersOf(user)).toMatchObject({ [ids.size]: 'S', [ids.allergies]: 'None' });
    await shows(card(page).getByRole('region', { name: 'Your answers' }));
    await shot(page, 'desktop-light-your-answers');
    await page.context().close();
  });

  it('When a member replies from the home page and the server asks for an answer, then the questions open there with it marked', async () => {
    const { user, page } = await memberPage('Hana Home', SIZES.desktop);
    await page.goto('/');
    await page.getByRole('button', { name: 'Reply to Summer Camp' }).first().click();
    await page.getByRole('menuitem', { name: 'Attending', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'A few questions first' });
    await shows(sheet);
    await shows(sheet.getByRole('radiogroup', { name: 'T-shirt size' }).getByText('Please answer this question.'));
    expect(await statusOf(user)).toBeUndefined();
    await sheet.getByRole('radio', { name: 'M' }).check();
    await sheet.getByRole('button', { name: 'Attending', exact: true }).click();
    await expectToast(page, 'RSVP updated');
    expect(await statusOf(user)).toBe('attending');
    expect(await answersOf(user)).toMatchObject({ [ids.size]: 'M' });
    await page.context().close();
  });

  it('When the page is in German or Arabic, then the sheet and the answers read in that language', async () => {
    for (const [language, title, required, refusal] of [
      ['de', 'Vorher ein paar Fragen', 'Bitte beantworte diese Frage.', 'Bitte beantworte: T-shirt size'],
      ['ar', 'بضعة أسئلة أولًا', 'يُرجى الإجابة عن هذا السؤال.', 'يرجى الإجابة عن: T-shirt size'],
    ] as const) {
      // A member who chose the language in their account: the server's refusal speaks it too.
      const { page } = await memberPage(`Lang ${language}`, SIZES.phone, language);
      await page.goto(`/events/${camp.id}`);
      // 'I Will Attend' in the page's language: the card's first choice.
      await page.locator('.rsvp-buttons button').first().click();
      const sheet = page.getByRole('dialog', { name: title });
      await shows(sheet);
      await sheet.locator('form button[type="submit"]').click();
      await shows(sheet.getByText(required));
      await shows(sheet.getByText(refusal));
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
      await shot(page, `phone-light-${language}`);
      await page.emulateMedia({ colorScheme: 'dark' });
      await shot(page, `phone-dark-${language}`);
      await page.context().close();
    }
  });

  it('When a member replies inside Telegram, then the MainButton opens the questions and then sends them', async () => {
    const page = await openPage(browser, app.url, { viewport: SIZES.phone });
    await page.addInitScript(installTelegram);
    const initData = signInitData(
      {
        user: JSON.stringify({ id: 778001, first_name: 'Tele', last_name: 'Gram' }),
        auth_date: String(Math.floor(Date.now() / 1000)),
        start_param: `event_${camp.id}`,
      },
      TEST_BOT_TOKEN,
    );
    await page.goto(`/${launchHash(initData, LIGHT_THEME)}`);
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/events/${camp.id}`);
    await expect
      .poll(async () => (await probe(page)).mainButton)
      .toMatchObject({ text: 'I Will Attend', is_visible: true });
    await fromTelegram(page, 'main_button_pressed');
    const sheet = page.getByRole('dialog', { name: 'A few questions first' });
    await shows(sheet);
    await sheet.getByRole('radio', { name: 'L' }).check();
    await shot(page, 'mini-app-sheet');
    // The MainButton now sends the sheet (the same words: the reply it makes).
    await expect
      .poll(async () => (await probe(page)).mainButton)
      .toMatchObject({ text: 'I Will Attend', is_visible: true });
    await fromTelegram(page, 'main_button_pressed');
    await expectToast(page, 'Attendance updated');
    const user = await app.deps.prisma.user.findFirstOrThrow({ where: { telegramId: '778001' } });
    expect(await statusOf(user)).toBe('attending');
    expect(await answersOf(user)).toMatchObject({ [ids.size]: 'L' });
    await expect.poll(async () => (await probe(page)).mainButton.is_visible).toBe(false);
    await page.context().close();
  });

  it('When an organiser adds a sensitive question, then the warning states the days the server keeps the answers', async () => {
    const { user, page } = await memberPage('Olga Organiser');
    await app.deps.prisma.user.update({ where: { id: user.id }, data: { isAdmin: true } });
    await page.goto('/events/create');
    const section = page.getByRole('group', { name: 'Registration questions' });
    await shows(
      section.getByText(
        'Answers to sensitive questions are seen only by this event’s leaders, every read is recorded, and they are deleted 14 days after the event.',
      ),
    );
    await page.context().close();
  });
});
