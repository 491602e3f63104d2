// The event form's "Registration questions": the organiser adds questions, reorders them, marks one required and
// one sensitive (with the plain warning of what that means), and they are saved with the event; an edit shows
// them again and keeps their ids; a choice question without choices is refused in the form. On a phone and a
// desktop, light and dark, and in Arabic (right to left); screenshots in test-artifacts/web/event-questions/.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR } from '../support/env';
import { startTestApp, type TestApp } from '../support/test-app';
import {
  WEB_DATABASE_KINDS,
  expectAccessible,
  expectToast,
  futureDate,
  launchBrowser,
  openPage,
  settle,
  shows,
  signInWithDemo,
} from './browser';

const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } } as const;
const SHOTS = path.join(ARTIFACTS_DIR, 'web', 'event-questions');

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  const section = page.getByRole('group', { name: /Registration questions|أسئلة التسجيل/ });
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), animations: 'disabled' });
}

describe.each(WEB_DATABASE_KINDS)('registration questions in the event form on %s', (kind) => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startTestApp(kind, { env: { DEMO_MODE: 'on' } }), launchBrowser()]);
    page = await openPage(browser, app.url, { viewport: SIZES.phone });
    await signInWithDemo(page, 'Demo Admin');
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function fillEvent(name: string) {
    await page.getByLabel('Event Name', { exact: true }).fill(name);
    await page.getByLabel('Description', { exact: true }).fill('Two nights under canvas by the lake.');
    await page.getByLabel('Date and Time', { exact: true }).fill(futureDate(30).toISOString().slice(0, 16));
    await page.getByLabel('Location', { exact: true }).fill('Lakeside camp');
  }

  it('When the organiser adds, reorders and marks questions on a phone, then they are saved with the event in that order', async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/events/create');
    await shows(page.getByRole('heading', { name: 'Create New Event' }));
    await fillEvent('Summer camp');
    const section = page.getByRole('group', { name: 'Registration questions' });
    await section.getByRole('button', { name: 'Add a question' }).click();
    await section.getByLabel('Question 1', { exact: true }).fill('Allergies');
    await section.getByLabel('Answer type').first().selectOption('long_text');
    await section.getByRole('checkbox', { name: 'Sensitive (health, medication)' }).first().check();
    await section.getByRole('button', { name: 'Add a question' }).click();
    await section.getByLabel('Question 2', { exact: true }).fill('T-shirt size');
    await section.getByLabel('Answer type').nth(1).selectOption('single');
    await section.getByLabel('Choices, one per line').fill('S\nM\nL');
    await section.getByRole('checkbox', { name: 'Required' }).nth(1).check();
    await section.getByRole('button', { name: 'Move “T-shirt size” up' }).click();
    expect(await section.getByLabel('Question 1', { exact: true }).inputValue()).toBe('T-shirt size');
    // The warning says, in plain words, who sees sensitive answers, that reads are recorded and when they go.
    await shows(
      section.getByText(
        'Answers to sensitive questions are seen only by this event’s leaders, every read is recorded, and they are deleted 30 days after the event.',
      ),
    );
    await settle(page);
    await expectAccessible(page, 'questions section (phone, light)');
    await shot(page, 'phone-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'phone-dark');
    await page.setViewportSize(SIZES.desktop);
    await shot(page, 'desktop-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await shot(page, 'desktop-light');
    await page.setViewportSize(SIZES.phone);

    await page.getByRole('button', { name: 'Create Event' }).click();
    await expectToast(page, 'Event created');
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/events\/\d+$/);
    const eventId = Number(new URL(page.url()).pathname.split('/').pop());
    const saved = await app.deps.prisma.registrationQuestion.findMany({
      where: { eventId },
      orderBy: { position: 'asc' },
    });
    expect(
      saved.map(({ label, kind: type, options, required, sensitive }) => ({
        label,
        type,
        options,
        required,
        sensitive,
      })),
    ).toEqual([
      { label: 'T-shirt size', type: 'single', options: ['S', 'M', 'L'], required: true, sensitive: false },
      { label: 'Allergies', type: 'long_text', options: null, required: false, sensitive: true },
    ]);

    // The edit form shows them again; a relabelled question keeps its id, a removed one goes.
    await page.goto(`/events/${eventId}/edit`);
    const editSection = page.getByRole('group', { name: 'Registration questions' });
    await shows(editSection.getByLabel('Question 1', { exact: true }));
    expect(await editSection.getByLabel('Question 1', { exact: true }).inputValue()).toBe('T-shirt size');
    await shows(editSection.getByText('Removing a question deletes its answers when the event is saved.'));
    await editSection.getByLabel('Question 1', { exact: true }).fill('Shirt size');
    await editSection.getByRole('button', { name: 'Remove “Allergies”' }).click();
    await page.getByRole('button', { name: 'Update Event' }).click();
    await expectToast(page, 'Event updated');
    const after = await app.deps.prisma.registrationQuestion.findMany({ where: { eventId } });
    expect(after.map((question) => [question.id, question.label])).toEqual([[saved[0]!.id, 'Shirt size']]);
  });

  it('When a choice question has no choices, then the form says so and saves nothing', async () => {
    await page.goto('/events/create');
    await fillEvent('Choice without choices');
    const section = page.getByRole('group', { name: 'Registration questions' });
    await section.getByRole('button', { name: 'Add a question' }).click();
    await section.getByLabel('Question 1', { exact: true }).fill('Size');
    await section.getByLabel('Answer type').selectOption('multi');
    await page.getByRole('button', { name: 'Create Event' }).click();
    await shows(section.getByRole('alert'));
    expect(new URL(page.url()).pathname).toBe('/events/create');
    expect(await app.deps.prisma.event.count({ where: { name: 'Choice without choices' } })).toBe(0);
  });

  it('When the form is in Arabic, then the questions section reads right to left in Arabic', async () => {
    const arabic = await openPage(browser, app.url, { viewport: SIZES.phone });
    await signInWithDemo(arabic, 'Demo Admin');
    await arabic.evaluate(() => localStorage.setItem('language', 'ar'));
    await arabic.goto('/events/create');
    const section = arabic.getByRole('group', { name: 'أسئلة التسجيل' });
    await shows(section);
    await section.getByRole('button', { name: 'إضافة سؤال' }).click();
    await section.getByRole('checkbox', { name: 'حساس (الصحة، الأدوية)' }).check();
    expect(await arabic.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await settle(arabic);
    await shot(arabic, 'phone-arabic');
    await arabic.close();
  });
});
