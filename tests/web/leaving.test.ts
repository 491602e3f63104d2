// A member leaving in a real browser: Settings downloads their data as a file, then deletes the account after
// one confirmation; the app goes home signed out, and their comment stays under "Deleted member".
import type { Event, User } from '@prisma/client';
import { mkdirSync, readFileSync } from 'node:fs';
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
  futureDate,
  launchBrowser,
  openPage,
  settle,
  shows,
} from './browser';
import { SIZES } from './layout-kit';

describe.each(WEB_DATABASE_KINDS)('leaving with your data in the web app on %s', (kind) => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let member: User;
  let event: Event;

  beforeAll(async () => {
    // Open membership: the member acts at once, without waiting for approval.
    [app, browser] = await Promise.all([startTestApp(kind, { env: { MEMBERSHIP_MODE: 'open' } }), launchBrowser()]);
    const host = await app.deps.prisma.user.create({ data: { name: 'Event Host', isAdmin: true } });
    member = await app.deps.prisma.user.create({
      data: { name: 'Juniper Leaving', phoneNumber: '+4915100000042', telegramUsername: 'juniper_leaves' },
    });
    event = await app.deps.prisma.event.create({
      data: {
        name: 'Lantern Walk',
        description: 'An evening walk with lanterns.',
        location: 'Park gate',
        imageUrl: '/images/events/hike.svg',
        date: futureDate(3),
        isPublic: true,
        creatorId: host.id,
      },
    });
    await app.deps.prisma.comment.create({
      data: { eventId: event.id, userId: member.id, content: 'I will bring spare lanterns' },
    });
    page = await openPage(browser, app.url);
    await signInAs(page, member);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function signInAs(target: Page, user: User) {
    const token = await createSession(app.deps, user.id);
    await target.context().clearCookies();
    await target.context().addCookies([{ name: SESSION_COOKIE, value: token, url: app.url }]);
  }

  /** A screenshot at each of the layout tests' sizes, with axe on the screen as it is. */
  async function screenshots(name: string) {
    const dir = path.join(ARTIFACTS_DIR, 'web', 'leaving');
    mkdirSync(dir, { recursive: true });
    for (const [label, size] of Object.entries(SIZES)) {
      await page.setViewportSize(size);
      await settle(page);
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth, `${name} scrolls sideways at ${label} size`).toBeLessThanOrEqual(innerWidth);
      await expectAccessible(page, `${name} (${label})`);
      // What the member sees: the Your data card (scrolled to) or the dialog over it, not the whole long page.
      // With the dialog up the page behind it does not scroll; the button that opened it is in view already.
      if (!(await page.getByRole('alertdialog').count()))
        await page.locator('#your-data-title').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(dir, `${name}-${label}.png`), animations: 'disabled' });
    }
  }

  it('When the member downloads their data, then a JSON file with their profile and comments is saved', async () => {
    await page.goto('/settings');
    const button = page.getByRole('button', { name: 'Download my data' });
    await shows(button);
    await button.scrollIntoViewIfNeeded();
    await screenshots('settings-your-data');
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe('my-data.json');
    // The browser runs apart from the test (a shared Chromium), so the file is copied over to be read.
    const saved = path.join(ARTIFACTS_DIR, 'web', 'leaving', 'my-data.json');
    await download.saveAs(saved);
    const data = JSON.parse(readFileSync(saved, 'utf8'));
    expect(data.profile).toMatchObject({ id: member.id, name: 'Juniper Leaving', phoneNumber: '+4915100000042' });
    expect(data.comments).toEqual([expect.objectContaining({ content: 'I will bring spare lanterns' })]);
    expect(data.notificationPreferences).toEqual([]);
  });

  it('When the member confirms deleting their account, then the app goes home signed out and their comment shows "Deleted member"', async () => {
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await shows(dialog);
    expect(await dialog.textContent()).toContain('This cannot be undone.');
    await screenshots('delete-account-dialog');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();

    await expectToast(page, 'Your account has been deleted', 'You have been signed out.');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await shows(page.getByRole('button', { name: 'Login Now' }));
    await page.goto('/settings');
    await shows(page.getByText('Access Restricted').first());

    const reader = await app.deps.prisma.user.create({ data: { name: 'Curious Reader' } });
    await signInAs(page, reader);
    await page.goto(`/events/${event.id}`);
    const comment = page.locator('li, article').filter({ hasText: 'I will bring spare lanterns' }).last();
    await shows(comment);
    expect(await comment.textContent()).toContain('Deleted member');
    expect(await page.content()).not.toContain('Juniper Leaving');

    // A reader who speaks German reads it in German.
    const german = await app.deps.prisma.user.create({ data: { name: 'Neugierige Leserin', language: 'de' } });
    await signInAs(page, german);
    await page.goto(`/events/${event.id}`);
    const same = page.locator('li, article').filter({ hasText: 'I will bring spare lanterns' }).last();
    await shows(same);
    expect(await same.textContent()).toContain('Gelöschtes Mitglied');
  });
});
