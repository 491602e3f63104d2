// A leader's phone: "Needs you" on the home opens the lists that wait, the admin tabs carry the same counts in one
// row, and suspending, changing a role and deleting ask first (with a reason for the audit log), can be undone for
// a few seconds (deleting asks for the name instead), and are off on the admin's own row. Screenshots in English,
// German and Arabic, light and dark, at 390×844 and 1366×900 under test-artifacts/web/leader-needs.
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
  openPage,
  settle,
  shows,
} from './browser';
import { SCHEMES, SIZES } from './layout-kit';

describe.each(WEB_DATABASE_KINDS)('a leader’s needs and member changes on %s', (kind) => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let admin: User;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startTestApp(kind), launchBrowser()]);
    const prisma = app.deps.prisma;
    admin = await prisma.user.create({ data: { name: 'Alex Admin', isAdmin: true, role: 'admin' } });
    // The organisation is set up already: the first-run card stays away.
    await prisma.organisationSettings.create({
      data: {
        membershipMode: 'approval',
        consentAge: 16,
        requireBirthDate: false,
        defaultLanguage: 'en',
        timeZone: 'UTC',
      },
    });
    await prisma.user.createMany({
      data: [
        { name: 'Pia Pending', status: 'pending' },
        { name: 'Pete Pending', status: 'pending' },
        { name: 'Sam Suspendme' },
        { name: 'Rory Rolechange' },
        { name: 'Dana Deleteme' },
      ],
    });
    const author = await prisma.user.create({ data: { name: 'Rowan Rude' } });
    const event = await prisma.event.create({
      data: {
        name: 'Forest Camp',
        description: 'Two nights in the forest.',
        location: 'Scout hut',
        imageUrl: '/images/events/campfire.svg',
        date: futureDate(5),
        creatorId: admin.id,
      },
    });
    const comment = await prisma.comment.create({ data: { eventId: event.id, userId: author.id, content: 'Go away' } });
    await prisma.commentReport.create({ data: { commentId: comment.id, reporterId: admin.id, reason: 'Unkind' } });
    page = await openPage(browser, app.url, { viewport: SIZES.phone });
    // Two cores shared with other runs: a page may take longer than the usual ten seconds to answer.
    page.setDefaultTimeout(30_000);
    await signInAs(page, admin);
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

  const lastAudit = async (action: string) =>
    (await app.deps.prisma.auditEntry.findMany({ where: { action }, orderBy: { id: 'desc' }, take: 1 }))[0];
  const member = (name: string) => app.deps.prisma.user.findFirst({ where: { name } });

  it('When members and a report wait, then the admin’s home shows each count and a count opens its list', async () => {
    await page.goto('/');
    const needs = page.getByRole('region', { name: 'Needs you' });
    await shows(needs.getByRole('link', { name: '2 members waiting for approval' }));
    await shows(needs.getByRole('link', { name: '1 reported comment to review' }));
    // Nothing waits there: no line for consents or slips.
    expect(await needs.getByRole('link').count()).toBe(2);
    await expectAccessible(page, 'home with needs');

    await needs.getByRole('link', { name: '2 members waiting for approval' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?tab=members&show=pending');
    await shows(page.getByRole('button', { name: /^Pending/, pressed: true }));
    const list = page.getByRole('list', { name: 'Members' });
    await shows(list.getByRole('listitem', { name: 'Pia Pending' }));
    await shows(list.getByRole('listitem', { name: 'Pete Pending' }));
    expect(await list.getByRole('listitem').count()).toBe(2);

    // The tabs carry the same counts.
    await shows(page.getByRole('tab', { name: 'Members 2 waiting' }));
    await shows(page.getByRole('tab', { name: 'Reports 1 waiting' }));
    await page.getByRole('tab', { name: /^Reports/ }).click();
    await shows(page.getByText('Unkind'));
  });

  it('When a member suspends with a reason and presses Undo, then the reason is audited and the member is active again', async () => {
    await page.goto('/admin/settings?tab=members');
    const row = page.getByRole('listitem', { name: 'Sam Suspendme' });
    await row.getByRole('button', { name: 'Suspend', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Suspend Sam Suspendme?' });
    await shows(dialog.getByText('is signed out everywhere at once'));
    await dialog.getByLabel('Reason (optional)').fill('Shared the invite link in a public group');
    await shot(page, 'confirm-suspend');
    await expectAccessible(page, 'suspend confirmation');
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await expectToast(page, 'Sam Suspendme was suspended');
    expect((await member('Sam Suspendme'))?.status).toBe('suspended');
    expect((await lastAudit('member.suspended'))?.details).toMatchObject({
      reason: 'Shared the invite link in a public group',
    });

    await page.locator('.toast').getByRole('button', { name: 'Undo' }).click();
    await expectToast(page, 'Sam Suspendme was reinstated');
    await expect.poll(async () => (await member('Sam Suspendme'))?.status).toBe('active');
    await shows(row.getByRole('button', { name: 'Suspend', exact: true }));
  });

  it('When a role change is confirmed and undone, then the member has their old role back', async () => {
    const row = page.getByRole('listitem', { name: 'Rory Rolechange' });
    await row.getByLabel('Role of Rory Rolechange').selectOption('organiser');
    const dialog = page.getByRole('alertdialog', { name: "Change Rory Rolechange's role to organiser?" });
    await shows(dialog);
    // Nothing is saved before the confirmation.
    expect((await member('Rory Rolechange'))?.role).toBe('member');
    await dialog.getByRole('button', { name: 'Change role' }).click();
    await expectToast(page, 'Rory Rolechange is now organiser');
    expect((await member('Rory Rolechange'))?.role).toBe('organiser');
    await page.locator('.toast').getByRole('button', { name: 'Undo' }).click();
    await expectToast(page, 'Rory Rolechange is now member');
    await expect.poll(async () => (await member('Rory Rolechange'))?.role).toBe('member');
    expect(await row.getByLabel('Role of Rory Rolechange').inputValue()).toBe('member');
  });

  it('When deleting, then the name must be typed first and the reason lands in the audit entry', async () => {
    const row = page.getByRole('listitem', { name: 'Dana Deleteme' });
    await row.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Dana Deleteme?' });
    const confirm = dialog.getByRole('button', { name: 'Delete member' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Reason (optional)').fill('Asked to leave by their parent');
    await dialog.getByLabel('Type Dana Deleteme to confirm').fill('Dana');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Type Dana Deleteme to confirm').fill('dana deleteme');
    await shot(page, 'confirm-delete');
    await confirm.click();
    await expectToast(page, 'Dana Deleteme was deleted');
    expect(await member('Dana Deleteme')).toBeNull();
    expect((await lastAudit('member.deleted'))?.details).toMatchObject({ reason: 'Asked to leave by their parent' });
  });

  it('When the admin finds their own row, then its role, suspend and delete are off and say why', async () => {
    const row = page.getByRole('listitem', { name: 'Alex Admin' });
    await shows(row.getByText('This is you: another admin must change your role, suspend or delete your account.'));
    expect(await row.getByLabel('Role of Alex Admin').isDisabled()).toBe(true);
    expect(await row.getByRole('button', { name: 'Suspend', exact: true }).isDisabled()).toBe(true);
    expect(await row.getByRole('button', { name: 'Delete', exact: true }).isDisabled()).toBe(true);
    // Their age and consent stay theirs to see.
    expect(await row.getByRole('button', { name: 'Age and consent of Alex Admin' }).isDisabled()).toBe(false);
  });

  it('When an organiser has nothing waiting, then their home shows no Needs you at all', async () => {
    const organiser = await app.deps.prisma.user.create({ data: { name: 'Olga Organiser', role: 'organiser' } });
    const context = await newTestContext(browser, { baseURL: app.url, viewport: SIZES.phone });
    const own = await context.newPage();
    await signInAs(own, organiser);
    const answered = own.waitForResponse((response) => response.url().endsWith('/api/admin/needs'));
    await own.goto('/');
    expect((await answered).status()).toBe(200);
    await settle(own);
    await shows(own.getByRole('heading', { name: /Welcome/ }));
    expect(await own.getByRole('region', { name: 'Needs you' }).count()).toBe(0);
    await context.close();
  });

  it('When the admin pages open in English, German and Arabic, light and dark, then the tab bar is one row on a phone', async () => {
    for (const language of ['en', 'de', 'ar'] as const) {
      await app.deps.prisma.user.update({ where: { id: admin.id }, data: { language } });
      for (const scheme of SCHEMES) {
        // One page per language and scheme, resized from phone to desktop.
        const context = await newTestContext(browser, { baseURL: app.url, viewport: SIZES.phone, colorScheme: scheme });
        const own = await context.newPage();
        own.setDefaultTimeout(30_000);
        await signInAs(own, admin);
        for (const [size, viewport] of Object.entries(SIZES)) {
          await own.setViewportSize(viewport);
          await own.goto('/');
          await shows(own.locator('#needs-you-title'));
          await settle(own);
          await shot(own, `home-${language}-${size}-${scheme}`);
          for (const tab of ['members', 'setup']) {
            await own.goto(`/admin/settings?tab=${tab}`);
            await shows(own.getByRole('tabpanel'));
            await settle(own);
            const bar = await own.getByRole('tablist').evaluate((list) => {
              const tops = [...list.querySelectorAll('[role="tab"]')].map((tab) => tab.getBoundingClientRect().top);
              return { rows: new Set(tops).size, overflow: list.scrollWidth - list.clientWidth };
            });
            expect(bar.rows, `tab rows (${language}, ${size}, ${scheme})`).toBe(1);
            // Every tab whole on the screen: the sideways scroll is only a fallback for narrower phones.
            expect(bar.overflow, `tab bar overflow (${language}, ${size}, ${scheme})`).toBe(0);
            await shot(own, `admin-${tab}-${language}-${size}-${scheme}`);
          }
        }
        await context.close();
      }
    }
    await app.deps.prisma.user.update({ where: { id: admin.id }, data: { language: null } });
  }, 420_000);

  async function shot(target: Page, name: string) {
    const dir = path.join(ARTIFACTS_DIR, 'web', 'leader-needs');
    mkdirSync(dir, { recursive: true });
    await target.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true, animations: 'disabled' });
  }
});
