// An admin sees who has lapsed in Members and records a leader's check from the member's row; an event's
// organiser sees "Two cleared leaders needed — 1 assigned" while minors attend with too few cleared leaders.
// Screenshots on a phone and a desktop, light and dark, in English, German and Arabic (test-artifacts/web/leader-checks).
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
  futureDate,
  launchBrowser,
  newTestContext,
  settle,
  shows,
} from './browser';
import { SCHEMES, SIZES } from './layout-kit';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe.each(WEB_DATABASE_KINDS)('leader checks in the web app on %s', (kind) => {
  let app: TestApp;
  let browser: Browser;
  let admin: User;
  let lapsed: User;
  let fresh: User;
  let eventId: number;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startTestApp(kind), launchBrowser()]);
    const { prisma } = app.deps;
    admin = await prisma.user.create({ data: { name: 'Alex Admin', isAdmin: true, role: 'admin' } });
    lapsed = await prisma.user.create({ data: { name: 'Lee Lapsed', birthDate: new Date('1988-01-01') } });
    fresh = await prisma.user.create({ data: { name: 'Fran Fresh', birthDate: new Date('1990-01-01') } });
    const cleared = await prisma.user.create({ data: { name: 'Cleo Cleared', birthDate: new Date('1985-01-01') } });
    const check = (userId: number, kindName: string, expiresOn: string) => ({
      userId,
      kind: kindName,
      completedOn: new Date('2020-01-01'),
      expiresOn: new Date(expiresOn),
    });
    await prisma.leaderCheck.createMany({
      data: [
        check(lapsed.id, 'background_check', day(-3)),
        check(lapsed.id, 'safeguarding_training', day(300)),
        check(cleared.id, 'background_check', day(200)),
        check(cleared.id, 'safeguarding_training', day(400)),
      ],
    });
    const event = await prisma.event.create({
      data: {
        name: 'Cub camp',
        description: 'Two nights under canvas.',
        location: 'Scout hut',
        imageUrl: '/images/events/campfire.svg',
        date: futureDate(5),
        isPublic: true,
        creatorId: admin.id,
      },
    });
    eventId = event.id;
    await prisma.eventLeader.create({ data: { eventId, userId: cleared.id } });
    for (let index = 0; index < 3; index += 1) {
      const kid = await prisma.user.create({ data: { name: `Kid ${index}`, birthDate: new Date('2018-04-05') } });
      await prisma.attendance.create({ data: { eventId, userId: kid.id, status: 'attending' } });
    }
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function pageFor(options: { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark' }) {
    const context = await newTestContext(browser, { baseURL: app.url, ...options });
    await context.addCookies([{ name: SESSION_COOKIE, value: await createSession(app.deps, admin.id), url: app.url }]);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    return page;
  }

  async function screenshot(target: Page, name: string) {
    const dir = path.join(ARTIFACTS_DIR, 'web', 'leader-checks');
    mkdirSync(dir, { recursive: true });
    await target.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true, animations: 'disabled' });
  }

  it('When an admin opens Members, then a lapsed leader shows Lapsed, and a check added from the row clears a member', async () => {
    const page = await pageFor({ viewport: SIZES.phone });
    await page.goto('/admin/settings?tab=members');
    await shows(page.getByRole('listitem', { name: 'Lee Lapsed' }).getByText('Lapsed', { exact: true }));
    await shows(page.getByRole('listitem', { name: 'Cleo Cleared' }).getByText(/^Leader until/));

    const row = page.getByRole('listitem', { name: 'Fran Fresh' });
    await row.getByRole('button', { name: 'Leader checks of Fran Fresh' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fran Fresh: leader checks' });
    await shows(dialog.getByText('No checks recorded yet.'));
    await dialog.getByLabel('Reference (optional)').fill('DBS-0042');
    await dialog.getByLabel('Completed on').fill(day(-10));
    await dialog.getByLabel('Valid until').fill(day(-20));
    await dialog.getByRole('button', { name: 'Add check' }).click();
    await shows(dialog.getByText('Enter both dates; the check must run out after the day it was completed.'));
    await dialog.getByLabel('Valid until').fill(day(700));
    await dialog.getByRole('button', { name: 'Add check' }).click();
    await expectToast(page, 'Check recorded for Fran Fresh');
    await shows(dialog.getByRole('listitem').getByText('Background check'));
    await settle(page);
    await expectAccessible(page, 'leader checks dialog');
    await screenshot(page, 'dialog-phone-light');
    const saved = await app.deps.prisma.leaderCheck.findMany({ where: { userId: fresh.id } });
    expect(saved.map((entry) => [entry.kind, entry.reference])).toEqual([['background_check', 'DBS-0042']]);

    await dialog.getByRole('button', { name: 'Remove Background check' }).click();
    await shows(dialog.getByText('No checks recorded yet.'));
    expect(await app.deps.prisma.leaderCheck.count({ where: { userId: fresh.id } })).toBe(0);
    await page.context().close();
  });

  it('When the organiser opens an event with minors and one cleared leader, then the page warns that two are needed', async () => {
    for (const language of ['en', 'de', 'ar'] as const) {
      await app.deps.prisma.user.update({ where: { id: admin.id }, data: { language } });
      for (const scheme of language === 'en' ? SCHEMES : (['light'] as const)) {
        for (const [size, viewport] of Object.entries(SIZES)) {
          if (language !== 'en' && size === 'desktop') continue;
          const page = await pageFor({ viewport, colorScheme: scheme });
          await page.goto(`/events/${eventId}`);
          const warning = page.getByTestId('leaders-warning');
          await shows(warning);
          // On the event page the warning also offers the leaders picker.
          if (language === 'en') {
            expect(await warning.textContent()).toBe('Two cleared leaders needed — 1 assigned Choose leaders');
            await shows(warning.getByRole('button', { name: 'Choose leaders' }));
          }
          await settle(page);
          const { scrollWidth, innerWidth } = await page.evaluate(() => ({
            scrollWidth: document.documentElement.scrollWidth,
            innerWidth: window.innerWidth,
          }));
          expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
          await screenshot(page, `event-${language}-${size}-${scheme}`);
          if (language === 'en' && size === 'phone') {
            await page.goto('/admin/settings?tab=members');
            await shows(page.getByText('Lapsed', { exact: true }));
            await settle(page);
            await screenshot(page, `members-${size}-${scheme}`);
          }
          await page.context().close();
        }
      }
    }
    await app.deps.prisma.user.update({ where: { id: admin.id }, data: { language: null } });
  }, 150_000);
});
