// Registration answers in Chromium: an event's organiser reads everyone's answers (a table on a desktop, one card
// per person on a phone, sensitive questions marked with the note that reading them is recorded, the CSV with
// sensitive answers only when ticked), duplicates the event with its questions (none of the answers), and a
// guardian on the family home answers the questions for a child when replying going, then changes them. Screenshots
// at 390×844 and 1366×900, light and dark, in English, German and Arabic: test-artifacts/web/trip-answers/.
import type { User } from '@prisma/client';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import { ARTIFACTS_DIR } from '../support/env';
import { createFamily } from '../support/family';
import { startTestApp, type TestApp } from '../support/test-app';
import { expectAccessible, expectToast, futureDate, launchBrowser, openPage, settle, shows } from './browser';
import { SCHEMES, SIZES } from './layout-kit';

const DIR = path.join(ARTIFACTS_DIR, 'web', 'trip-answers');
const CHILD_BIRTH = new Date(Date.UTC(new Date().getUTCFullYear() - 11, 4, 1));
const ADULT_BIRTH = new Date('1984-02-10T00:00:00.000Z');

/** A picture at each size in each scheme, no sideways scrolling, axe on the phone in light. */
async function screens(page: Page, name: string, scrollTo?: string) {
  mkdirSync(DIR, { recursive: true });
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [label, size] of Object.entries(SIZES)) {
      await page.setViewportSize(size);
      if (scrollTo) await page.locator(scrollTo).evaluate((element) => element.scrollIntoView({ block: 'start' }));
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

describe('registration answers in the browser', { timeout: 300_000 }, () => {
  let app: TestApp;
  let browser: Browser;
  let organiser: User;
  let eventId: number;
  let size: number;
  let allergies: number;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startTestApp('pglite'), launchBrowser()]);
    const { prisma } = app.deps;
    organiser = await prisma.user.create({
      data: { name: 'Olive Organiser', role: 'organiser', birthDate: ADULT_BIRTH },
    });
    const event = await prisma.event.create({
      data: {
        name: 'Lake camp',
        description: 'Two nights under canvas',
        location: 'Lakeside',
        date: futureDate(12),
        imageUrl: '/images/events/hike.svg',
        isPublic: true,
        creatorId: organiser.id,
      },
    });
    eventId = event.id;
    const [q1, q2, q3] = await Promise.all([
      prisma.registrationQuestion.create({
        data: { eventId, position: 0, label: 'T-shirt size', kind: 'single', options: ['S', 'M', 'L'], required: true },
      }),
      prisma.registrationQuestion.create({
        data: { eventId, position: 1, label: 'Allergies or medication', kind: 'long_text', sensitive: true },
      }),
      prisma.registrationQuestion.create({
        data: { eventId, position: 2, label: 'Can swim 25 m', kind: 'checkbox' },
      }),
    ]);
    size = q1.id;
    allergies = q2.id;
    const people: Array<[string, Record<number, unknown>]> = [
      ['Ada Lovelace', { [q1.id]: 'M', [q2.id]: 'Peanuts: carries an EpiPen', [q3.id]: true }],
      ['Björn Åkesson', { [q1.id]: 'L', [q3.id]: false }],
      ['Layla Haddad', { [q1.id]: 'S', [q2.id]: 'Asthma inhaler', [q3.id]: true }],
    ];
    for (const [name, answers] of people) {
      const user = await prisma.user.create({ data: { name, birthDate: ADULT_BIRTH } });
      await prisma.attendance.create({ data: { eventId, userId: user.id, status: 'attending' } });
      for (const [questionId, value] of Object.entries(answers)) {
        await prisma.registrationAnswer.create({
          data: { eventId, questionId: Number(questionId), userId: user.id, value: value as never },
        });
      }
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

  it('When the organiser opens the event, then the Answers card shows a table on a desktop and cards on a phone, marks sensitive questions and offers their CSV only when ticked', async () => {
    const page = await signedIn(organiser);
    await page.setViewportSize(SIZES.desktop);
    await page.goto(`/events/${eventId}`);
    const card = page.getByRole('region', { name: 'Answers' });
    await shows(card);
    const table = card.getByRole('table');
    await shows(table);
    await shows(table.getByRole('columnheader', { name: /Allergies or medication\s*Sensitive/ }));
    await shows(table.getByRole('row', { name: /Ada Lovelace.*M.*Peanuts: carries an EpiPen.*Yes/ }));
    await shows(table.getByRole('row', { name: /Björn Åkesson.*L.*No answer.*No/ }));
    await shows(card.getByText('Each time you open them it is recorded in the audit log', { exact: false }));
    // Reading them was recorded, with how many and never what they said.
    await expect
      .poll(() =>
        app.deps.prisma.auditEntry.count({ where: { action: 'answers.sensitive_viewed', actorId: organiser.id } }),
      )
      .toBeGreaterThan(0);

    const download = card.getByRole('link', { name: 'Download CSV' });
    expect(await download.getAttribute('href')).toBe(`/api/events/${eventId}/attendees.csv`);
    await card.getByRole('checkbox', { name: 'Include sensitive answers' }).check();
    expect(await download.getAttribute('href')).toBe(`/api/events/${eventId}/attendees.csv?sensitive=true`);

    // A phone: one card per person, the table hidden.
    await page.setViewportSize(SIZES.phone);
    expect(await table.isVisible()).toBe(false);
    const person = card.getByRole('listitem').filter({ hasText: 'Layla Haddad' });
    await shows(person);
    await shows(person.getByText('Asthma inhaler'));

    // The Manage sheet leads to it.
    await page.getByRole('button', { name: 'Manage' }).click();
    await page
      .getByRole('dialog', { name: 'Manage event' })
      .getByRole('button', { name: /^Answers/ })
      .click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('answers-title');

    for (const language of ['en', 'de', 'ar']) {
      const shotPage = language === 'en' ? page : await signedIn(organiser, language);
      if (language !== 'en') {
        await shotPage.goto(`/events/${eventId}`);
        await shows(shotPage.locator('#answers-title'));
      }
      await screens(shotPage, `answers-${language}`, '#answers-title');
      if (language !== 'en') await shotPage.close();
    }
    await page.close();
  });

  it('When the organiser duplicates the event, then the new event has the same questions as new ones and none of the answers', async () => {
    const page = await signedIn(organiser);
    await page.goto(`/events/create?from=${eventId}`);
    const section = page.getByRole('group', { name: 'Registration questions' });
    await shows(section);
    expect(await section.getByLabel('Question 1', { exact: true }).inputValue()).toBe('T-shirt size');
    expect(await section.getByLabel('Question 2', { exact: true }).inputValue()).toBe('Allergies or medication');
    await page.getByLabel('Date and Time', { exact: true }).fill(futureDate(40).toISOString().slice(0, 16));
    await page.getByRole('button', { name: 'Create Event' }).click();
    await expectToast(page, 'Event created');
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/events\/\d+$/);
    const copyId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(copyId).not.toBe(eventId);
    const { prisma } = app.deps;
    const copied = await prisma.registrationQuestion.findMany({
      where: { eventId: copyId },
      orderBy: { position: 'asc' },
    });
    expect(
      copied.map(({ label, kind, options, required, sensitive }) => ({ label, kind, options, required, sensitive })),
    ).toEqual([
      { label: 'T-shirt size', kind: 'single', options: ['S', 'M', 'L'], required: true, sensitive: false },
      { label: 'Allergies or medication', kind: 'long_text', options: null, required: false, sensitive: true },
      { label: 'Can swim 25 m', kind: 'checkbox', options: null, required: false, sensitive: false },
    ]);
    expect(copied.map((question) => question.id)).not.toContain(size);
    expect(await prisma.registrationAnswer.count({ where: { eventId: copyId } })).toBe(0);
    // The original keeps its own.
    expect(await prisma.registrationQuestion.count({ where: { eventId } })).toBe(3);
    await page.close();
  });

  it('When a guardian replies going for a child to an event with questions, then a sheet asks them first, the reply carries the answers, and the guardian can change them later', async () => {
    const { prisma } = app.deps;
    const {
      guardian,
      children: [child],
    } = await createFamily(prisma, {
      guardian: { name: 'Pat Parent' },
      children: [{ name: 'Robin Young' }],
      childBirth: CHILD_BIRTH,
    });

    const page = await signedIn(guardian);
    await page.goto('/guardian');
    // The original (soonest) Lake camp, not the copy made above.
    const row = page.getByRole('listitem').filter({ hasText: 'Lake camp' }).first();
    await shows(row);
    await row.getByRole('button', { name: 'Robin is going to Lake camp' }).click();
    const sheet = page.getByRole('dialog', { name: 'Questions for Robin' });
    await shows(sheet);
    await shows(sheet.getByText('Sensitive: only the event’s leaders read it', { exact: false }));
    // A required question left empty is named in the sheet; nothing is sent.
    await sheet.getByRole('button', { name: 'Send: Robin is going' }).click();
    await shows(sheet.getByText('Please answer this question.'));
    await shows(sheet.getByText('Please answer: T-shirt size'));
    await sheet.getByRole('radio', { name: 'S', exact: true }).check();
    // The next change answers the refusal: neither its sentence nor the question's mark stays on screen.
    await expect.poll(() => sheet.getByText('Please answer: T-shirt size').count()).toBe(0);
    expect(await sheet.getByText('Please answer this question.').count()).toBe(0);
    await sheet.getByLabel('Allergies or medication').fill('Hay fever');
    await sheet.getByRole('checkbox', { name: 'Can swim 25 m' }).check();
    await screens(page, 'guardian-sheet-en');
    await sheet.getByRole('button', { name: 'Send: Robin is going' }).click();
    await expectToast(page, 'Reply saved', 'Robin is going to Lake camp.');
    expect(await prisma.attendance.findFirst({ where: { eventId, userId: child.id } })).toMatchObject({
      status: 'attending',
    });
    const stored = await prisma.registrationAnswer.findMany({ where: { eventId, userId: child.id } });
    expect(Object.fromEntries(stored.map((answer) => [answer.questionId, answer.value]))).toMatchObject({
      [size]: 'S',
      [allergies]: 'Hay fever',
    });

    // Later: the answers, filled in, changed and saved with forUserId.
    const answersButton = row.getByRole('button', { name: 'Robin’s answers for Lake camp' });
    await shows(answersButton);
    await answersButton.click();
    const edit = page.getByRole('dialog', { name: 'Questions for Robin' });
    await shows(edit);
    expect(await edit.getByLabel('Allergies or medication').inputValue()).toBe('Hay fever');
    await edit.getByLabel('Allergies or medication').fill('Hay fever, pollen');
    await edit.getByRole('button', { name: 'Save answers' }).click();
    await expectToast(page, 'Answers saved');
    await expect
      .poll(
        async () =>
          (await prisma.registrationAnswer.findFirst({ where: { questionId: allergies, userId: child.id } }))?.value,
      )
      .toBe('Hay fever, pollen');
    await page.close();

    for (const language of ['de', 'ar']) {
      const other = await signedIn(guardian, language);
      await other.goto('/guardian');
      const otherRow = other.getByRole('listitem').filter({ hasText: 'Lake camp' }).first();
      await shows(otherRow);
      await otherRow.locator('button', { has: other.locator('svg.lucide-clipboard-list') }).click();
      await shows(other.getByRole('dialog'));
      await screens(other, `guardian-sheet-${language}`);
      await other.close();
    }
  });

  it('When a child has more than twenty upcoming events, then the family home shows twenty and Show more brings the rest', async () => {
    const { prisma } = app.deps;
    const { guardian } = await createFamily(prisma, {
      guardian: { name: 'Kim Many' },
      children: [{ name: 'Sam Many' }],
      childBirth: CHILD_BIRTH,
    });
    const visible = await prisma.event.count({ where: { isPublic: true, date: { gte: new Date() } } });
    for (let day = 0; day < 22 - visible; day++) {
      await prisma.event.create({
        data: {
          name: `Club night ${day + 1}`,
          description: 'Games',
          location: 'Hall',
          date: futureDate(50 + day),
          imageUrl: '/images/events/hike.svg',
          isPublic: true,
          creatorId: organiser.id,
        },
      });
    }
    const total = await prisma.event.count({ where: { isPublic: true, date: { gte: new Date() } } });
    const page = await signedIn(guardian);
    await page.goto('/guardian');
    const list = page.getByRole('article', { name: 'Sam Many' }).getByRole('list').first();
    await shows(list);
    await expect.poll(() => list.getByRole('listitem').count()).toBe(20);
    await page.getByRole('button', { name: 'Show more events for Sam' }).click();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(total);
    expect(await page.getByRole('button', { name: 'Show more events for Sam' }).count()).toBe(0);
    await page.close();
  });
});
