// The console stays clean on a cold load: a visitor and a member open the first pages as a phone would, the
// page's scripts and messages arriving at different speeds (a slow network lets the footer's language picker
// arrive after the first render), and no error is written to the console: no refused request the app could
// have known it would be refused, and no React error recovered from. A child whose parent has not consented
// is asked for the parent at once: the reply the server would refuse is not sent.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import { eventRow } from '../support/events';
import { startTestApp, type TestApp } from '../support/test-app';
import { futureDate, launchBrowser, openPage, settle } from './browser';

const PHONE = { width: 390, height: 844 };
/** Delays (ms) for the page's scripts and messages, load by load: none, then later and later arrivals. */
const DELAYS = [0, 60, 180];

describe('a clean console on a cold load', () => {
  let app: TestApp;
  let browser: Browser;
  let memberId: number;
  let eventId: number;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startTestApp('pglite'), launchBrowser()]);
    const { prisma } = app.deps;
    const admin = await prisma.user.create({ data: { name: 'Ada Admin', isAdmin: true, role: 'admin' } });
    memberId = (await prisma.user.create({ data: { name: 'Milo Member' } })).id;
    eventId = (
      await prisma.event.create({
        data: eventRow(admin.id, { name: 'Open Evening', isPublic: true, date: futureDate(3, 18) }),
      })
    ).id;
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  /**
   * Opens `path` cold as `userId` (or signed out) with the given delay on scripts, in the language `chosen` on the
   * device before if given; answers the console's errors and the refused requests.
   */
  async function coldLoad(path: string, userId: number | null, delay: number, chosen?: string): Promise<string[]> {
    const page: Page = await openPage(browser, app.url, { viewport: PHONE });
    // A language chosen on this device before, other than the one the browser asks the server for.
    if (chosen) await page.addInitScript((language) => localStorage.setItem('language', language), chosen);
    page.setDefaultTimeout(30_000);
    if (userId !== null) {
      const token = await createSession(app.deps, userId);
      await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: app.url }]);
    }
    if (delay) {
      await page.route('**/assets/**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, delay));
        await route.continue();
      });
    }
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${path}: ${message.text()}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400) errors.push(`${path}: ${response.status()} ${new URL(response.url()).pathname}`);
    });
    page.on('pageerror', (error) => errors.push(`${path}: ${error.message}`));
    await page.goto(path);
    await settle(page);
    await page.context().close();
    return errors;
  }

  it('When a visitor opens home, the list and a public event cold, then the console shows no error', async () => {
    const errors: string[] = [];
    for (const delay of DELAYS) {
      for (const path of ['/', '/events', `/events/${eventId}`]) errors.push(...(await coldLoad(path, null, delay)));
      errors.push(...(await coldLoad('/', null, delay, 'de')));
    }
    expect(errors).toEqual([]);
  }, 120_000);

  it('When a member opens home, the list and an event cold, then the console shows no error', async () => {
    const errors: string[] = [];
    for (const delay of DELAYS) {
      for (const path of ['/', '/events', `/events/${eventId}`, '/settings']) {
        errors.push(...(await coldLoad(path, memberId, delay)));
      }
    }
    expect(errors).toEqual([]);
  }, 120_000);

  it('When a child whose parent has not consented presses I Will Attend, then the parent step opens and nothing is refused', async () => {
    const birth = new Date();
    birth.setUTCFullYear(birth.getUTCFullYear() - 12);
    const child = await app.deps.prisma.user.create({ data: { name: 'Robin Young', birthDate: birth } });
    const page = await openPage(browser, app.url, { viewport: PHONE });
    const token = await createSession(app.deps, child.id);
    await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: app.url }]);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('response', (response) => {
      if (response.status() >= 400) errors.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
    await page.goto(`/events/${eventId}`);
    await settle(page);
    await page.getByRole('button', { name: 'I Will Attend' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Ask a parent or guardian' }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    expect(await app.deps.prisma.attendance.count({ where: { userId: child.id } })).toBe(0);
    await page.context().close();
  });
});
